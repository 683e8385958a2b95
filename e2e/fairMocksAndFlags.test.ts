// Fair mocks and flags on a 360 px phone (flags, and the review's filters): a
// student takes a shuffled mock, flags questions, reloads and finds the same order and flags,
// submits, filters the review, and a retake shows another order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { insertMockSet, insertPaper, insertProgram } from '../server/test/fixtures';
import { insertDistinctQuestions } from '../server/test/shuffle';
import { studentOnPhone } from './studentOnPhone';
import { screenshotsAtBothWidths } from './pageHelpers';

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let mockTitle: string;
let mockSets: string;
/** The key's option text of each question, by its label ("F3"); and each id's label. */
const keyText = new Map<string, string>();
const labelOf = new Map<number, string>();

/** What the screen shows of the current question: its label and its options in order. */
async function shownQuestion() {
  const heading = (await page.locator('#question-text').innerText()).trim();
  const options = await page.locator('[data-option]').allInnerTexts();
  return { label: heading.split(':')[0], options: options.map((o) => o.replace(/\s+/g, ' ').trim()) };
}

async function sessions() {
  return t.db.selectFrom('quiz_sessions').selectAll().orderBy('id').execute();
}

beforeAll(async () => {
  t = await startTestServer();
  await signUpAndIn(t);
  const program = await insertProgram(t.db);
  const paper = await insertPaper(t.db, program.id);
  const mock = await insertMockSet(t.db, paper.id, 'Fair mock', 30, 1, 1);
  const rows = await insertDistinctQuestions(t.db, { mock_exam_set_id: mock.id }, 8, 'F');
  for (const r of rows) {
    const field = `option_${r.correct_answer.toLowerCase()}` as 'option_a';
    keyText.set(r.question_text.split(':')[0], r[field]);
    labelOf.set(r.id, r.question_text.split(':')[0]);
  }
  mockTitle = mock.title;
  mockSets = `/mock-exams/${program.id}/papers/${paper.id}/exam-sets`;

  ({ browser, page, errors } = await studentOnPhone(t));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

let firstOrder: number[] = [];
let firstScreen: Awaited<ReturnType<typeof shownQuestion>>;
let wrongLetter = '';

describe('a fair mock with flags on a 360 px phone', () => {
  it('takes a shuffled mock: one right, one wrong and flagged, one flagged and left blank', async () => {
    await page.goto(`${t.url}${mockSets}`);
    await page.getByRole('link', { name: `Start Exam: ${mockTitle}` }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Questions and options come in a new order each attempt.').waitFor();
    await modal.getByRole('button', { name: 'Start Exam' }).click();
    await page.getByTestId('countdown').waitFor();
    const [session] = await sessions();
    firstOrder = JSON.parse(session.question_ids) as number[];
    expect(session.option_orders).not.toBeNull();

    // Question 1: the key, found by its text whatever letter it has here.
    firstScreen = await shownQuestion();
    await page.locator('[data-option]', { hasText: keyText.get(firstScreen.label)! }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // Question 2: a wrong option, flagged.
    const second = await shownQuestion();
    const wrong = page
      .locator('[data-option]')
      .filter({ hasNotText: keyText.get(second.label)! })
      .first();
    wrongLetter = (await wrong.getAttribute('data-option'))!;
    await wrong.click();
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Flag', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Next' }).click();

    // Question 3: flagged, not answered.
    await page.getByText('Question 3 of 8').waitFor();
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    await page.getByRole('button', { name: 'Question 3, not answered, flagged' }).waitFor();
    await page.getByText('All answers saved').waitFor();
    await expect.poll(() => t.db.selectFrom('session_flags').selectAll().execute()).toHaveLength(2);
    await screenshotsAtBothWidths(page, 'fair-mock-flagged');
  });

  it('shows the same order, answers and flags after a reload', async () => {
    await page.reload();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Resume/ })
      .click();
    await page.getByRole('button', { name: 'Question 2, answered, flagged' }).waitFor();
    await page.getByRole('button', { name: 'Question 3, not answered, flagged' }).waitFor();
    await page.getByRole('button', { name: 'Question 1, answered' }).click();
    expect(await shownQuestion()).toEqual(firstScreen);
    expect(await page.getByRole('button', { name: 'Flag', exact: true }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await page.getByRole('button', { name: 'Question 2, answered, flagged' }).click();
    expect(await page.locator(`[data-option="${wrongLetter}"]`).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('button', { name: 'Flag', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await sessions()).toHaveLength(1);
  });

  it('submits and filters the review to Flagged, Incorrect and Unanswered, in the letters shown', async () => {
    await page.getByRole('button', { name: 'Quit & Submit' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/quiz/result/*');
    await page.getByTestId('percentage').getByText('13%').waitFor();

    const filters = page.getByRole('radiogroup', { name: 'Show questions' });
    const reviewed = page.getByRole('list', { name: 'Reviewed questions' }).locator(':scope > li');
    expect(await filters.getByRole('radio').allInnerTexts()).toEqual([
      'All (8)',
      'Incorrect (1)',
      'Unanswered (6)',
      'Flagged (2)',
    ]);
    expect(await reviewed.count()).toBe(8);

    await filters.getByRole('radio', { name: 'Flagged (2)' }).click();
    expect(await filters.getByRole('radio', { name: 'Flagged (2)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await expect.poll(() => reviewed.count()).toBe(2);
    expect(await reviewed.nth(0).innerText()).toMatch(/^2\. /);
    expect(await reviewed.nth(1).innerText()).toMatch(/^3\. /);

    await filters.getByRole('radio', { name: 'Incorrect (1)' }).click();
    await expect.poll(() => reviewed.count()).toBe(1);
    // The student's choice is named with the letter the attempt showed.
    const chosen = reviewed.first().locator('li', { hasText: 'Your Answer' });
    expect((await chosen.innerText()).trim()).toMatch(new RegExp(`^${wrongLetter}\\.`));

    // Arrow keys move along the filters, as radio buttons do.
    await filters.getByRole('radio', { name: 'Incorrect (1)' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await filters.getByRole('radio', { name: 'Unanswered (6)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await expect.poll(() => reviewed.count()).toBe(6);
    await screenshotsAtBothWidths(page, 'fair-mock-review-filters');
  });

  it('retakes the mock in another order', async () => {
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.getByTestId('countdown').waitFor();
    const all = await sessions();
    expect(all).toHaveLength(2);
    const retakeOrder = JSON.parse(all[1].question_ids) as number[];
    expect([...retakeOrder].sort()).toEqual([...firstOrder].sort());
    // Both the question order and the option orders differ (8! x 24^8 to one of repeating both).
    expect([retakeOrder, all[1].option_orders]).not.toEqual([firstOrder, all[0].option_orders]);
    expect(all[1].option_orders).not.toBe(all[0].option_orders);
    // The screen follows the retake's stored order.
    const labels: string[] = [];
    for (let i = 1; i <= 8; i++) {
      await page.getByRole('button', { name: new RegExp(`^Question ${i},`) }).click();
      await page.getByText(`Question ${i} of 8`).waitFor();
      labels.push((await shownQuestion()).label);
    }
    expect(labels).toEqual(retakeOrder.map((id) => labelOf.get(id)));
    expect(errors).toEqual([]);
  });
});
