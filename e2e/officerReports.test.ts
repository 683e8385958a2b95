// The exam officer's reports in Chromium against the built app: ten
// students register and take a mock and practice sets through the API; the admin then reads the
// item analysis and its flags, filters the class view, and downloads the results as files.
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { takeSet } from '../server/test/attempts';
import { insertPracticeSet, insertQuestions, insertTopic, makeCatalog, rpc } from '../server/test/fixtures';
import { signUpAndIn } from '../server/test/harness';
import { insertAnalysedMock, ITEM_SHEETS } from '../server/test/itemExample';
import { downloadedBytes } from './browser';
import { poll, session, shot, signInAsAdmin, SUITE_OPTIONS, tab, useAdminSession } from './adminSession';

useAdminSession();

const TAMALE = 'Tamale Nurses Training College';
const EVIL_NAME = '=HYPERLINK("http://evil.example/","Click")';

/** Ten students (the first one named like a formula; 6-10 at Tamale) and their attempts. */
async function seedAttempts() {
  const { t } = session;
  const cat = await makeCatalog(t.db);
  const { set, questionIds } = await insertAnalysedMock(t.db, cat.paper.id);
  const topic = await insertTopic(t.db, cat.paper.id, 'Vital signs');
  const vitalsSet = await insertPracticeSet(t.db, topic.id, 'Vital signs 1');
  await insertQuestions(t.db, { practice_set_id: vitalsSet.id }, 4, 'V');
  const mock = { quiz_type: 'mock' as const, quiz_id: set.id };
  const fluids = { quiz_type: 'practice' as const, quiz_id: cat.practiceSet.id };
  const vitals = { quiz_type: 'practice' as const, quiz_id: vitalsSet.id };
  for (const [i, sheet] of ITEM_SHEETS.entries()) {
    const tokens = await signUpAndIn(t, {
      email: `student${i + 1}@example.com`,
      full_name: `Student ${i + 1}`,
      ...(i >= 5 && { school: TAMALE }),
    });
    const api = rpc(t, tokens.access);
    // Renamed after sign-up: the confirmation mail greets by name, and the harness follows its first link.
    if (i === 0) await api.mutate('profile.update', { full_name: EVIL_NAME });
    await takeSet(api, mock, sheet);
    // Kumasi students know fluids (4 of 4) and not vital signs (1 of 4); Tamale's the other way.
    await takeSet(api, fluids, i < 5 ? 'ABCD' : 'AAAA');
    await takeSet(api, vitals, i < 5 ? 'AAAA' : 'ABCD');
  }
  return { cat, questionIds };
}

/** The topic names of the class view's table, top to bottom. */
const topicOrder = () =>
  session.page
    .getByRole('table', { name: /Share correct by topic/ })
    .locator('tbody th')
    .locator('div.font-medium')
    .allInnerTexts();

/**
 * Screenshots (with the axe audit) at 1280 and 768 px; at 768 neither the page nor the named
 * table's box scrolls sideways, so no column hides behind a scroll.
 */
async function shotsAtTabletToo(name: string, table: string) {
  const { page } = session;
  await shot(`${name}-1280`);
  await page.setViewportSize({ width: 768, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  const box = page.getByRole('region', { name: table });
  expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await shot(`${name}-768`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('exam officer reports', SUITE_OPTIONS, () => {
  it('shows item analysis with flags, a filtered class view, and exports the results', async () => {
    const { page, t, consoleErrors } = session;
    const { cat, questionIds } = await seedAttempts();
    await signInAsAdmin();

    // Item analysis: pick the mock, see the figures and the three flagged questions.
    await tab('Item Analysis').click();
    await page.waitForURL(`${t.url}/admin?tab=items`);
    await poll(() => page.getByText('Choose a set').first().isVisible()).toBe(true);
    await page.getByLabel('Quiz type').selectOption('mock');
    await page.getByLabel('Program', { exact: true }).selectOption({ label: cat.program.name });
    await page.getByLabel('Paper', { exact: true }).selectOption({ label: cat.paper.name });
    await page.getByLabel('Set', { exact: true }).selectOption({ label: 'Analysed Mock' });
    await poll(() => page.getByText('3 of 6 questions flagged for review.').isVisible()).toBe(true);
    await poll(() => page.getByText('10 first attempts', { exact: false }).isVisible()).toBe(true);
    const table = page.getByRole('table', { name: 'Item analysis by question' });
    const row = (n: number) => table.locator('tbody tr').nth(n - 1);
    // Question 3: facility 40%, discrimination −1.00, chosen A 3, B 1, C 4 (the key), D 1, blank 1.
    const cells = await row(3).locator('td').allInnerTexts();
    expect(cells.slice(0, 5)).toEqual(['10', '40%', '−1.00', '3\n30%', '1\n10%']);
    expect(cells[5]).toMatch(/^4 ✓/);
    expect(cells[5]).toContain('40%');
    expect(cells.slice(6)).toEqual(['1\n10%', '1']);
    await poll(() =>
      row(3).getByText('Negative discrimination: weaker students did better').isVisible(),
    ).toBe(true);
    await poll(() => row(1).getByText('Very easy: over 95% correct').isVisible()).toBe(true);
    await poll(() => row(2).getByText('Very hard: under 20% correct').isVisible()).toBe(true);
    expect(await row(4).getByRole('link').count()).toBe(0);
    const edit = row(3).getByRole('link', { name: 'Edit question 3' });
    expect(await edit.getAttribute('href')).toBe(`/admin/question-bank/${questionIds[2]}`);
    await shotsAtTabletToo('officer-item-analysis', 'Item analysis');

    // Class view: everyone, then one school. Fluid balance 5 × 4 + 5 × 1 = 25 of 40; vital signs alike.
    await tab('Class View').click();
    await page.waitForURL(`${t.url}/admin?tab=class`);
    await poll(topicOrder).toHaveLength(2);
    const table2 = page.getByRole('table', { name: /Share correct by topic/ });
    await poll(() => table2.getByText('62.5% (25 of 40)').count()).toBe(2);
    await page.getByLabel('School').selectOption(TAMALE);
    await poll(topicOrder).toEqual(['Fluid balance', 'Vital signs']);
    await poll(() => table2.getByText('25% (5 of 20)').isVisible()).toBe(true);
    await poll(() => table2.getByText('100% (20 of 20)').isVisible()).toBe(true);
    await page.getByLabel('School').selectOption('Kumasi Nurses and Midwifery Training College');
    await poll(topicOrder).toEqual(['Vital signs', 'Fluid balance']);
    await shotsAtTabletToo('officer-class-view', 'Topics');

    // Export: the mock's results, as .xlsx and as .csv.
    await tab('Quiz Results').click();
    await page.getByLabel('Quiz type').selectOption('mock');
    await poll(() => page.getByText('10 results').isVisible()).toBe(true);
    const [xlsxDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .xlsx' }).click(),
    ]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/^quiz-results-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = XLSX.read(await downloadedBytes(xlsxDownload), { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows).toHaveLength(11);
    expect(rows[0]).toEqual(expect.arrayContaining(['Student', 'School', 'Set', 'Score', 'Percentage']));
    // The newest result is student 10's (2 of 6, 33%); the formula-named student's is the oldest, as text.
    expect(rows[1]).toEqual(expect.arrayContaining(['Student 10', TAMALE, 'Analysed Mock', 2, 6, 33]));
    const evil = `A${rows.length}`;
    expect(sheet[evil]).toMatchObject({ t: 's', v: `'${EVIL_NAME}` });
    expect(sheet[evil].f).toBeUndefined();
    await poll(() => page.getByText(/Downloaded quiz-results-.*\.xlsx with 10 results/).isVisible()).toBe(
      true,
    );

    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .csv' }).click(),
    ]);
    const csv = (await downloadedBytes(csvDownload)).toString('utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(11);
    expect(lines[10]).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example\/"",""Click""\)",student1@example\.com,/,
    );
    await shot('officer-results-export-1280');
    expect(consoleErrors).toEqual([]);
  });
});
