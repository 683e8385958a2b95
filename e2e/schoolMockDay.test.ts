// A school's class mock in Chromium, from class list to result, as its people live it: the school
// admin enrols a class from a spreadsheet (every row to fix listed first); a tutor schedules a
// class mock; a student of the list opens the mailed invitation on a 360 px phone, chooses a
// password, sees the countdown, starts once the mock is open, answers and submits, and reads only
// "Submitted" until the tutor presses Release results; then the result shows. Staff of a second
// school find none of it on their screens, and their calls for it are refused.
// The server's clock cannot be moved from a test: the opening and the close come by ageing the
// class mock's row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import Papa from 'papaparse';
import { takeQuiz } from '../server/test/attempts';
import { insertProgram, makeCatalog, rpc } from '../server/test/fixtures';
import { linkIn, signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { insertSchool, signInSchoolStaff, STAFF_PASSWORD } from '../server/test/schools';
import { accessibilityProblems } from './accessibility';
import { poll, SUITE_OPTIONS, xlsxOf } from './adminSession';
import { launchBrowser, screenshot, watchConsole } from './browser';
import { submitSignIn, unexpectedErrors } from './pageHelpers';

const SCHOOL_A = 'Tamale Test College';
const SCHOOL_B = 'Bolgatanga Test College';
const HEAD = 'head@tamale.example.com';
const TUTOR = 'tutor@tamale.example.com';
const RIVAL = 'head@bolgatanga.example.com';
const KWESI = { email: 'kwesi@bolgatanga.example.com', full_name: 'Kwesi Badu', school: SCHOOL_B };
const EFUA = 'efua.asante@example.com';
const CLASS = [
  ['Full Name', 'Email', 'Programme'],
  ['Kofi Boateng', 'kofi.boateng@example.com', 'General Nursing'],
  ['Efua Asante', EFUA, 'Midwifery'],
];
const csv = (rows: string[][]) => Buffer.from(Papa.unparse(rows), 'utf8');

let t: TestServer;
let schoolA: { id: number };
let rivalApi: ReturnType<typeof rpc>;
let browser: Browser;
/** One browser context a person: a fresh sign-in, cookies and storage of their own. */
let head: Page;
let tutor: Page;
let phone: Page;
const errors = { head: [] as string[], tutor: [] as string[], phone: [] as string[] };

/** "2026-11-27T14:05" in UTC: what a datetime-local field takes in a browser on Ghana's time. */
const fieldValue = (ms: number) => new Date(ms).toISOString().slice(0, 16);

async function classMockOfA() {
  return t.db
    .selectFrom('class_mocks')
    .selectAll()
    .where('school_id', '=', schoolA.id)
    .executeTakeFirstOrThrow();
}

/** Moves school A's class mock `seconds` earlier, as if that much time had gone by. */
async function age(seconds: number) {
  const cm = await classMockOfA();
  const shift = (iso: string) => new Date(new Date(iso).getTime() - seconds * 1000).toISOString();
  await t.db
    .updateTable('class_mocks')
    .set({ opens_at: shift(cm.opens_at), closes_at: shift(cm.closes_at) })
    .where('id', '=', cm.id)
    .execute();
}

async function newPage(viewport: {
  width: number;
  height: number;
}): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  // Ghana keeps UTC all year; the schedule form's datetime-local fields are read in it.
  const context = await browser.newContext({ viewport, timezoneId: 'UTC' });
  const page = await context.newPage();
  page.setDefaultTimeout(25_000);
  return { page, context, errors: watchConsole(page) };
}

async function staffPage(email: string) {
  const staff = await newPage({ width: 1280, height: 900 });
  await submitSignIn(staff.page, t.url, { email, password: STAFF_PASSWORD });
  await staff.page.waitForURL(`${t.url}/admin`);
  return staff;
}

/** What the student's bell holds: a held-back result writes nothing until its release. */
const notificationsOf = (email: string) =>
  t.db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select(['notifications.id', 'notifications.title'])
    .where('users.email', '=', email)
    .execute();

const tabOf = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/** Full page from the top, audited with axe (serious and critical WCAG A/AA problems). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
  expect(await accessibilityProblems(page), name).toEqual([]);
}

beforeAll(async () => {
  t = await startTestServer();
  const catalog = await makeCatalog(t.db);
  await insertProgram(t.db, 'Midwifery');
  schoolA = await insertSchool(t.db, SCHOOL_A);
  const schoolB = await insertSchool(t.db, SCHOOL_B);
  await signInSchoolStaff(t, { schoolId: schoolA.id, role: 'school_admin', email: HEAD });
  await signInSchoolStaff(t, { schoolId: schoolA.id, role: 'tutor', email: TUTOR });
  // School B has a student with a result and a class mock of its own, so that its staff's screens
  // have something to show beside what they must not.
  rivalApi = await signInSchoolStaff(t, { schoolId: schoolB.id, role: 'school_admin', email: RIVAL });
  const kwesi = await signUpAndIn(t, KWESI);
  await takeQuiz(rpc(t, kwesi.access), catalog, 'practice', 'A');
  const tomorrow = Date.now() + 24 * 3600_000;
  const own = await rivalApi.mutate('admin.classMocks.create', {
    mock_exam_set_id: catalog.mockSet.id,
    opens_at: new Date(tomorrow).toISOString(),
    closes_at: new Date(tomorrow + 3600_000).toISOString(),
    release: 'manual',
  });
  expect(own.status).toBe(200);

  browser = await launchBrowser();
  const [h, tu, ph] = await Promise.all([
    staffPage(HEAD),
    staffPage(TUTOR),
    newPage({ width: 360, height: 740 }),
  ]);
  [head, tutor, phone] = [h.page, tu.page, ph.page];
  [errors.head, errors.tutor, errors.phone] = [h.errors, tu.errors, ph.errors];
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a class from enrolment to class mock result, unseen by another school', SUITE_OPTIONS, () => {
  it('is enrolled by its school admin from a class list, every row to fix listed first', async () => {
    await tabOf(head, 'Enrol students').click();
    await head.waitForURL(`${t.url}/admin/enrol`);
    await head.getByText(`School: ${SCHOOL_A}`).waitFor();

    // A file with a mistake: every row to fix is listed, and nothing is saved.
    const file = head.getByLabel('Class list file');
    await file.setInputFiles({
      name: 'class.csv',
      mimeType: 'text/csv',
      buffer: csv([...CLASS, ['Yaw Darko', 'yaw.darko', 'Astronomy']]),
    });
    await head.getByRole('button', { name: 'Preview' }).click();
    const fixes = head.getByRole('table', { name: 'Rows to fix' });
    await fixes.getByText('"yaw.darko" is not a valid e-mail address.').waitFor();
    await fixes.getByText('"Astronomy" is not a programme of this school', { exact: false }).waitFor();
    await head.getByText('1 row of the file needs fixing; nothing was saved.', { exact: false }).waitFor();
    expect(await head.getByRole('button', { name: /^Invite/ }).count()).toBe(0);
    await shot(head, 'enrol-rows-to-fix');
    expect(await t.db.selectFrom('invitations').selectAll().execute()).toEqual([]);

    // The class list fixed, saved from the spreadsheet program as a workbook.
    await file.setInputFiles({
      name: 'class.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsxOf(CLASS),
    });
    await head.getByRole('button', { name: 'Preview' }).click();
    await head.getByText('The file is valid: 2 students would be invited', { exact: false }).waitFor();
    await head.getByRole('button', { name: 'Invite 2 students' }).click();
    await head.getByText(`2 students invited to ${SCHOOL_A}`, { exact: false }).waitFor();
    const invitations = head.getByRole('table', { name: 'Invitations' });
    await poll(() => invitations.getByRole('row').count()).toBe(3);
    await poll(() => invitations.getByText('Pending', { exact: true }).count()).toBe(2);
    await shot(head, 'enrol-invited');
    const rows = await t.db
      .selectFrom('invitations')
      .select(['email', 'school_id', 'state'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: EFUA, school_id: schoolA.id, state: 'pending' },
      { email: 'kofi.boateng@example.com', school_id: schoolA.id, state: 'pending' },
    ]);
    expect(errors.head).toEqual([]);
  });

  it('gets a class mock, scheduled by a tutor for the whole school', async () => {
    await tabOf(tutor, 'Class Mocks').click();
    await tutor.waitForURL(`${t.url}/admin?tab=class-mocks`);
    await tutor.getByLabel('Mock exam').selectOption({ label: 'Mock Exam 1' });
    const opens = Date.now() + 3 * 3600_000;
    await tutor.getByLabel('Opens at').fill(fieldValue(opens));
    await tutor.getByLabel('Closes at').fill(fieldValue(opens + 3600_000));
    await tutor.getByLabel('Results').selectOption('manual');
    await tutor.getByRole('button', { name: 'Schedule class mock' }).click();
    await tutor.getByText('Class mock scheduled.').waitFor();
    await tutor.getByRole('cell', { name: 'Upcoming' }).waitFor();
    // The list is the school's own: not school B's class mock of the same set.
    await tutor.getByRole('cell', { name: SCHOOL_A }).waitFor();
    expect(await tutor.getByRole('cell', { name: SCHOOL_B }).count()).toBe(0);
    const row = await classMockOfA();
    expect(row).toMatchObject({ release: 'manual', program_of_study: null, released_at: null });
    expect(Date.parse(row.closes_at) - Date.parse(row.opens_at)).toBe(3600_000);
  });

  it('lets a student of the list accept the mailed invitation on a phone, once', async () => {
    const mail = await t.waitForMail(EFUA, /invites you/);
    await phone.goto(linkIn(mail.text));
    await phone.getByRole('heading', { name: 'Welcome, Efua Asante' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await accessibilityProblems(phone)).toEqual([]);
    await screenshot(phone, 'invitation-360');

    await phone.getByLabel('Password', { exact: true }).fill('Savanna-Lantern-2024');
    await phone.getByLabel('Confirm password', { exact: true }).fill('Savanna-Lantern-2024');
    await phone.getByRole('button', { name: 'Create my account' }).click();
    await phone.waitForURL('**/dashboard');
    await phone.getByRole('heading', { name: 'Welcome, Efua Asante!' }).waitFor();
    // Her first dashboard already counts down to the class mock.
    await poll(() => phone.getByTestId('class-mock').textContent()).toBe('Class mock: Mock Exam 1');
    await phone.getByText(/^Opens in 2 h 5\d min\.$/).waitFor();
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', EFUA)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ school_id: schoolA.id, program_of_study: 'Midwifery', is_staff: 0 });

    // The link is used up: opening it again says so and creates nothing.
    await phone.goto(linkIn(mail.text));
    await phone.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    await phone.getByText('This invitation has already been used', { exact: false }).waitFor();
    expect(await accessibilityProblems(phone)).toEqual([]);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', EFUA).execute()).toHaveLength(1);

    // The school admin's list shows it accepted.
    await head.reload();
    await poll(() =>
      head.getByRole('table', { name: 'Invitations' }).getByText('Accepted', { exact: true }).count(),
    ).toBe(1);
  });

  it('counts down on the student’s list, starts once open, and holds the result back', async () => {
    await phone.goto(`${t.url}/class-mocks`);
    const status = phone.locator('[data-testid^="class-mock-"]');
    expect(await status.textContent()).toMatch(/^Opens in 2 h 5\d min$/);
    expect(await phone.getByRole('button', { name: 'Start' }).count()).toBe(0);

    // Three hours later: open.
    await age(3 * 3600 + 5);
    await phone.reload();
    await phone.getByText(/^Open: closes in 5\d min \d+ s$/).waitFor();
    await phone.getByRole('button', { name: 'Start' }).click();
    await phone.waitForURL('**/quiz/session/*');
    await phone.getByTestId('countdown').waitFor();
    for (let i = 1; i <= 3; i++) {
      await phone.getByRole('button', { name: new RegExp(`^Question ${i},`) }).click();
      await phone.getByText(`Question ${i} of 5`).waitFor();
      await phone.locator('[data-option="A"]').click();
    }
    await phone.getByText('All answers saved').waitFor();
    await phone.getByRole('button', { name: 'Quit & Submit' }).click();
    await phone
      .getByRole('alertdialog', { name: 'Submit quiz?' })
      .getByRole('button', { name: 'Submit', exact: true })
      .click();
    await phone.waitForURL('**/quiz/result/*');
    await phone.getByText('Submitted. Results are released when your tutors release them.').waitFor();
    expect(await phone.getByTestId('percentage').count()).toBe(0);
    expect(await notificationsOf(EFUA)).toEqual([]);
  });

  it('shows the tutor the live board, and the student the result after Release results', async () => {
    await tutor.getByRole('button', { name: 'Live board' }).click();
    const counts = tutor.getByTestId('board-counts');
    await poll(() => counts.innerText()).toMatch(/Students\s+1[\s\S]*Submitted\s+1/i);
    await tutor.getByRole('cell', { name: 'Submitted' }).waitFor();
    await tutor.getByRole('cell', { name: 'Efua Asante' }).waitFor();
    expect(await tutor.getByRole('cell', { name: KWESI.full_name }).count()).toBe(0);

    await tutor.getByRole('button', { name: 'Release results' }).click();
    await tutor.getByText(/^Results can be released once the class mock closes/).waitFor();
    await age(3600);
    await tutor.getByRole('button', { name: 'Release results' }).click();
    await tutor.getByText(/^Results released /).waitFor();

    await phone.reload();
    await phone.getByTestId('percentage').waitFor();
    const shown = await phone.getByTestId('percentage').textContent();
    const result = await t.db
      .selectFrom('quiz_results')
      .innerJoin('users', 'users.id', 'quiz_results.user_id')
      .select('quiz_results.percentage')
      .where('users.email', '=', EFUA)
      .executeTakeFirstOrThrow();
    expect(shown).toBe(`${result.percentage}%`);
    expect(await notificationsOf(EFUA)).toHaveLength(1);
    // The browsers log the refusals they were meant to get, and nothing else: the early release
    // (409); the used link (400) and the held-back result (403).
    expect(errors.head).toEqual([]);
    expect(unexpectedErrors(errors.tutor).filter((e) => !/status of 409/.test(e))).toEqual([]);
    expect(unexpectedErrors(errors.phone).filter((e) => !/status of (400|403)/.test(e))).toEqual([]);
  });

  it('shows staff of another school none of it, and refuses their calls for it', async () => {
    const rival = await staffPage(RIVAL);
    const page = rival.page;
    const main = page.locator('main');
    await poll(() => page.getByTestId('admin-scope').innerText()).toBe(`School admin · ${SCHOOL_B}`);

    await tabOf(page, 'Enrol students').click();
    await page.getByText(`School: ${SCHOOL_B}`).waitFor();
    await page.getByText('No invitations yet.').waitFor();
    expect(await main.innerText()).not.toMatch(/efua|kofi/i);

    await tabOf(page, 'Users').click();
    const users = page.getByRole('region', { name: 'Users list' });
    await users.getByText(KWESI.email).waitFor();
    expect(await users.innerText()).not.toMatch(/efua|tamale/i);

    await tabOf(page, 'Quiz Results').click();
    await main.getByText(KWESI.email).first().waitFor();
    expect(await main.innerText()).not.toMatch(/efua/i);

    // Their own class mock of the same set alone, and its board lists their own students alone.
    await tabOf(page, 'Class Mocks').click();
    await page.getByRole('cell', { name: SCHOOL_B }).waitFor();
    expect(await page.getByRole('button', { name: 'Live board' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Live board' }).click();
    await poll(() => page.getByTestId('board-counts').innerText()).toMatch(/Students\s+1\b/i);
    await page.getByRole('cell', { name: KWESI.full_name }).waitFor();
    expect(await main.innerText()).not.toMatch(/efua/i);
    expect(rival.errors).toEqual([]);

    // Their calls for school A's records, by id: not found, and nothing changes.
    const cm = await classMockOfA();
    const efua = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', EFUA)
      .executeTakeFirstOrThrow();
    const kofi = await t.db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', 'kofi.boateng@example.com')
      .executeTakeFirstOrThrow();
    const result = await t.db
      .selectFrom('quiz_results')
      .select('id')
      .where('user_id', '=', efua.id)
      .executeTakeFirstOrThrow();
    const before = await schoolARecords(efua.id);
    const calls: [string, 'query' | 'mutate', unknown][] = [
      ['enrol.invitations', 'query', { school_id: schoolA.id }],
      ['enrol.resend', 'mutate', { id: kofi.id }],
      ['enrol.withdraw', 'mutate', { id: kofi.id }],
      ['admin.classMocks.board', 'query', { id: cm.id }],
      ['admin.classMocks.release', 'mutate', { id: cm.id }],
      ['admin.classMocks.cancel', 'mutate', { id: cm.id }],
      ['admin.setUserActive', 'mutate', { id: efua.id, active: false }],
      ['results.byId', 'query', { id: result.id }],
    ];
    for (const [path, kind, input] of calls) {
      const answer =
        kind === 'query' ? await rivalApi.query(path, input) : await rivalApi.mutate(path, input);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.text).not.toMatch(/efua|kofi|\.ts:\d+/i);
    }
    const rest = await t.api('GET', `/api/exams/results/${result.id}/`, { token: rivalApi.token });
    expect(rest.status).toBe(404);
    const listed = await rivalApi.query<{ email: string }[]>('admin.users', { search: 'efua' });
    expect(listed.data).toEqual([]);
    expect(await schoolARecords(efua.id)).toEqual(before);
    await rival.context.close();
  });
});

/** School A's rows that another school's calls could change. */
async function schoolARecords(userId: number) {
  return {
    invitations: await t.db.selectFrom('invitations').selectAll().orderBy('id').execute(),
    classMocks: await t.db.selectFrom('class_mocks').selectAll().orderBy('id').execute(),
    user: await t.db.selectFrom('users').selectAll().where('id', '=', userId).execute(),
    results: await t.db.selectFrom('quiz_results').selectAll().where('user_id', '=', userId).execute(),
  };
}
