// A student's rough edges on a 360 x 740 phone: form errors are
// seen and focused, the notification
// panel fits the screen, dates read day month year, counts have the right plural, a bookmarked
// topic that was deactivated says so instead of offering a retry that can never work, and the mock
// screen has finger-sized targets under a short header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUpAndIn, startTestServer, STUDENT, type TestServer } from '../server/test/harness';
import {
  insertMockSet,
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
  rpc,
} from '../server/test/fixtures';
import { studentOnPhone } from './studentOnPhone';
import { screenshotsAtBothWidths, formReady, submitSignIn } from './pageHelpers';

const NOT_FOUND = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let paths: { practiceSets: string; mockSets: string; topicId: number; longMock: string };

beforeAll(async () => {
  t = await startTestServer();
  const student = await signUpAndIn(t);
  const program = await insertProgram(t.db);
  const paper = await insertPaper(t.db, program.id);
  const topic = await insertTopic(t.db, paper.id);
  const practiceSet = await insertPracticeSet(t.db, topic.id, 'One-question set');
  await insertQuestions(t.db, { practice_set_id: practiceSet.id }, 1, 'P');
  const mockSet = await insertMockSet(t.db, paper.id, 'Short mock', 1);
  await insertQuestions(t.db, { mock_exam_set_id: mockSet.id }, 1, 'M');
  const longMock = await insertMockSet(t.db, paper.id, 'Paper 1 mock with a long name for a phone', 30);
  await insertQuestions(t.db, { mock_exam_set_id: longMock.id }, 40, 'L');
  paths = {
    longMock: longMock.title,
    practiceSets: `/practice-tests/${program.id}/papers/${paper.id}/topics/${topic.id}/practice-sets`,
    mockSets: `/mock-exams/${program.id}/papers/${paper.id}/exam-sets`,
    topicId: topic.id,
  };

  // One graded result and one notification, both dated 5 March 2026 at 14:05 in the browser's zone.
  const call = rpc(t, student.access);
  const started = await call.mutate<{ session: { id: number } }>('quiz.start', {
    quiz_type: 'practice',
    quiz_id: practiceSet.id,
  });
  const submitted = await call.mutate('quiz.submit', { session_id: started.data.session.id, answers: [] });
  expect(submitted.status).toBe(200);
  const fifthOfMarch = new Date(2026, 2, 5, 14, 5).toISOString();
  await t.db.updateTable('quiz_results').set({ created_at: fifthOfMarch }).execute();
  await t.db.updateTable('notifications').set({ created_at: fifthOfMarch }).execute();

  ({ browser, page, errors } = await studentOnPhone(t));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a student on a 360 px phone', () => {
  it('sees the whole notification panel, its date written day month year', async () => {
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const item = page.getByText('5 Mar 2026, 14:05');
    await item.waitFor();
    const panel = page.locator('div', { has: page.getByRole('heading', { name: 'Notifications' }) }).last();
    const box = await panel.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
  });

  it('reads counts in the right number', async () => {
    await page.goto(`${t.url}${paths.practiceSets}`);
    await page.getByText('1 question', { exact: true }).waitFor();
    await page.goto(`${t.url}${paths.mockSets}`);
    await page.getByText('1 question', { exact: true }).waitFor();
    await page.getByText('1 minute', { exact: true }).waitFor();
    await page.goto(`${t.url}/results`);
    await page.getByText('1 quiz completed').waitFor();
  });

  it('resumes a practice set after a reload with its checked answers, in the same session', async () => {
    await page.goto(`${t.url}${paths.practiceSets}`);
    await page.getByRole('link', { name: 'Start Practice: One-question set' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start Quiz' }).click();
    await page.locator('[data-option="B"]').click();
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await page.getByText('Correct answer:').waitFor();
    await expect.poll(() => t.db.selectFrom('session_answers').selectAll().execute()).toHaveLength(1);

    await page.reload();
    const modal = page.getByRole('dialog');
    await modal.getByText('You started this practice set before.', { exact: false }).waitFor();
    await modal.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('1 of 1 answered').waitFor();
    await page.getByText('Correct answer:').waitFor();
    expect(await page.locator('[data-option="B"]').getAttribute('aria-checked')).toBe('true');
    const open = await t.db
      .selectFrom('quiz_sessions')
      .select('id')
      .where('submitted_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('writes the result date day month year, in the list and on the result', async () => {
    await page.goto(`${t.url}/results`);
    await page.getByText('5 Mar 2026').first().waitFor();
    await page.getByRole('link', { name: /One-question set/ }).click();
    await page.waitForURL('**/quiz/result/*');
    await page.getByText('5 Mar 2026').waitFor();
    await screenshotsAtBothWidths(page, 'result-date');
  });

  it('gives every control of a running mock a 44 px target under a header of at most 80 px', async () => {
    await page.goto(`${t.url}${paths.mockSets}`);
    await page.getByRole('link', { name: `Start Exam: ${paths.longMock}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start Exam' }).click();
    await page.getByTestId('countdown').waitFor();

    const header = await page.locator('header').boundingBox();
    expect(header!.height).toBeLessThanOrEqual(80);
    const controls = page.locator('button:visible, [role="radio"]:visible');
    const small: string[] = [];
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (box && (box.width < 44 || box.height < 44))
        small.push(`${(await control.innerText()).trim()} ${box.width}x${box.height}`);
    }
    expect(small).toEqual([]);
    expect(await controls.count()).toBeGreaterThan(40);

    // Quit & Submit is a plain button in the header, not a red one beside the answers.
    const quit = page.getByRole('button', { name: 'Quit & Submit' });
    const [r, g] = (await quit.evaluate((el) => getComputedStyle(el).backgroundColor))
      .match(/\d+/g)!
      .map(Number);
    expect(r - g).toBeLessThan(60);
    expect(await quit.evaluate((el) => Boolean(el.closest('header')))).toBe(true);
    await screenshotsAtBothWidths(page, 'mock-phone');
  });

  it('asks before leaving a running mock, offers Resume with the time left, and reopens where the student was', async () => {
    // The mock of the test before is running at question 1.
    await page.locator('[data-option="A"]').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Question 2 of 40').waitFor();
    await page.getByText('All answers saved').waitFor();

    await page.goBack();
    const leave = page.getByRole('alertdialog', { name: 'Leave the exam?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay in the exam' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toContain('/quiz/mock/');
    await page.goBack();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`**${paths.mockSets}`);

    const resume = page.getByRole('link', {
      name: new RegExp(`^Resume, \\d\\d:\\d\\d left: ${paths.longMock}$`),
    });
    expect(await resume.innerText()).toMatch(/^Resume, (29|30):\d\d left$/);
    await resume.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Resume/ })
      .click();
    await page.getByText('Question 2 of 40').waitFor();

    // When the clock runs out the exam is submitted, and the result says why.
    await t.db
      .updateTable('quiz_sessions')
      .set({ deadline_at: new Date(Date.now() + 3000).toISOString() })
      .where('quiz_name', '=', paths.longMock)
      .execute();
    await page.reload();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Resume/ })
      .click();
    await page.waitForURL('**/quiz/result/*', { timeout: 15_000 });
    await page.getByText('Time ran out: your exam was submitted automatically').waitFor();
  });

  it('says a bookmarked topic is no longer available once it is deactivated', async () => {
    await t.db.updateTable('topics').set({ is_active: 0 }).where('id', '=', paths.topicId).execute();
    await page.goto(`${t.url}${paths.practiceSets}`);
    await page.getByRole('heading', { name: 'No longer available' }).waitFor();
    await page.getByText('This topic is no longer available. Your school may have removed it.').waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Practice Tests' }).click();
    await page.waitForURL('**/practice-tests');
    expect(errors.filter((e) => e !== NOT_FOUND)).toEqual([]);
  });
});

describe('form errors on a 360 px phone', () => {
  /** The element has focus, and the message is on screen, not above or below it. */
  async function expectSeen(p: Page, message: string, focusedLabel: string) {
    const alert = p.getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    const box = (await alert.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    const focused = await p.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el?.labels?.[0]?.textContent?.trim() ?? el?.tagName;
    });
    expect(focused).toBe(focusedLabel);
  }

  it('scrolls to the message and focuses the field in error after Create Account', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const p = await context.newPage();
    p.setDefaultTimeout(10_000);
    await p.goto(`${t.url}/register`);
    await formReady(p);
    await p.getByLabel('Full name').fill('Kofi Boateng');
    await p.getByLabel('Email').fill('kofi.boateng@example.com');
    await p.getByLabel('Password', { exact: true }).fill('Kente-Weaver-2024');
    await p.getByLabel('Confirm password').fill('Kente-Weaver-2025');
    await p.getByLabel('Date of birth').pressSequentially('20000101');
    await p.getByLabel('Gender').selectOption('Male');
    await p.getByLabel('Region of institution').selectOption('Volta');
    await p.getByLabel('Program of study').fill('General Nursing');
    await p.getByRole('combobox', { name: 'School' }).fill('Ho Nurses');
    await p.getByRole('button', { name: 'Create Account' }).click();
    await expectSeen(p, 'Passwords do not match', 'Confirm password');

    // A field the schema refuses: its own message sits under it, and it is focused and on screen.
    await p.getByLabel('Confirm password').fill('Kente-Weaver-2024');
    await p.getByLabel('Date of birth').fill('');
    await p.getByLabel('Date of birth').pressSequentially('21000101');
    await p.getByRole('button', { name: 'Create Account' }).scrollIntoViewIfNeeded();
    await p.getByRole('button', { name: 'Create Account' }).click();
    const birthDate = p.getByLabel('Date of birth');
    await p.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    expect(await birthDate.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await birthDate.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    await context.close();
  });

  it("shows the server's reason when a password change is refused", async () => {
    await page.goto(`${t.url}/settings`);
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('Volta-River-2025');
    await page.getByLabel('Confirm new password').fill('Volta-River-2025');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectSeen(
      page,
      'Your old password was entered incorrectly. Please enter it again.',
      'Current password',
    );
  });

  it('focuses the password after a refused sign-in, with the message announced and the fields kept', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const p = await context.newPage();
    p.setDefaultTimeout(10_000);
    await submitSignIn(p, t.url, { email: STUDENT.email, password: 'not-my-password' });
    await expectSeen(p, 'Unable to log in', 'Password');
    // Nothing typed is lost: the student corrects the password rather than typing both again.
    expect(await p.getByLabel('Email').inputValue()).toBe(STUDENT.email);
    expect(await p.getByLabel('Password', { exact: true }).inputValue()).toBe('not-my-password');
    await context.close();
  });
});
