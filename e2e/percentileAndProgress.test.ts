// A student's standing and progress on a 360 x 740 phone: 30 students
// take one mock through the API as a student does; the viewer's result page says how her first
// attempt and her retake compare, and her results page charts both with a table.
// The server's clock cannot be moved from a test, so both of her results fall on today: the table
// tells them apart by date and time, the chart by order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatDate, formatDateTime } from '../shared/domain/display';
import { makeCatalog, rpc } from '../server/test/fixtures';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { signUpStudents, takeMockScoring } from '../server/test/scoredAttempts';
import { studentOnPhone } from './studentOnPhone';
import { screenshotsAtBothWidths } from './pageHelpers';

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let mockSetId: number;
let viewer: ReturnType<typeof rpc>;
let others: Array<ReturnType<typeof rpc>>;
let first: { id: number; created_at: string };

// Correct answers (of 5) of the 29 other students' first attempts: 5 x 0%, 5 x 20%, 7 x 40%,
// 6 x 60%, 4 x 80%, 2 x 100%. The viewer scores 40% first, then 80% on her retake.
const OTHERS = [0, 1, 2, 3, 4, 5].flatMap((correct, i) => Array<number>([5, 5, 7, 6, 4, 2][i]).fill(correct));

beforeAll(async () => {
  t = await startTestServer();
  mockSetId = (await makeCatalog(t.db)).mockSet.id;
  viewer = rpc(t, (await signUpAndIn(t)).access);
  others = await signUpStudents(t, OTHERS.length, 'classmate');
  first = await takeMockScoring(t.db, viewer, mockSetId, 2);
  // 28 of the others: with the viewer, 29 students have taken the mock.
  for (const [i, correct] of OTHERS.slice(0, 28).entries())
    await takeMockScoring(t.db, others[i], mockSetId, correct);

  ({ browser, page, errors } = await studentOnPhone(t));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('percentile and progress on a 360 px phone', () => {
  it('shows no percentile while 29 students have taken the mock, and no chart for one result', async () => {
    await page.goto(`${t.url}/quiz/result/${first.id}`);
    await page.getByTestId('percentage').getByText('40%').waitFor();
    // The page has asked for the percentile and been told there is none yet.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('percentile').count()).toBe(0);

    await page.goto(`${t.url}/results`);
    await page.getByText('1 quiz completed').waitFor();
    expect(await page.getByRole('heading', { name: 'Progress in mock exams' }).count()).toBe(0);
  });

  it('says "better than 34% of the 30 students" once the 30th has taken it', async () => {
    await takeMockScoring(t.db, others[28], mockSetId, OTHERS[28]);
    await page.goto(`${t.url}/quiz/result/${first.id}`);
    // 10 of the 29 others scored below 40% (the 7 other 40%s are ties): floor(1000 / 29) = 34.
    await expect
      .poll(() => page.getByTestId('percentile').textContent())
      .toBe('Better than 34% of the 30 students who took this mock.');
    await screenshotsAtBothWidths(page, 'percentile-first-attempt');
  });

  it("compares the retake with the others' first attempts, without counting it as one", async () => {
    const retake = await takeMockScoring(t.db, viewer, mockSetId, 4);
    await page.goto(`${t.url}/quiz/result/${retake.id}`);
    // 80%: 5 + 5 + 7 + 6 = 23 of the 29 others scored lower: floor(2300 / 29) = 79; still 30 takers.
    await expect
      .poll(() => page.getByTestId('percentile').textContent())
      .toBe(
        'This retake scores better than 79% of the first attempts of the 30 students who took this mock.',
      );
    await page.goto(`${t.url}/quiz/result/${first.id}`);
    await expect
      .poll(() => page.getByTestId('percentile').textContent())
      .toBe('Better than 34% of the 30 students who took this mock.');

    await page.goto(`${t.url}/results`);
    await page.getByText('2 quizzes completed').waitFor();
    const chart = page.getByRole('img', { name: /^Mock scores over time/ });
    const today = formatDate(first.created_at);
    expect(await chart.getAttribute('aria-label')).toBe(
      `Mock scores over time: 2 results, from 40% on ${today} to 80% on ${formatDate(retake.created_at)}.`,
    );
    expect(await chart.locator('text').allTextContents()).toEqual(
      expect.arrayContaining(['40%', '80%', today, formatDate(retake.created_at)]),
    );
    const box = await chart.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);

    await page.getByText('Show as table').click();
    const rows = page.getByRole('table', { name: 'Mock exam scores, oldest first' }).locator('tbody tr');
    expect(await rows.allInnerTexts()).toEqual([
      `${formatDateTime(first.created_at)}\tMock Exam 1\t40%`,
      `${formatDateTime(retake.created_at)}\tMock Exam 1\t80%`,
    ]);
    await screenshotsAtBothWidths(page, 'progress-chart');
    expect(errors).toEqual([]);
  });
});
