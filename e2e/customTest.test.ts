// "Create a test" on a 360 px phone: a student with some wrong answers sees what is left to do,
// builds a tutor test from their incorrect answers (each answer checked with its explanation),
// submits it and finds it in results as a custom test; a timed custom test resumes after a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { takeSet } from '../server/test/attempts';
import {
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
  rpc,
} from '../server/test/fixtures';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { wcag22Violations } from './accessibility';
import { countdownSeconds, unexpectedErrors } from './pageHelpers';
import { studentOnPhone } from './studentOnPhone';

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];

/** A topic with a practice set of `n` questions labelled `label`, each tagged with the topic. */
async function topicWithQuestions(paperId: number, name: string, n: number, label: string) {
  const topic = await insertTopic(t.db, paperId, name);
  const set = await insertPracticeSet(t.db, topic.id, `${name} 1`);
  const qs = await insertQuestions(t.db, { practice_set_id: set.id }, n, label);
  await t.db
    .updateTable('questions')
    .set({ topic_id: topic.id })
    .where(
      'id',
      'in',
      qs.map((q) => q.id),
    )
    .execute();
  return set;
}

beforeAll(async () => {
  t = await startTestServer();
  const student = await signUpAndIn(t);
  const program = await insertProgram(t.db, 'General Nursing');
  const paper = await insertPaper(t.db, program.id, 'Paper 1');
  // Keys cycle A, B, C, D.
  const fluids = await topicWithQuestions(paper.id, 'Fluid balance', 4, 'F');
  const wounds = await topicWithQuestions(paper.id, 'Wound care', 6, 'W');
  await topicWithQuestions(paper.id, 'Pharmacology', 5, 'D');
  // Fluid balance all right; Wound care "DDDDDD": only W4 right, W1-W3, W5, W6 wrong.
  const api = rpc(t, student.access);
  await takeSet(api, { quiz_type: 'practice', quiz_id: fluids.id }, 'ABCD');
  await takeSet(api, { quiz_type: 'practice', quiz_id: wounds.id }, 'DDDDDD');
  ({ browser, page, errors } = await studentOnPhone(t));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const questionLabel = async () => (await page.locator('#question-text').innerText()).split(':')[0];
/** The key of a question labelled e.g. "W5" (keys cycle A, B, C, D from 1). */
const keyOf = (label: string) => 'ABCD'[(Number(label.slice(1)) - 1) % 4];
const fitsThePhone = async () =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

async function openBuilder() {
  await page.goto(`${t.url}/dashboard`);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Create a Test/ })
    .click();
  await page.waitForURL('**/create-test');
  await page.getByRole('heading', { name: 'Create a test' }).waitFor();
}

describe('Create a test', () => {
  it('shows what is left to do on the dashboard', async () => {
    const left = page.getByRole('region', { name: 'What is left to do' });
    await left.getByRole('row', { name: /General Nursing/ }).waitFor();
    expect((await left.getByRole('row', { name: /General Nursing/ }).innerText()).replace(/\s+/g, ' ')).toBe(
      'General Nursing 10 of 15 5',
    );
    await fitsThePhone();
  });

  it('builds a tutor test from the incorrect answers, checks each with its explanation, and lists it', async () => {
    await openBuilder();
    await page.getByRole('radio', { name: /^Incorrect/ }).check();
    await page.getByRole('checkbox', { name: 'Paper 1 (all topics)' }).check();
    const live = page.locator('#builder-available');
    await live.getByText('5 questions available in this pool.').waitFor();
    expect(await live.getAttribute('aria-live')).toBe('polite');
    await page.getByText('5 in pool · seen 6 of 6').waitFor();
    await page.getByText('0 in pool · seen 0 of 5').waitFor();
    await fitsThePhone();
    expect(await wcag22Violations(page)).toEqual([]);

    // Asking for more than the pool holds is refused before anything starts.
    await page.getByLabel(/Number of questions/).fill('6');
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page
      .getByRole('alert')
      .getByText('This pool holds 5 questions of the chosen topics: choose 5 or fewer.')
      .waitFor();

    await page.getByLabel(/Number of questions/).fill('5');
    await page.getByRole('radio', { name: /^Tutor/ }).check();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL('**/quiz/session/*');
    await page.getByRole('heading', { name: 'Custom test: 5 questions, General Nursing (tutor)' }).waitFor();
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.getByText(`Question ${i + 1} of 5`).waitFor();
      const label = await questionLabel();
      seen.push(label);
      await page.locator(`[data-option="${keyOf(label)}"]`).click();
      await page.getByRole('button', { name: 'Check Answer' }).click();
      await page.getByText(`Explanation for ${label}`).waitFor();
      await page.getByRole('button', { name: i === 4 ? 'Submit Quiz' : 'Next' }).click();
    }
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
    expect(seen.sort()).toEqual(['W1', 'W2', 'W3', 'W5', 'W6']);
    await page.waitForURL('**/quiz/result/*');
    await page.getByTestId('percentage').getByText('100%').waitFor();

    await page.goto(`${t.url}/results`);
    const card = page
      .getByRole('listitem')
      .filter({ hasText: 'Custom test: 5 questions, General Nursing (tutor)' });
    await card.getByText('Custom test', { exact: true }).waitFor();
    await fitsThePhone();
  });

  it('resumes a timed custom test after a reload, with its clock', async () => {
    await openBuilder();
    await page.getByRole('radio', { name: /^Unused/ }).check();
    await page.getByRole('checkbox', { name: /^Pharmacology/ }).check();
    await page.locator('#builder-available').getByText('5 questions available in this pool.').waitFor();
    await page.getByLabel(/Number of questions/).fill('5');
    await page.getByRole('radio', { name: /^Timed/ }).check();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL('**/quiz/session/*');
    await page.getByRole('heading', { name: 'Custom test: 5 questions, General Nursing (timed)' }).waitFor();
    expect(await countdownSeconds(page)).toBeGreaterThan(4 * 60);
    // Timed: no Check Answer, no explanation.
    expect(await page.getByRole('button', { name: 'Check Answer' }).count()).toBe(0);
    const first = await questionLabel();
    await page.locator('[data-option="B"]').click();
    const saved = () =>
      t.db
        .selectFrom('session_answers')
        .innerJoin('quiz_sessions', 'quiz_sessions.id', 'session_answers.session_id')
        .select('question_id')
        .where('quiz_sessions.origin', '=', 'custom')
        .where('quiz_sessions.submitted_at', 'is', null)
        .execute();
    await expect.poll(saved).toHaveLength(1);
    const url = page.url();
    await page.reload();
    await page.getByText('1 of 5 answered').waitFor();
    expect(page.url()).toBe(url);
    const left = await countdownSeconds(page);
    expect(left).toBeGreaterThan(3 * 60);
    expect(left).toBeLessThanOrEqual(5 * 60);
    // The builder offers it back, and opens the same session.
    await page.goto(`${t.url}/create-test`);
    await page.getByRole('link', { name: 'Resume it' }).click();
    await page.waitForURL(url);
    await page.getByText('1 of 5 answered').waitFor();
    expect(first).toMatch(/^D[1-5]$/);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
