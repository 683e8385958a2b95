// The admin area in Chromium against the built app: routing and the shell, the dashboard's
// load order and Retry, users, content forms, result filters, and students kept out.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupDatabase } from '../server/services/backup';
import { makeCatalog } from '../server/test/fixtures';
import { signUpAndIn } from '../server/test/harness';
import {
  ADMIN,
  expectTab,
  poll,
  session,
  shot,
  signIn,
  signInAsAdmin,
  SUITE_OPTIONS,
  tab,
  useAdminSession,
} from './adminSession';

useAdminSession();

describe('admin area', SUITE_OPTIONS, () => {
  it('routes every admin path to its tab, sends unknown ones to /admin, and works at 360 px', async () => {
    const { page, t, consoleErrors } = session;
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
    await page.waitForURL(`${t.url}/admin/account`);
    // Arrow moves replace the history entry: Back leaves the tabs instead of replaying each step.
    await page.goBack();
    await page.waitForURL(`${t.url}/admin`);
    await page.goForward();
    await page.waitForURL(`${t.url}/admin/account`);
    await expectTab('My Account');
    await page.goto(`${t.url}/admin/settings`);
    await expectTab('Settings');

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
    const { page, consoleErrors } = session;
    const events: string[] = [];
    const isTrpc = (url: string) => /^\/trpc\/.*admin\./.test(new URL(url).pathname);
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
    const contentSent = (e: string) => e.startsWith('sent') && e.includes('admin.content');
    await poll(() => events.some(contentSent)).toBe(true);
    const contentAt = events.findIndex(contentSent);
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
    const { page, t, consoleErrors } = session;
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

  it('creates, renames, deactivates and reactivates content through the forms', async () => {
    const { page, t, consoleErrors } = session;
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
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
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
    // New sets have no questions yet: marked so, as students do not see them until the upload.
    await poll(() => mockSets.getByText('Empty: hidden from students').isVisible()).toBe(true);
    await poll(() =>
      page
        .getByRole('region', { name: /^Practice Sets/ })
        .getByText('Empty: hidden from students')
        .isVisible(),
    ).toBe(true);
    const practiceSet = await t.db.selectFrom('practice_sets').selectAll().executeTakeFirstOrThrow();
    expect(practiceSet).toMatchObject({ title: 'Antenatal drill 1', topic_id: topic.id });
    const mockSet = await t.db.selectFrom('mock_exam_sets').selectAll().executeTakeFirstOrThrow();
    expect(mockSet).toMatchObject({ title: 'Midwifery mock 1', paper_id: paper.id, time_limit_minutes: 75 });
    await shot('admin-content-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot('admin-content-360');
    // The refused duplicate is an HTTP 409, which Chromium reports on the console; nothing else may.
    expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });

  it("finds a student's result through the filters, and says when none match", async () => {
    const { page, t, consoleErrors } = session;
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
    const { page, t, consoleErrors } = session;
    const adminRequests: string[] = [];
    page.on('request', (r) => /AdminApp|\/trpc\/[^?]*admin\./.test(r.url()) && adminRequests.push(r.url()));
    const student = await signUpAndIn(t);
    await signIn(student.email, student.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${t.url}/admin/users`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Upload Questions' }).count()).toBe(0);
    // The admin chunk is never downloaded and no admin procedure is called for a student.
    expect(adminRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
