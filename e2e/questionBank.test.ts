// The Question Bank in Chromium against the built app: the admin finds
// a question by search, edits its explanation and sees the change in its history; a student's
// new practice session shows the new explanation while the review of a result graded before the
// edit still shows what was asked. And: deactivate, move, a save refused because someone else
// changed the question meanwhile, and the status filter.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertPracticeSet, makeCatalog, rpc } from '../server/test/fixtures';
import { signUpAndIn, STUDENT } from '../server/test/harness';
import {
  ADMIN,
  expectTab,
  poll,
  session,
  shot,
  signIn,
  signInAsAdmin,
  SUITE_OPTIONS,
  useAdminSession,
} from './adminSession';

useAdminSession();

const LONG =
  'A 34-year-old woman, para 3, is admitted at 38 weeks with severe headache, blurred vision and ' +
  'epigastric pain; her blood pressure is 168/112 mmHg and urine protein is 3+. While the midwife ' +
  'prepares magnesium sulphate as prescribed, which observation must be recorded first and most often?';
const NEW_EXPLANATION = 'Hourly input and output charts show the balance before symptoms do.';

/** The current version of the question first written with `text` (edits give it new ids). */
function currentVersion(text: string) {
  return session.t.db
    .selectFrom('questions')
    .selectAll()
    .where('replaced_by_id', 'is', null)
    .where('question_text', '=', text)
    .executeTakeFirstOrThrow();
}

/** Sideways scroll of a scrolling box (0: its content fits). */
const overflowOf = (box: Locator) => box.evaluate((el) => el.scrollWidth - el.clientWidth);

/**
 * The page has no sideways scroll at 768 px (wide tables would scroll inside their own box), and
 * the table `box`, if given, fits without one.
 */
async function fitsAt768(name: string, box?: Locator) {
  const { page } = session;
  await page.setViewportSize({ width: 768, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  if (box) expect(await overflowOf(box)).toBeLessThanOrEqual(0);
  await shot(name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A practice result submitted before any edit: all C, so only P3 (key C) of four is right. */
async function resultBeforeTheEdit(practiceSetId: number) {
  const student = rpc(session.t, (await signUpAndIn(session.t)).access);
  const started = await student.mutate<{ session: { id: number }; questions: Array<{ id: number }> }>(
    'quiz.start',
    { quiz_type: 'practice', quiz_id: practiceSetId },
  );
  const answers = started.data.questions.map((q) => ({ question_id: q.id, selected_answer: 'C' }));
  const submitted = await student.mutate<{ id: number; percentage: number }>('quiz.submit', {
    session_id: started.data.session.id,
    answers,
  });
  expect(submitted.data.percentage).toBe(25);
  return submitted.data.id;
}

describe('question bank', SUITE_OPTIONS, () => {
  it('finds a question by search, edits its explanation, and only new sessions show it', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    const p3 = c.practiceQuestions[2];
    const earlierResultId = await resultBeforeTheEdit(c.practiceSet.id);
    await signInAsAdmin();
    await page.getByRole('tab', { name: 'Question Bank', exact: true }).click();
    await page.waitForURL(`${t.url}/admin/question-bank`);
    await expectTab('Question Bank');
    const table = page.getByRole('table', { name: 'Questions of the bank' });
    await poll(() => page.getByText('1–9 of 9 questions').isVisible()).toBe(true);

    await page.getByLabel('Search question text').fill('p3: WHICH');
    await poll(() => page.getByText(/^1–1 of 1 question ·/).isVisible()).toBe(true);
    expect(await table.getByRole('row').count()).toBe(2);
    await table.getByText('P3: which option is right?').waitFor();
    await shot('admin-question-bank-1280');
    // At 1280 px the table fits its box: nothing is cut off or hidden behind a sideways scroll.
    const box = page.getByRole('region', { name: 'Questions' });
    expect(await overflowOf(box)).toBeLessThanOrEqual(0);
    await fitsAt768('admin-question-bank-768', box);

    await table.getByRole('link', { name: /^Edit question: P3/ }).click();
    await page.waitForURL(`${t.url}/admin/question-bank/${p3.id}`);
    const explanation = page.getByLabel('Explanation');
    await poll(() => explanation.inputValue()).toBe('Explanation for P3');
    // A blank option is refused in the form, with the field's message, and nothing is written.
    await page.getByLabel('Option A').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('This field is required.').waitFor();
    expect((await currentVersion('P3: which option is right?')).id).toBe(p3.id);
    await page.getByLabel('Option A').fill('Option A');
    await explanation.fill(NEW_EXPLANATION);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved as a new version.', { exact: false }).waitFor();
    const current = await currentVersion('P3: which option is right?');
    expect(current.explanation).toBe(NEW_EXPLANATION);
    expect(current.id).not.toBe(p3.id);
    await page.waitForURL(`${t.url}/admin/question-bank/${current.id}`);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText(/^Edited by .*registrar@nmtc\.example\.com/).waitFor();
    await history.getByText('Before: Explanation for P3', { exact: true }).waitFor();
    await history.getByText(`After: ${NEW_EXPLANATION}`, { exact: true }).waitFor();
    await shot('admin-question-edit-1280');
    await fitsAt768('admin-question-edit-768');

    await page.getByRole('link', { name: 'Back to the question bank' }).click();
    await poll(() => page.getByText(/^1–1 of 1 question ·/).isVisible()).toBe(true);

    // The result graded before the edit reviews what was asked then, with the same score.
    // Signed out as an admin does it: clearing the storage under the live admin app let one of its
    // requests go out without a token (a 401 in the console, the CI dry run of f8aebd6).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    await signIn(STUDENT.email, STUDENT.password1);
    await page.waitForURL('**/dashboard');
    await page.goto(`${t.url}/quiz/result/${earlierResultId}`);
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    expect(await page.getByTestId('percentage').innerText()).toBe('25%');
    await page.getByText('Explanation for P3', { exact: true }).waitFor();
    expect(await page.getByText(NEW_EXPLANATION).count()).toBe(0);

    // A new practice session of that set is served the new version.
    await page.goto(`${t.url}/quiz/practice/${c.practiceSet.id}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Start Quiz' }).click();
    await page.getByText('P1: which option is right?').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('P3: which option is right?').waitFor();
    await page.locator('[data-option="C"]').click();
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await page.getByText('Correct!').waitFor();
    await page.getByText(NEW_EXPLANATION).waitFor();
    expect(await page.getByText('Explanation for P3').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('deactivates and moves a question, refuses a stale save, and filters by status', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    const second = await insertPracticeSet(t.db, c.topic.id, 'Practice Set 2');
    await t.db
      .insertInto('questions')
      .values({
        ...{ practice_set_id: second.id, mock_exam_set_id: null, position: 1, question_text: LONG },
        ...{ option_a: 'Pulse', option_b: 'Respiratory rate', option_c: 'Temperature', option_d: 'Weight' },
        ...{ correct_answer: 'B', explanation: '', text_key: 'long', created_at: new Date().toISOString() },
      })
      .execute();
    const p2 = c.practiceQuestions[1];
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/question-bank/${p2.id}`);
    await expectTab('Question Bank');

    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Deactivated: new sessions leave it out.').waitFor();
    await page.getByRole('button', { name: 'Reactivate' }).waitFor();
    expect((await currentVersion(p2.question_text)).is_active).toBe(0);

    await page
      .getByLabel('Target practice set')
      .selectOption({ label: 'Practice Set 2 — Paper 1 › Fluid balance' });
    await page.getByRole('button', { name: 'Move' }).click();
    await page.getByText('Moved to Practice Set 2.', { exact: false }).waitFor();
    const moved = await currentVersion(p2.question_text);
    expect(moved).toMatchObject({ practice_set_id: second.id, is_active: 0 });
    await page.waitForURL(`${t.url}/admin/question-bank/${moved.id}`);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText(/^Moved by .*registrar@nmtc\.example\.com/).waitFor();
    await history.getByText('Before: Practice Set 1', { exact: true }).waitFor();
    await history.getByText('After: Practice Set 2', { exact: true }).waitFor();
    await history.getByText(/^Deactivated by /).waitFor();
    await shot('admin-question-moved-1280');

    // Another admin edits the question while this screen still shows the older version.
    const login = await t.api<{ access: string }>('POST', '/api/auth/login/', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    const { question_text, option_a, option_b, option_c, option_d, correct_answer } = moved;
    const other = await rpc(t, login.body.access).mutate('questions.update', {
      ...{ id: moved.id, question_text, option_a, option_b, option_c, option_d, correct_answer },
      explanation: 'Changed in another tab.',
    });
    expect(other.status).toBe(200);
    await page.getByLabel('Explanation').fill('Changed on this screen.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('alert').getByText('replaced by a newer version', { exact: false }).waitFor();
    expect((await currentVersion(p2.question_text)).explanation).toBe('Changed in another tab.');
    await page.getByRole('link', { name: 'Open the newer version' }).click();
    await poll(() => page.getByLabel('Explanation').inputValue()).toBe('Changed in another tab.');

    await page.getByRole('link', { name: 'Back to the question bank' }).click();
    await poll(() => page.getByText('1–10 of 10 questions').isVisible()).toBe(true);
    await page.getByLabel('Status').selectOption({ label: 'Deactivated only' });
    await poll(() => page.getByText(/^1–1 of 1 question ·/).isVisible()).toBe(true);
    const table = page.getByRole('table', { name: 'Questions of the bank' });
    await table.getByText('Deactivated', { exact: true }).waitFor();
    await table.getByText('P2: which option is right?').waitFor();

    // A long question wraps in its row (three lines; the whole text is on its edit screen and in
    // the link's title), and the table still fits its box at 1280 px and at 768 px.
    await page.getByLabel('Status').selectOption({ label: 'Active and deactivated' });
    await page.getByLabel('Only questions without an explanation').check();
    await poll(() => page.getByText(/^1–1 of 1 question ·/).isVisible()).toBe(true);
    expect(
      await table.getByRole('link', { name: /^Edit question: A 34-year-old/ }).getAttribute('title'),
    ).toBe(LONG);
    const box = page.getByRole('region', { name: 'Questions' });
    expect(await overflowOf(box)).toBeLessThanOrEqual(0);
    await shot('admin-question-bank-long-1280');
    await fitsAt768('admin-question-bank-long-768', box);
    // The refused save is the one failed request.
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
  });
});
