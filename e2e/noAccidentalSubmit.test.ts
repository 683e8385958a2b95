// A mock is never submitted by accident, on a 360 x 740 phone: with every question answered, two
// quick taps on Next at the second-to-last question leave the mock running, and a submit always
// asks first, saying what is unanswered or flagged and how much time is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { insertMockSet, insertPaper, insertProgram, insertQuestions } from '../server/test/fixtures';
import { screenshotsAtBothWidths } from './pageHelpers';
import { studentOnPhone } from './studentOnPhone';

const QUESTIONS = 4;

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let mockSets: string;

beforeAll(async () => {
  t = await startTestServer();
  await signUpAndIn(t);
  const program = await insertProgram(t.db);
  const paper = await insertPaper(t.db, program.id);
  const mock = await insertMockSet(t.db, paper.id, 'Careful mock', 30);
  await insertQuestions(t.db, { mock_exam_set_id: mock.id }, QUESTIONS, 'C');
  mockSets = `/mock-exams/${program.id}/papers/${paper.id}/exam-sets`;
  ({ browser, page, errors } = await studentOnPhone(t));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const results = () => t.db.selectFrom('quiz_results').selectAll().execute();
const openSessions = () =>
  t.db.selectFrom('quiz_sessions').select('id').where('submitted_at', 'is', null).execute();
const dialog = () => page.getByRole('alertdialog', { name: 'Submit quiz?' });

describe('a mock on a phone is never submitted by accident', { timeout: 60_000 }, () => {
  it('keeps running after two quick taps on Next at question N-1 with every question answered', async () => {
    await page.goto(`${t.url}${mockSets}`);
    await page.getByRole('link', { name: 'Start Careful mock' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start Exam' }).click();
    await page.getByTestId('countdown').waitFor();

    // Every question answered, the last one first; the third one flagged.
    for (let i = QUESTIONS; i >= 1; i--) {
      await page.getByRole('button', { name: new RegExp(`^Question ${i},`) }).click();
      await page.getByText(`Question ${i} of ${QUESTIONS}`).waitFor();
      await page.locator('[data-option="A"]').click();
    }
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    await page.getByText(`${QUESTIONS} of ${QUESTIONS} answered`).waitFor();
    await page.getByText('All answers saved').waitFor();

    await page.getByRole('button', { name: `Question ${QUESTIONS - 1}, answered` }).click();
    await page.getByText(`Question ${QUESTIONS - 1} of ${QUESTIONS}`).waitFor();
    // Two taps of one finger at one spot, the second landing after the screen has moved on.
    await page.getByRole('button', { name: 'Next', exact: true }).scrollIntoViewIfNeeded();
    const next = await page.getByRole('button', { name: 'Next', exact: true }).boundingBox();
    const x = next!.x + next!.width / 2;
    const y = next!.y + next!.height / 2;
    await page.mouse.click(x, y);
    await page.mouse.click(x, y);

    await page.getByText(`Question ${QUESTIONS} of ${QUESTIONS}`).waitFor();
    await page.waitForTimeout(500);
    expect(await dialog().count()).toBe(0);
    expect(page.url()).toMatch(/\/quiz\//);
    expect(page.url()).not.toMatch(/\/quiz\/result\//);
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
    expect(await results()).toEqual([]);
    expect(await openSessions()).toHaveLength(1);
  });

  it('asks before submitting, with the flagged count and the time left, and Keep Going goes on', async () => {
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    const summary = dialog().getByTestId('submit-summary');
    await summary.waitFor();
    const text = await summary.innerText();
    expect(text).toContain('You have answered every question.');
    expect(text).toContain('You flagged 1 question to come back to.');
    expect(text).toMatch(/Time left: (29|30):\d{2}\./);
    await screenshotsAtBothWidths(page, 'mock-submit-confirm');
    await dialog().getByRole('button', { name: 'Keep Going' }).click();
    expect(await dialog().count()).toBe(0);
    expect(await results()).toEqual([]);

    await page.getByRole('button', { name: 'Quit & Submit' }).click();
    await dialog().getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL('**/quiz/result/*');
    expect(await results()).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
