// A school admin's first day in Chromium against the built app: create a practice set
// in Content Management, upload its questions into it, let a class take it, read the item
// analysis, follow a flagged question to the bank, correct its explanation, see a student's new
// session show the correction, and export the results to a file that opens.
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { takeSet } from '../server/test/attempts';
import { makeCatalog, rpc } from '../server/test/fixtures';
import { signUpAndIn, STUDENT } from '../server/test/harness';
import { downloadedBytes } from './browser';
import {
  expectTab,
  HEADER,
  poll,
  session,
  shot,
  signIn,
  signInAsAdmin,
  SUITE_OPTIONS,
  tab,
  useAdminSession,
  xlsxOf,
  addPracticeSetInContent,
} from './adminSession';

useAdminSession();

const SET = 'Week 3 vital signs';
const QUESTIONS = [
  ['Normal adult resting heart rate?', '20-40', '60-100', '120-160', '180-200', 'B', 'At rest.'],
  ['Normal adult respiratory rate?', '4-8', '12-20', '30-40', '50-60', 'B', 'Brethas a minute.'],
  ['Normal adult oral temperature?', '30.0 °C', '36.8 °C', '39.5 °C', '41.0 °C', 'B', 'Degrees Celsius.'],
  ['Lowest systolic pressure for shock?', '90 mmHg', '120 mmHg', '140 mmHg', '160 mmHg', 'A', 'Below 90.'],
];
const CORRECTED = 'Breaths a minute, counted for a full 60 seconds.';
/** Ten students: five score 75% but miss question 2, which the five on 50% get right (a bad sign). */
const SHEETS = [...Array(10)].map((_, i) => (i < 5 ? 'BCBA' : 'BBCC'));

/** The admin creates the set and fills it through its "Add questions" link. */
async function createAndFillSet(c: Awaited<ReturnType<typeof makeCatalog>>) {
  const { page, t } = session;
  const practiceSets = await addPracticeSetInContent(c, SET);

  await practiceSets.getByRole('link', { name: `Add questions to ${SET}` }).click();
  await poll(() => page.getByLabel('A set that exists').isChecked()).toBe(true);
  await page.getByLabel('Question file').setInputFiles({
    name: 'week3.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsxOf([HEADER, ...QUESTIONS]),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Upload 4 questions' }).click();
  await poll(() =>
    page.getByRole('status').filter({ hasText: 'which now has 4 questions' }).isVisible(),
  ).toBe(true);
  return t.db.selectFrom('practice_sets').select('id').where('title', '=', SET).executeTakeFirstOrThrow();
}

describe("a school admin's first day", SUITE_OPTIONS, () => {
  it('creates a set, fills it, analyses it, corrects a question and exports the results', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    await signInAsAdmin();
    const set = await createAndFillSet(c);

    // The class takes the set (ten first attempts: enough for item analysis).
    const ref = { quiz_type: 'practice' as const, quiz_id: set.id };
    for (const [i, sheet] of SHEETS.entries()) {
      const tokens = await signUpAndIn(t, {
        email: `nurse${i + 1}@example.com`,
        full_name: `Nurse ${i + 1}`,
      });
      await takeSet(rpc(t, tokens.access), ref, sheet);
    }

    await page.goto(`${t.url}/admin?tab=items`);
    await page.getByLabel('Quiz type').selectOption('practice');
    await page.getByLabel('Program', { exact: true }).selectOption({ label: c.program.name });
    await page.getByLabel('Paper', { exact: true }).selectOption({ label: c.paper.name });
    await page.getByLabel('Set', { exact: true }).selectOption({ label: `${SET} — ${c.topic.name}` });
    await poll(() => page.getByText('10 first attempts', { exact: false }).isVisible()).toBe(true);
    const items = page.getByRole('table', { name: 'Item analysis by question' });
    const second = items.locator('tbody tr').nth(1);
    await poll(() => second.getByText('Negative discrimination', { exact: false }).isVisible()).toBe(true);
    await shot('first-day-item-analysis-1280');

    // From the flag to the bank; then found again by search, as an admin would next time.
    await second.getByRole('link', { name: 'Edit question 2' }).click();
    await expectTab('Question Bank');
    await page.getByRole('link', { name: 'Back to the question bank' }).click();
    await page.getByLabel('Search question text').fill('respiratory');
    await poll(() => page.getByText(/^1–1 of 1 question ·/).isVisible()).toBe(true);
    await page.getByRole('link', { name: /^Edit question: Normal adult respiratory rate/ }).click();
    const explanation = page.getByLabel('Explanation');
    await poll(() => explanation.inputValue()).toBe('Brethas a minute.');
    await explanation.fill(CORRECTED);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved as a new version.', { exact: false }).waitFor();

    // Export the set's results and open the file.
    await tab('Quiz Results').click();
    await page.getByLabel('Quiz type').selectOption('practice');
    await poll(() => page.getByText('10 results').isVisible()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .xlsx' }).click(),
    ]);
    const book = XLSX.read(await downloadedBytes(download), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.Set)).toEqual(Array(10).fill(SET));
    expect(rows.map((r) => r.Percentage).sort()).toEqual([...Array(5).fill(50), ...Array(5).fill(75)]);

    // A student's new session shows the corrected explanation.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    await signIn('nurse1@example.com', STUDENT.password1);
    await page.waitForURL('**/dashboard');
    await page.goto(`${t.url}/quiz/practice/${set.id}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Start Quiz' }).click();
    await page.getByText('Normal adult resting heart rate?').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Normal adult respiratory rate?').waitFor();
    await page.locator('[data-option="B"]').click();
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await page.getByText(CORRECTED).waitFor();
    expect(await page.getByText('Brethas a minute.').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
