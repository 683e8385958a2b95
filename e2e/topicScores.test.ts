// The score per topic of a mock result on a 360 px phone: a student's attempt at a mock whose
// questions carry topics (one untagged; server/test/taggedMock.ts) shows "Score by topic" with
// each topic's correct / asked and share, weakest first and Untagged last, the review names each
// question's topic, and a one-set practice result repeats nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { takeSet } from '../server/test/attempts';
import { rpc } from '../server/test/fixtures';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { makeTaggedCatalog, MOCK_SHEET } from '../server/test/taggedMock';
import { screenshotsAtBothWidths, unexpectedErrors } from './pageHelpers';
import { studentOnPhone } from './studentOnPhone';

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let mockResultId: number;
let practiceResultId: number;

beforeAll(async () => {
  t = await startTestServer();
  const student = await signUpAndIn(t);
  const cat = await makeTaggedCatalog(t.db);
  const api = rpc(t, student.access);
  mockResultId = (await takeSet(api, cat.mock, MOCK_SHEET)).id;
  practiceResultId = (await takeSet(api, cat.fluidSet, 'ABCA')).id;
  ({ browser, page, errors } = await studentOnPhone(t));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('score by topic on a result', () => {
  it('shows a mock result per topic, weakest first, and names the topic of each reviewed question', async () => {
    await page.goto(`${t.url}/quiz/result/${mockResultId}`);
    const table = page.getByRole('table', { name: 'Score by topic' });
    await table.waitFor();
    const rows = (await table.locator('tbody tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual(['Wound care 1 / 3 33%', 'Fluid balance 1 / 2 50%', 'Untagged 1 / 1 100%']);
    await page.getByTestId('percentage').getByText('50%').waitFor();

    const reviewed = page.getByRole('list', { name: 'Reviewed questions' }).locator(':scope > li');
    expect(await reviewed.count()).toBe(6);
    expect(await reviewed.nth(0).getByText('Topic: Fluid balance').isVisible()).toBe(true);
    expect(await reviewed.nth(2).getByText('Topic: Wound care').isVisible()).toBe(true);
    expect(
      await reviewed
        .nth(5)
        .getByText(/^Topic:/)
        .count(),
    ).toBe(0);

    // Fits the phone, reads well to axe, at both widths.
    await screenshotsAtBothWidths(page, 'result-score-by-topic');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('leaves the table out of a one-set practice result', async () => {
    await page.goto(`${t.url}/quiz/result/${practiceResultId}`);
    await page.getByTestId('percentage').getByText('75%').waitFor();
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    expect(await page.getByRole('table', { name: 'Score by topic' }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
