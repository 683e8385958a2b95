// The Quiz Results list as a file an exam officer opens in Excel (docs/reports.md): the list's
// filters, one row a result, written on the server so SheetJS never reaches a browser. Text a
// student typed (a name, a school) may begin like a formula; such cells get a leading apostrophe
// (OWASP's CSV-injection advice), so no spreadsheet runs them.
import Papa from 'papaparse';
import type { DB } from '../../../db/client';
import type { ResultsFilter } from '../../../shared/schemas/admin';
import type { ExportFormat } from '../../../shared/schemas/reports';
import { exportRows, type ExportRow } from '../../queries/reports';

/** The most rows one file holds, newest first; the answer says when more matched. */
export const EXPORT_LIMIT = 20_000;

export const EXPORT_HEADERS = [
  'Student',
  'E-mail',
  'School',
  'Program of study',
  'Program',
  'Paper',
  'Set',
  'Type',
  'Score',
  'Questions',
  'Percentage',
  'Date (UTC)',
  'Time taken (minutes)',
] as const;

/**
 * What Excel, LibreOffice and Google Sheets read as the start of a formula. papaparse's own
 * pattern for `escapeFormulae: true` ends in `.*$`, which misses a cell with a line break.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export function defuse(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** "2026-11-25 10:42": sorts as text and Excel reads it as a date. */
const dateCell = (iso: string) => iso.slice(0, 16).replace('T', ' ');

type Cell = string | number;

function cellsOf(r: ExportRow): Cell[] {
  return [
    r.user_name,
    r.user_email,
    r.school ?? '',
    r.program_of_study ?? '',
    r.program_name ?? '',
    r.paper_name ?? '',
    r.quiz_name,
    r.quiz_type === 'mock' ? 'Mock exam' : 'Practice',
    r.correct_answers,
    r.total_questions,
    r.percentage,
    dateCell(r.created_at),
    r.time_spent_minutes,
  ];
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file's bytes. Numbers stay numbers; every text cell is defused. */
export async function writeTable(format: ExportFormat, rows: Cell[][]): Promise<Buffer> {
  if (format === 'csv') {
    // The BOM makes Excel open the file as UTF-8; papaparse defuses with the stricter pattern.
    const csv = Papa.unparse(rows, { escapeFormulae: FORMULA_START, newline: '\r\n' });
    return Buffer.from(`\ufeff${csv}\r\n`, 'utf8');
  }
  // Loaded on the first export, not at start (see services/import/template.ts for its cost).
  const XLSX = await import('xlsx');
  const safe = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? defuse(cell) : cell)));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(safe), 'Results');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** The results of every student, or of one school's students (`schoolId`). */
export async function exportResults(
  db: DB,
  input: { format: ExportFormat; filter: ResultsFilter },
  schoolId: number | null,
  now = new Date(),
) {
  const rows = await exportRows(db, input.filter, EXPORT_LIMIT + 1, schoolId);
  const kept = rows.slice(0, EXPORT_LIMIT);
  const body = await writeTable(input.format, [[...EXPORT_HEADERS], ...kept.map(cellsOf)]);
  return {
    file_name: `quiz-results-${now.toISOString().slice(0, 10)}.${input.format}`,
    content_type: CONTENT_TYPES[input.format],
    base64: body.toString('base64'),
    rows: kept.length,
    truncated: rows.length > EXPORT_LIMIT,
  };
}
