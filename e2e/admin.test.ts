// The admin area in Chromium against the built app (issue 5): routing and the shell, question
// upload with its preview, content forms, result filters, and students kept out.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import path from 'node:path';
import { createOrPromoteAdmin } from '../server/services/admins';
import { backupDatabase } from '../server/services/backup';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { accessibilityProblems } from './accessibility';
import { launchBrowser, screenshot, watchConsole } from './browser';
import { HEADERS } from '../shared/domain/questionFormat';
import { makeCatalog } from '../server/test/fixtures';

type Catalog = Awaited<ReturnType<typeof makeCatalog>>;
const HEADER = [...HEADERS];

const ADMIN = { email: 'registrar@nmtc.example.com', password: 'Ward-Round-Ledger-77' };

let browser: Browser;
let t: TestServer;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  t = await startTestServer();
  await createOrPromoteAdmin(t.db, ADMIN.email, ADMIN.password);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  // A stuck action fails with its own message well before the test's time limit.
  page.setDefaultTimeout(25_000);
  consoleErrors = watchConsole(page);
});
afterEach(async () => {
  await context?.close();
  await t?.close();
});

async function signIn(email: string, password: string) {
  await page.goto(`${t.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signInAsAdmin() {
  await signIn(ADMIN.email, ADMIN.password);
  await page.waitForURL(`${t.url}/admin`);
}

/** Polls a page condition; generous, because the machine also runs other suites meanwhile. */
const poll = <T>(check: () => Promise<T> | T) => expect.poll(check, { timeout: 20_000, interval: 100 });

/**
 * Full-page screenshots from the top, so the sticky top bar sits where a user sees it; every
 * screen photographed is also audited with axe (serious and critical WCAG A/AA problems).
 */
async function shot(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
  expect(await accessibilityProblems(page), name).toEqual([]);
}

const tab = (name: string) => page.getByRole('tab', { name, exact: true });

async function expectTab(name: string) {
  await poll(() => tab(name).getAttribute('aria-selected')).toBe('true');
}

async function countQuestions(): Promise<number> {
  const row = await t.db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function xlsxOf(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Questions');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function chooseUploadTarget(c: Catalog) {
  await page.getByLabel('Program', { exact: true }).selectOption({ label: c.program.name });
  await page.getByLabel('Paper', { exact: true }).selectOption({ label: c.paper.name });
  await page.getByLabel('Topic', { exact: true }).selectOption({ label: c.topic.name });
}

describe('admin area', { timeout: 90_000 }, () => {
  it('routes every admin path to its tab, sends unknown ones to /admin, and works at 360 px', async () => {
    await signInAsAdmin();
    await expectTab('Overview');
    await poll(() => page.getByText('Average score').first().isVisible()).toBe(true);
    await poll(() => page.getByText('Mock exams').first().isVisible()).toBe(true);

    for (const [path, name] of [
      ['/admin/users', 'Users'],
      ['/admin/questions', 'Upload Questions'],
      ['/admin/settings', 'Settings'],
      ['/admin', 'Overview'],
    ]) {
      await page.goto(t.url + path);
      await expectTab(name);
    }
    await page.goto(`${t.url}/admin/no-such-page`);
    await page.waitForURL(`${t.url}/admin`);
    await expectTab('Overview');

    // Keyboard: arrows move along the tabs and the URL follows.
    await tab('Overview').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${t.url}/admin/users`);
    await expectTab('Users');
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Users');
    await page.keyboard.press('End');
    await page.waitForURL(`${t.url}/admin/settings`);

    // Settings shows the real system state.
    await poll(() => page.getByText('Connected').isVisible()).toBe(true);
    await poll(() => page.getByText('No backup taken yet').isVisible()).toBe(true);
    await poll(() => page.getByText('npm run backup').isVisible()).toBe(true);
    await poll(() => page.getByText('1.0.0').isVisible()).toBe(true);
    await shot('admin-settings-1280');
    // After `npm run backup` (the same service), Settings names the backup instead.
    const backup = await backupDatabase(t.db, t.deps.env.DATABASE_FILE, path.join(t.dataDir, 'backups'));
    await page.reload();
    await poll(() => page.getByText('Last backup').isVisible()).toBe(true);
    await poll(() => page.getByText(path.resolve(backup.file)).isVisible()).toBe(true);
    expect(await page.getByText('No backup taken yet').count()).toBe(0);

    await page.goto(`${t.url}/admin`);
    await page.getByText('NMC PREP RN').waitFor();
    await shot('admin-overview-1280');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await shot('admin-overview-dark-1280');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();

    await page.setViewportSize({ width: 360, height: 740 });
    const usersLink = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' });
    await poll(() => usersLink.isVisible()).toBe(false);
    await shot('admin-overview-360');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await poll(() => usersLink.isVisible()).toBe(true);
    await poll(async () => (await page.locator('#admin-sidebar').boundingBox())?.x).toBe(0);
    await shot('admin-menu-360');
    await usersLink.click();
    await page.waitForURL(`${t.url}/admin/users`);
    await expectTab('Users');
    await poll(() => usersLink.isVisible()).toBe(false);
    // The page itself never scrolls sideways at 360 px; wide tables scroll inside their box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot('admin-users-360');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    expect(consoleErrors).toEqual([]);
  });

  it('loads users, stats and results together, content after; a failed load offers Retry', async () => {
    const events: string[] = [];
    const isTrpc = (url: string) => new URL(url).pathname.startsWith('/trpc/admin.');
    page.on('request', (r) => isTrpc(r.url()) && events.push(`sent ${new URL(r.url()).pathname}`));
    page.on('requestfinished', (r) => isTrpc(r.url()) && events.push(`done ${new URL(r.url()).pathname}`));
    page.on('requestfailed', (r) => isTrpc(r.url()) && events.push(`done ${new URL(r.url()).pathname}`));
    const firstWave = (url: URL) =>
      url.pathname.startsWith('/trpc/') && /admin\.(users|stats|results)/.test(url.pathname);
    await page.route(firstWave, (route) => route.fulfill({ status: 500, body: 'down for maintenance' }));

    await signInAsAdmin();
    const statsError = page.getByRole('alert').filter({ hasText: 'Failed to load statistics.' });
    await poll(() => statsError.isVisible()).toBe(true);
    // One batched request carried all three; the content list was asked for only after they settled.
    const first = events.find((e) => e.startsWith('sent') && e.includes('admin.users')) ?? '';
    expect(first).toContain('admin.stats');
    expect(first).toContain('admin.results');
    const contentAt = events.findIndex((e) => e.startsWith('sent') && e.includes('admin.content'));
    expect(contentAt).toBeGreaterThan(events.indexOf(first.replace('sent', 'done')));
    await shot('admin-load-error-1280');

    await page.unroute(firstWave);
    await statsError.getByRole('button', { name: 'Retry' }).click();
    await poll(() => page.getByText('Average score').first().isVisible()).toBe(true);
    await tab('Users').click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to load users.' })
      .getByRole('button', { name: 'Retry' })
      .click();
    await poll(() => page.getByRole('table').getByText(ADMIN.email).isVisible()).toBe(true);
    // The forced failures are reported by Chromium itself; nothing else may reach the console.
    expect(consoleErrors.filter((e) => !/status of 500/.test(e))).toEqual([]);
  });

  it('lists users with their profile, role and activity, and searches them', async () => {
    await signUpAndIn(t, {
      email: 'kofi.boateng@example.com',
      full_name: 'Kofi Boateng',
      region_of_institution: 'Volta',
    });
    await signUpAndIn(t, {
      email: 'esi.owusu@example.com',
      full_name: 'Esi Owusu',
      school: 'Korle Bu Nursing and Midwifery Training College',
    });
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/users`);
    const table = page.getByRole('table');
    await poll(() => table.getByText('Kofi Boateng').isVisible()).toBe(true);
    await poll(() => table.getByText('Esi Owusu').isVisible()).toBe(true);
    await poll(() => table.getByText('Admin', { exact: true }).isVisible()).toBe(true);
    await poll(() => table.getByText('Volta').isVisible()).toBe(true);

    await page.getByRole('searchbox', { name: 'Search users' }).fill('korle bu');
    await poll(() => table.getByText('Kofi Boateng').count()).toBe(0);
    await poll(() => table.getByText('Esi Owusu').isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('nobody at all');
    await poll(() => page.getByText('No users match your search.').isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('previews then uploads a good .xlsx; the set shows in Content Management and for students', async () => {
    const c = await makeCatalog(t.db);
    const file = xlsxOf([
      HEADER,
      [
        'Normal adult resting heart rate?',
        '20-40',
        '60-100',
        '120-160',
        '180-200',
        'B',
        'Beats per minute at rest.',
      ],
      [
        'Which vessel carries oxygenated blood to the body?',
        'Aorta',
        'Vena cava',
        'Pulmonary artery',
        'Portal vein',
        'A',
        '',
      ],
      ['Normal systolic pressure?', '60', '90-120', '160', '200', 'B', 'mmHg in a healthy adult.'],
    ]);
    const before = await countQuestions();
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    await chooseUploadTarget(c);
    await page.getByLabel('Question file').setInputFiles({
      name: 'Cardiology Basics.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    // The template links download files with exactly the expected header row.
    const csvHref = await page.getByRole('link', { name: 'Template (.csv)' }).getAttribute('href');
    const csvTemplate = await (await fetch(t.url + csvHref)).text();
    expect(csvTemplate.split(/\r?\n/)[0]).toBe(HEADER.join(','));
    const xlsxHref = await page.getByRole('link', { name: 'Template (.xlsx)' }).getAttribute('href');
    const workbook = XLSX.read(Buffer.from(await (await fetch(t.url + xlsxHref)).arrayBuffer()));
    const sheet = workbook.Sheets[workbook.SheetNames[0]];
    expect(XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0]).toEqual(HEADER);

    await page.getByRole('button', { name: 'Preview' }).click();
    const parsed = page.getByRole('table', { name: 'Parsed questions' });
    await poll(() => parsed.getByText('Normal adult resting heart rate?').isVisible()).toBe(true);
    await poll(() => page.getByText(/3 questions would be added/).isVisible()).toBe(true);
    expect(await countQuestions()).toBe(before);
    await shot('admin-upload-preview-1280');

    await page.getByRole('button', { name: 'Upload 3 questions' }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'uploaded successfully' }).isVisible()).toBe(
      true,
    );
    expect(await countQuestions()).toBe(before + 3);
    // The form resets: practice again, nothing chosen.
    expect(await page.getByLabel('Practice test').isChecked()).toBe(true);
    expect(await page.getByLabel('Program').inputValue()).toBe('');
    await poll(() => parsed.count()).toBe(0);

    await tab('Content Management').click();
    const practiceSets = page.getByRole('region', { name: /Practice Sets/ });
    await poll(() => practiceSets.getByText('Cardiology Basics').isVisible()).toBe(true);
    await poll(() => practiceSets.getByText(/3 questions/).isVisible()).toBe(true);

    const student = await signUpAndIn(t);
    const sets = await t.api<Array<{ title: string; total_questions: number }>>(
      'GET',
      `/api/exams/topics/${c.topic.id}/practice-sets/`,
      { token: student.access },
    );
    expect(sets.status).toBe(200);
    expect(sets.body).toContainEqual(
      expect.objectContaining({ title: 'Cardiology Basics', total_questions: 3 }),
    );
    expect(consoleErrors).toEqual([]);
  });

  it('lists every failing row of a broken .csv and saves nothing', async () => {
    const c = await makeCatalog(t.db);
    const csv = [
      HEADER.join(','),
      'Good question?,a,b,c,d,A,fine',
      'Bad answer letter?,a,b,c,d,E,wrong letter',
      'Missing option?,a,,c,d,C,',
    ].join('\n');
    const before = await countQuestions();
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    await chooseUploadTarget(c);
    await page.getByLabel('Question file').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    const rows = page.getByRole('table', { name: 'Rows to fix' });
    await poll(() => rows.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    const cells = await rows.getByRole('row').allInnerTexts();
    expect(cells.some((r) => r.startsWith('3') && r.includes('correct_answer'))).toBe(true);
    expect(cells.some((r) => r.startsWith('4') && r.includes('option_b'))).toBe(true);
    await poll(() => page.getByText('File Format Issues').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Upload/ }).count()).toBe(0);
    await shot('admin-upload-errors-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot('admin-upload-errors-360');
    expect(await countQuestions()).toBe(before);
    expect(await t.db.selectFrom('practice_sets').select('title').execute()).toEqual([
      { title: c.practiceSet.title },
    ]);
    // The refused preview is an HTTP 400, which Chromium reports on the console; nothing else may.
    expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it('uploads a mock exam set under the paper with its title and time limit', async () => {
    const c = await makeCatalog(t.db);
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    await page.getByLabel('Mock exam').check();
    expect(await page.getByLabel('Topic', { exact: true }).count()).toBe(0);
    await page.getByLabel('Program', { exact: true }).selectOption({ label: c.program.name });
    await page.getByLabel('Paper', { exact: true }).selectOption({ label: c.paper.name });
    await page.getByLabel('Set title (optional)').fill('Mock Exam 2');
    await page.getByLabel('Time limit in minutes (optional)').fill('45');
    await page.getByLabel('Question file').setInputFiles({
      name: 'anything.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${HEADER.join(',')}\nWhich organ makes insulin?,Liver,Pancreas,Spleen,Kidney,B,Beta cells`,
      ),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Upload 1 question' }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'Mock Exam 2' }).isVisible()).toBe(true);
    const mock = await t.db
      .selectFrom('mock_exam_sets')
      .selectAll()
      .where('title', '=', 'Mock Exam 2')
      .executeTakeFirstOrThrow();
    expect(mock).toMatchObject({ paper_id: c.paper.id, time_limit_minutes: 45 });
    expect(await page.getByLabel('Practice test').isChecked()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('validates the upload form before sending anything', async () => {
    await makeCatalog(t.db);
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await poll(() =>
      page.getByRole('alert').filter({ hasText: 'Please choose a file to upload.' }).isVisible(),
    ).toBe(true);
    await page
      .getByLabel('Question file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByRole('button', { name: 'Preview' }).click();
    await poll(() => page.getByText('Please choose an .xlsx, .xls or .csv file.').isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the failure messages of SPEC 8 and clears errors after 10 s and success after 8 s', async () => {
    const c = await makeCatalog(t.db);
    await page.clock.install();
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    await chooseUploadTarget(c);
    await page.getByLabel('Question file').setInputFiles({
      name: 'One question.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER.join(',')}\nWhich vitamin is made in the skin?,A,B,C,D,D,Sunlight`),
    });
    const preview = page.getByRole('button', { name: 'Preview' });
    const uploadUrl = '**/api/admin/upload-questions/';

    await page.route(uploadUrl, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await preview.click();
    const serverError = page.getByText(
      'Server error occurred while processing your file. Please check the file format and try again.',
    );
    await poll(() => serverError.isVisible()).toBe(true);
    await poll(() =>
      page.getByText('Make sure your file has the correct column headers and data format.').isVisible(),
    ).toBe(true);
    await page.clock.fastForward(9_000);
    expect(await serverError.isVisible()).toBe(true);
    await page.clock.fastForward(1_500);
    await poll(() => serverError.count()).toBe(0);

    await page.unroute(uploadUrl);
    await page.route(uploadUrl, (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"success":false}' }),
    );
    await preview.click();
    await poll(() => page.getByText('Upload failed', { exact: true }).isVisible()).toBe(true);

    await page.unroute(uploadUrl);
    await page.route(uploadUrl, (route) => route.abort('internetdisconnected'));
    await preview.click();
    await poll(() =>
      page.getByText('Upload failed. Please check your connection and try again.').isVisible(),
    ).toBe(true);

    await page.unroute(uploadUrl);
    await preview.click();
    await page.getByRole('button', { name: 'Upload 1 question' }).click();
    const success = page.getByRole('status').filter({ hasText: 'uploaded successfully' });
    await poll(() => success.isVisible()).toBe(true);
    await page.clock.fastForward(7_000);
    expect(await success.isVisible()).toBe(true);
    await page.clock.fastForward(1_500);
    await poll(() => success.count()).toBe(0);
    // The forced failures above are reported by Chromium itself; nothing else may reach the console.
    expect(consoleErrors.filter((e) => !/status of (500|400)|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });

  it('creates, renames, deactivates and reactivates content through the forms', async () => {
    await signInAsAdmin();
    await tab('Content Management').click();
    await page.waitForURL(`${t.url}/admin?tab=content`);

    const programs = page.getByRole('region', { name: /^Programs/ });
    await programs.getByRole('button', { name: 'Add program' }).click();
    const programForm = page.getByRole('form', { name: 'Add program' });
    await programForm.getByRole('button', { name: 'Add program' }).click();
    await poll(() => programForm.getByText('Enter a program name.').isVisible()).toBe(true);
    await programForm.getByLabel('Program name').fill('Registered Midwifery');
    // Hold the call back to see the form wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/admin.createProgram*', async (route) => {
      await held;
      await route.continue();
    });
    await programForm.getByRole('button', { name: 'Add program' }).click();
    await poll(() => programForm.getByRole('button', { name: 'Adding...' }).isDisabled()).toBe(true);
    release();
    await poll(() => programs.getByText('Registered Midwifery', { exact: true }).isVisible()).toBe(true);
    await page.unroute('**/trpc/admin.createProgram*');
    // The server refuses a second program of the same name, and its sentence is shown.
    await programForm.getByLabel('Program name').fill('Registered Midwifery');
    await programForm.getByRole('button', { name: 'Add program' }).click();
    await poll(() => programForm.getByText('A program with this name already exists.').isVisible()).toBe(
      true,
    );
    expect(await t.db.selectFrom('programs').select('id').execute()).toHaveLength(1);

    const papers = page.getByRole('region', { name: /^Papers/ });
    await papers.getByRole('button', { name: 'Add paper' }).click();
    const paperForm = page.getByRole('form', { name: 'Add paper' });
    await paperForm.getByLabel('Paper name').fill('Paper 2: Obstetrics');
    await paperForm.getByRole('button', { name: 'Add paper' }).click();
    await poll(() => paperForm.getByText('Choose a program.').isVisible()).toBe(true);
    await paperForm.getByLabel('Program').selectOption({ label: 'Registered Midwifery' });
    await paperForm.getByRole('button', { name: 'Add paper' }).click();
    await poll(() => papers.getByText('Paper 2: Obstetrics', { exact: true }).isVisible()).toBe(true);

    const topics = page.getByRole('region', { name: /^Topics/ });
    await topics.getByRole('button', { name: 'Add topic' }).click();
    const topicForm = page.getByRole('form', { name: 'Add topic' });
    await topicForm.getByLabel('Program').selectOption({ label: 'Registered Midwifery' });
    await topicForm.getByLabel('Paper').selectOption({ label: 'Paper 2: Obstetrics' });
    await topicForm.getByLabel('Topic name').fill('Antenatal care');
    await topicForm.getByRole('button', { name: 'Add topic' }).click();
    await poll(() => topics.getByText('Antenatal care', { exact: true }).isVisible()).toBe(true);

    const program = await t.db.selectFrom('programs').selectAll().executeTakeFirstOrThrow();
    const paper = await t.db.selectFrom('papers').selectAll().executeTakeFirstOrThrow();
    const topic = await t.db.selectFrom('topics').selectAll().executeTakeFirstOrThrow();
    expect(program.name).toBe('Registered Midwifery');
    expect(paper).toMatchObject({ name: 'Paper 2: Obstetrics', program_id: program.id });
    expect(topic).toMatchObject({ name: 'Antenatal care', paper_id: paper.id });

    await topics.getByRole('button', { name: 'Edit Antenatal care' }).click();
    const editForm = page.getByRole('form', { name: 'Edit Antenatal care' });
    await editForm.getByLabel('Name').fill('Antenatal and postnatal care');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await poll(() => topics.getByText('Antenatal and postnatal care').isVisible()).toBe(true);

    await topics.getByRole('button', { name: 'Deactivate Antenatal and postnatal care' }).click();
    await poll(() => topics.getByText('Inactive').isVisible()).toBe(true);
    expect((await t.db.selectFrom('topics').selectAll().executeTakeFirstOrThrow()).is_active).toBe(0);
    await topics.getByRole('button', { name: 'Reactivate Antenatal and postnatal care' }).click();
    await poll(() => topics.getByText('Inactive').count()).toBe(0);
    expect((await t.db.selectFrom('topics').selectAll().executeTakeFirstOrThrow()).is_active).toBe(1);
    // Sets: a practice set under the new topic and a mock exam set with its time limit, then re-timed.
    await page
      .getByRole('region', { name: /^Practice Sets/ })
      .getByRole('button', { name: 'Add practice set' })
      .click();
    const practiceForm = page.getByRole('form', { name: 'Add practice set' });
    await practiceForm.getByLabel('Program').selectOption({ label: 'Registered Midwifery' });
    await practiceForm.getByLabel('Paper').selectOption({ label: 'Paper 2: Obstetrics' });
    await practiceForm.getByLabel('Topic').selectOption({ label: 'Antenatal and postnatal care' });
    await practiceForm.getByLabel('Title').fill('Antenatal drill 1');
    await practiceForm.getByRole('button', { name: 'Add practice set' }).click();
    const mockSets = page.getByRole('region', { name: /^Mock Exam Sets/ });
    await mockSets.getByRole('button', { name: 'Add mock exam set' }).click();
    const mockForm = page.getByRole('form', { name: 'Add mock exam set' });
    await mockForm.getByLabel('Program').selectOption({ label: 'Registered Midwifery' });
    await mockForm.getByLabel('Paper').selectOption({ label: 'Paper 2: Obstetrics' });
    await mockForm.getByLabel('Title').fill('Midwifery mock 1');
    await mockForm.getByLabel('Time limit (minutes)').fill('90');
    await mockForm.getByRole('button', { name: 'Add mock exam set' }).click();
    await poll(() => mockSets.getByText('Midwifery mock 1', { exact: true }).isVisible()).toBe(true);
    await mockSets.getByRole('button', { name: 'Edit Midwifery mock 1' }).click();
    const mockEdit = page.getByRole('form', { name: 'Edit Midwifery mock 1' });
    await mockEdit.getByLabel('Time limit (minutes)').fill('75');
    await mockEdit.getByRole('button', { name: 'Save' }).click();
    await poll(() => mockSets.getByText(/75 min/).isVisible()).toBe(true);
    const practiceSet = await t.db.selectFrom('practice_sets').selectAll().executeTakeFirstOrThrow();
    expect(practiceSet).toMatchObject({ title: 'Antenatal drill 1', topic_id: topic.id });
    const mockSet = await t.db.selectFrom('mock_exam_sets').selectAll().executeTakeFirstOrThrow();
    expect(mockSet).toMatchObject({ title: 'Midwifery mock 1', paper_id: paper.id, time_limit_minutes: 75 });
    await shot('admin-content-1280');
    // The refused duplicate is an HTTP 409, which Chromium reports on the console; nothing else may.
    expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });

  it("finds a student's result through the filters, and says when none match", async () => {
    const c = await makeCatalog(t.db);
    await signInAsAdmin();
    await tab('Quiz Results').click();
    await poll(() => page.getByText('No quiz results available.').isVisible()).toBe(true);

    const student = await signUpAndIn(t, { email: 'yaw.darko@example.com', full_name: 'Yaw Darko' });
    const start = await t.api<{
      session: { id: number };
      questions: Array<{ id: number; correct_answer: string }>;
    }>('POST', '/api/exams/quiz/start/', {
      token: student.access,
      body: { quiz_type: 'practice', quiz_id: c.practiceSet.id },
    });
    expect(start.status).toBe(200);
    const answers = start.body.questions
      .slice(0, 3)
      .map((q) => ({ question_id: q.id, selected_answer: q.correct_answer }));
    const submit = await t.api('POST', `/api/exams/quiz/${start.body.session.id}/submit/`, {
      token: student.access,
      body: { answers, time_spent_minutes: 4 },
    });
    expect(submit.status).toBe(200);

    await page.reload();
    const table = page.getByRole('table', { name: 'Quiz results' });
    await poll(() => table.getByText('Yaw Darko').isVisible()).toBe(true);

    await page.getByLabel('Quiz type').selectOption({ label: 'Practice tests' });
    await page.getByLabel('Program', { exact: true }).selectOption({ label: c.program.name });
    await page.getByLabel('Paper', { exact: true }).selectOption({ label: c.paper.name });
    await page
      .getByLabel('Set', { exact: true })
      .selectOption({ label: `${c.practiceSet.title} — ${c.topic.name}` });
    await poll(() => table.getByText('Yaw Darko').isVisible()).toBe(true);
    await poll(() => table.getByText('75%').isVisible()).toBe(true);
    await shot('admin-results-1280');

    // A higher choice resets the lower ones, and the mock filter finds nothing.
    await page.getByLabel('Quiz type').selectOption({ label: 'Mock exams' });
    expect(await page.getByLabel('Program').inputValue()).toBe('');
    expect(await page.getByLabel('Set', { exact: true }).inputValue()).toBe('');
    await poll(() => page.getByText('No results match your filter criteria.').isVisible()).toBe(true);
    await page.setViewportSize({ width: 360, height: 740 });
    await shot('admin-results-360');
    expect(consoleErrors).toEqual([]);
  });

  it('sends a student who types an admin URL back to the student area', async () => {
    const student = await signUpAndIn(t);
    await signIn(student.email, student.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${t.url}/admin/users`);
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Upload Questions' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
