// A chosen practice answer is kept when it is chosen, on a 360 x 740 phone: an answer chosen but
// not checked is saved at once, survives the tab being closed, comes back unchecked (its feedback
// still to come) beside a checked one that shows its feedback, and counts in the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { screenshotsAtBothWidths } from './pageHelpers';
import { practiceSetWithPath } from './practiceSetPath';
import { studentOnPhone } from './studentOnPhone';

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let practiceSets: string;
/** Question ids by label: P1 (key A), P2 (key B), P3 (key C). */
const idOf = new Map<string, number>();

beforeAll(async () => {
  t = await startTestServer();
  await signUpAndIn(t);
  const { questions, listPath } = await practiceSetWithPath(t.db, 'Kept choices', 3);
  for (const q of questions) idOf.set(q.question_text.split(':')[0], q.id);
  practiceSets = listPath;
  ({ browser, page, errors } = await studentOnPhone(t));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const saved = () =>
  t.db
    .selectFrom('session_answers')
    .select(['question_id', 'selected_answer'])
    .orderBy('question_id')
    .execute();
const option = (letter: string) => page.locator(`[data-option="${letter}"]`);

async function openPractice() {
  await page.goto(`${t.url}${practiceSets}`);
  await page.getByRole('link', { name: 'Start Kept choices' }).click();
}

describe('a practice answer is kept when it is chosen', { timeout: 60_000 }, () => {
  it('saves a chosen answer before it is checked', async () => {
    await openPractice();
    await page.getByRole('dialog').getByRole('button', { name: 'Start Quiz' }).click();
    await option('A').click();
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await page.getByText('Correct!', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Question 2 of 3').waitFor();
    await option('B').click();
    await page.getByText('2 of 3 answered').waitFor();
    await page.getByText('All answers saved').waitFor();
    expect(await saved()).toEqual([
      { question_id: idOf.get('P1'), selected_answer: 'A' },
      { question_id: idOf.get('P2'), selected_answer: 'B' },
    ]);
  });

  it('keeps it through a closed tab: chosen, unchecked and still open to change', async () => {
    const context = page.context();
    await page.close();
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (err) => errors.push(err.message));
    await openPractice();
    await page.getByRole('dialog').getByRole('button', { name: 'Resume' }).click();
    await page.getByText('2 of 3 answered').waitFor();
    await page.getByText('Question 3 of 3').waitFor();

    await page.getByRole('button', { name: 'Question 2, answered' }).click();
    await page.getByText('Question 2 of 3').waitFor();
    expect(await option('B').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('button', { name: 'Check Answer' }).isEnabled()).toBe(true);
    expect(await page.getByText('Correct answer:').count()).toBe(0);
    await screenshotsAtBothWidths(page, 'practice-choice-kept');

    await page.getByRole('button', { name: 'Question 1, answered' }).click();
    await page.getByText('Correct!', { exact: true }).waitFor();
    expect(await option('A').getAttribute('aria-checked')).toBe('true');
  });

  it('counts the unchecked choice in the result', async () => {
    await page.getByRole('button', { name: 'Quit & Submit' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Submit quiz?' });
    await dialog.getByText('You have 1 unanswered question.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL('**/quiz/result/*');
    await page.getByTestId('percentage').getByText('67%').waitFor();
    const review = page.getByRole('list', { name: 'Reviewed questions' }).locator(':scope > li');
    expect(await review.nth(1).innerText()).toMatch(/\bCorrect\b/);
    expect(await review.nth(1).innerText()).not.toContain('Not answered');
    const [result] = await t.db.selectFrom('quiz_results').select('correct_answers').execute();
    expect(result.correct_answers).toBe(2);
    expect(errors).toEqual([]);
  });
});
