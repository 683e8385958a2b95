// Parser worker (plain JavaScript so it runs the same under tsx, vitest and node without a TS
// loader). It turns the file into plain string rows and posts them back; all checking happens on
// the main side. Runs with a heap limit and is terminated on a time limit by parseInWorker.ts.
//
// Formulas are never evaluated: SheetJS does not compute them, and cellFormula is on only so we
// can see WHICH cells hold a formula and refuse them; their cached results are never used.
import { parentPort, workerData } from 'node:worker_threads';
import { TextDecoder } from 'node:util';
import Papa from 'papaparse';

/** @param {string[]} row */
function isBlank(row) {
  return row.every((cell) => cell.trim() === '');
}

/** @param {string[][]} rows */
function trimTrailingBlankRows(rows) {
  let end = rows.length;
  while (end > 0 && isBlank(rows[end - 1])) end--;
  rows.length = end;
}

/** @param {Uint8Array} bytes */
function decodeText(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Excel on Windows saves "CSV" in the ANSI code page, not UTF-8.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function parseCsv(bytes, maxRows, maxColumns) {
  const parsed = Papa.parse(decodeText(bytes), {
    header: false,
    skipEmptyLines: false,
    preview: maxRows + 2,
  });
  const rows = parsed.data.map((row) => row.slice(0, maxColumns).map((cell) => String(cell ?? '')));
  return { rows, firstRow: 1, formulaCells: [] };
}

async function parseWorkbook(bytes, maxRows, maxColumns) {
  // Loaded only for workbooks: a CSV (e.g. the seed) starts the worker faster without SheetJS.
  const XLSX = await import('xlsx');
  // Legacy .xls files store text in Windows code pages.
  XLSX.set_cptable(await import('xlsx/dist/cpexcel.full.mjs'));
  const wb = XLSX.read(bytes, {
    type: 'array',
    dense: true,
    cellFormula: true,
    cellHTML: false,
    cellNF: false,
    cellStyles: false,
    cellDates: false,
    bookVBA: false,
    sheetRows: maxRows + 2,
  });
  const name = wb.SheetNames[0];
  const sheet = name ? wb.Sheets[name] : undefined;
  if (!sheet || !sheet['!ref']) return { rows: [], firstRow: 1, formulaCells: [] };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  // A stray formatted cell far to the right would make every row thousands of cells wide.
  range.e.c = Math.min(range.e.c, range.s.c + maxColumns - 1);
  const rows = [];
  const formulaCells = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row = [];
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = sheet['!data']?.[r]?.[c];
      if (!cell) {
        row.push('');
        continue;
      }
      if (cell.f !== undefined) formulaCells.push([r - range.s.r, c - range.s.c]);
      // The formatted text (w) is what the author saw; fall back to the raw value.
      row.push(cell.w !== undefined ? String(cell.w) : cell.v === undefined ? '' : String(cell.v));
    }
    rows.push(row);
  }
  return { rows, firstRow: range.s.r + 1, formulaCells };
}

try {
  const { format, bytes, maxRows, maxColumns } = workerData;
  const result =
    format === 'csv' ? parseCsv(bytes, maxRows, maxColumns) : await parseWorkbook(bytes, maxRows, maxColumns);
  trimTrailingBlankRows(result.rows);
  parentPort.postMessage({ ok: true, ...result });
} catch (err) {
  parentPort.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
