// A class mock end to end: a tutor schedules it in the admin area, a student on a phone sees the
// countdown to its opening, starts it once it is open, answers and submits, and reads only
// "Submitted" until the tutor closes the board with Release results; then the result shows.
// The server's clock cannot be moved from a test: the opening and the close come by ageing the
// class mock's row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeCatalog } from '../server/test/fixtures';
import { signUpAndIn, STUDENT, startTestServer, type TestServer } from '../server/test/harness';
import { signInSchoolStaff, STAFF_PASSWORD } from '../server/test/schools';
import { launchBrowser, watchConsole } from './browser';
import { submitSignIn, unexpectedErrors } from './pageHelpers';

let t: TestServer;
let browser: Browser;
let staffPage: Page;
let studentPage: Page;
let staffErrors: string[] = [];
let studentErrors: string[] = [];
const TUTOR = 'tutor@kumasi.example.com';

/** "2026-11-27T14:05" in UTC: what a datetime-local field takes in a browser on Ghana's time. */
const fieldValue = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** Moves the class mock's times `seconds` earlier, as if that much time had gone by. */
async function age(seconds: number) {
  const cm = await t.db.selectFrom('class_mocks').selectAll().executeTakeFirstOrThrow();
  const shift = (iso: string) => new Date(new Date(iso).getTime() - seconds * 1000).toISOString();
  await t.db
    .updateTable('class_mocks')
    .set({ opens_at: shift(cm.opens_at), closes_at: shift(cm.closes_at) })
    .execute();
}

beforeAll(async () => {
  t = await startTestServer();
  await makeCatalog(t.db);
  await signUpAndIn(t);
  const school = await t.db
    .selectFrom('schools')
    .select('id')
    .where('name', '=', STUDENT.school)
    .executeTakeFirstOrThrow();
  await signInSchoolStaff(t, { schoolId: school.id, role: 'tutor', email: TUTOR });

  browser = await launchBrowser();
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
  staffPage = await staff.newPage();
  staffPage.setDefaultTimeout(25_000);
  staffErrors = watchConsole(staffPage);
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, timezoneId: 'UTC' });
  studentPage = await phone.newPage();
  studentPage.setDefaultTimeout(25_000);
  studentErrors = watchConsole(studentPage);
  await submitSignIn(studentPage, t.url, { email: STUDENT.email, password: STUDENT.password1 });
  await studentPage.waitForURL('**/dashboard');
  await submitSignIn(staffPage, t.url, { email: TUTOR, password: STAFF_PASSWORD });
  await staffPage.waitForURL('**/admin');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a class mock, scheduled, sat and released', { timeout: 90_000 }, () => {
  it('is scheduled by a tutor in the admin area', async () => {
    await staffPage.goto(`${t.url}/admin?tab=class-mocks`);
    await staffPage.getByLabel('Mock exam').selectOption({ label: 'Mock Exam 1' });
    const opens = Date.now() + 3 * 3600_000;
    await staffPage.getByLabel('Opens at').fill(fieldValue(opens));
    await staffPage.getByLabel('Closes at').fill(fieldValue(opens + 3600_000));
    await staffPage.getByLabel('Results').selectOption('manual');
    await staffPage.getByRole('button', { name: 'Schedule class mock' }).click();
    await staffPage.getByText('Class mock scheduled.').waitFor();
    await staffPage.getByRole('cell', { name: 'Upcoming' }).waitFor();
    const row = await t.db.selectFrom('class_mocks').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ release: 'manual', program_of_study: null, released_at: null });
    expect(Date.parse(row.closes_at) - Date.parse(row.opens_at)).toBe(3600_000);
  });

  it('counts down on the student’s dashboard and list, and starts once open', async () => {
    await studentPage.goto(`${t.url}/dashboard`);
    await expect
      .poll(() => studentPage.getByTestId('class-mock').textContent(), { timeout: 15_000 })
      .toBe('Class mock: Mock Exam 1');
    await studentPage.getByText(/^Opens in 2 h 5\d min\.$/).waitFor();
    await studentPage.goto(`${t.url}/class-mocks`);
    const status = studentPage.locator('[data-testid^="class-mock-"]');
    const first = await status.textContent();
    expect(first).toMatch(/^Opens in 2 h 5\d min$/);
    expect(await studentPage.getByRole('button', { name: 'Start' }).count()).toBe(0);

    // Three hours later: open.
    await age(3 * 3600 + 5);
    await studentPage.reload();
    await studentPage.getByText(/^Open: closes in 5\d min \d+ s$/).waitFor();
    await studentPage.getByRole('button', { name: 'Start' }).click();
    await studentPage.waitForURL('**/quiz/session/*');
    await studentPage.getByTestId('countdown').waitFor();
    for (let i = 1; i <= 3; i++) {
      await studentPage.getByRole('button', { name: new RegExp(`^Question ${i},`) }).click();
      await studentPage.getByText(`Question ${i} of 5`).waitFor();
      await studentPage.locator('[data-option="A"]').click();
    }
    await studentPage.getByText('All answers saved').waitFor();
    await studentPage.getByRole('button', { name: 'Quit & Submit' }).click();
    await studentPage
      .getByRole('alertdialog', { name: 'Submit quiz?' })
      .getByRole('button', { name: 'Submit', exact: true })
      .click();
    await studentPage.waitForURL('**/quiz/result/*');
    await studentPage.getByText('Submitted. Results are released when your tutors release them.').waitFor();
    expect(await studentPage.getByTestId('percentage').count()).toBe(0);
    expect(await t.db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });

  it('shows the tutor the live board, and the result after Release results', async () => {
    await staffPage.getByRole('button', { name: 'Live board' }).click();
    const counts = staffPage.getByTestId('board-counts');
    await expect.poll(() => counts.innerText()).toMatch(/Students\s+1[\s\S]*Submitted\s+1/i);
    await staffPage.getByRole('cell', { name: 'Submitted' }).waitFor();

    await staffPage.getByRole('button', { name: 'Release results' }).click();
    await staffPage.getByText(/^Results can be released once the class mock closes/).waitFor();
    await age(3600);
    await staffPage.getByRole('button', { name: 'Release results' }).click();
    await staffPage.getByText(/^Results released /).waitFor();

    await studentPage.reload();
    await studentPage.getByTestId('percentage').waitFor();
    const shown = await studentPage.getByTestId('percentage').textContent();
    const result = await t.db.selectFrom('quiz_results').selectAll().executeTakeFirstOrThrow();
    expect(shown).toBe(`${result.percentage}%`);
    // The browser logs the refusals it was meant to get (the held-back result, the early release).
    const refused = /status of (403|409)/;
    expect(unexpectedErrors([...staffErrors, ...studentErrors]).filter((e) => !refused.test(e))).toEqual([]);
  });
});
