// Parser worker (plain JavaScript so it runs the same under tsx, vitest, node and from the
// production bundle without a TS loader). It stays alive between parses (see parseInWorker.ts):
// SheetJS is loaded and the parsers warmed up once: when a kept-warm worker starts
// (workerData.warmUp), or for a worker started for a file at hand (a CSV need not wait for
// SheetJS) after its first second idle. Each message is one file; the answer is its rows of plain
// string cells (packed, see packRows), and all checking happens on the main side. Runs with a heap
// limit and is terminated (and replaced) on a time limit by parseInWorker.ts.
//
// Formulas are never evaluated: SheetJS does not compute them, and cellFormula is on only so we
// can see WHICH cells hold a formula and refuse them; their cached results are never used.
import { parentPort, workerData } from 'node:worker_threads';
import { TextDecoder, TextEncoder } from 'node:util';
import { clearTimeout, setTimeout } from 'node:timers';
import v8 from 'node:v8';
import Papa from 'papaparse';

/** @type {typeof import('xlsx') | null} */
let XLSX = null;

async function loadSheetJs() {
  if (!XLSX) {
    const lib = await import('xlsx');
    // Legacy .xls files store text in Windows code pages.
    lib.set_cptable(await import('xlsx/dist/cpexcel.full.mjs'));
    XLSX = lib;
  }
  return XLSX;
}

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
  // UTF-16 with its byte-order mark (Excel's "Unicode text"), else UTF-8 (sniff.ts refused the rest).
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
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

function parseWorkbook(XLSX, bytes, maxRows, maxColumns) {
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

/**
 * The rows as one string of all their cells and where each cell and row ends, for the main thread
 * to cut back into cells (SheetRows in parseInWorker.ts). Tens of thousands of cloned strings
 * deserialise several times slower than one; and unlike JSON, the cells need no escaping here and
 * no parse there, where V8 cuts them out of the one string (cells of 13 characters or more without
 * copying their text: 5 ms for a 10,000-row sheet where JSON.parse took 11 ms, and less memory).
 * @param {string[][]} rows
 */
function packRows(rows) {
  const cells = rows.flat();
  const cellEnds = new Uint32Array(cells.length);
  const rowEnds = new Uint32Array(rows.length);
  let end = 0;
  let cell = 0;
  rows.forEach((row, r) => {
    for (const text of row) {
      end += text.length;
      cellEnds[cell++] = end;
    }
    rowEnds[r] = cell;
  });
  return { text: cells.join(''), cellEnds, rowEnds };
}

async function parse({ format, bytes, maxRows, maxColumns }) {
  try {
    const result =
      format === 'csv'
        ? parseCsv(bytes, maxRows, maxColumns)
        : parseWorkbook(await loadSheetJs(), bytes, maxRows, maxColumns);
    trimTrailingBlankRows(result.rows);
    return {
      ok: true,
      ...packRows(result.rows),
      firstRow: result.firstRow,
      formulaCells: result.formulaCells,
    };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Runs the parsers over a small generated workbook and CSV a few times, so the first real upload
 * finds their code already optimised by the JIT instead of paying for it (about a third of a
 * 10,000-row parse). Only for the kept-warm workers; it takes a fraction of a second of this
 * thread's time when it starts, before any file arrives.
 */
let warmed = false;

async function warmUp() {
  if (warmed) return;
  warmed = true;
  const XLSX = await loadSheetJs();
  const aoa = [
    ['question_text', 'option_a', 'option_b', 'option_c', 'option_d', 'correct_answer', 'explanation'],
  ];
  for (let i = 1; i <= 1500; i++) {
    aoa.push([`Warm-up question ${i}?`, `A ${i}`, `B ${i}`, `C ${i}`, `D ${i}`, 'A', `Because ${i}.`]);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Questions');
  const xlsx = XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true });
  const csv = new TextEncoder().encode(Papa.unparse(aoa));
  for (let i = 0; i < 4; i++) {
    await parse({ format: 'xlsx', bytes: new Uint8Array(xlsx), maxRows: 20_000, maxColumns: 64 });
    await parse({ format: 'csv', bytes: csv, maxRows: 20_000, maxColumns: 64 });
  }
}

// A failed warm-up only means a colder first file, never a failed one.
const warmUpSafely = () => warmUp().catch(() => undefined);
let ready = workerData?.warmUp ? warmUpSafely() : Promise.resolve();
/** A worker started for a file at hand warms up once it has waited this long for the next one. */
const WARM_UP_WHEN_IDLE_MS = 1000;
let idleTimer;

// One file at a time: the main side sends the next only after this one's answer.
parentPort.on('message', async (job) => {
  clearTimeout(idleTimer);
  await ready;
  const reply = await parse(job);
  // The heap this thread holds now, garbage included: the main side replaces a worker that
  // would keep a large heap resident while it waits for the next file.
  reply.heapMb = v8.getHeapStatistics().used_heap_size / 2 ** 20;
  parentPort.postMessage(reply, reply.ok ? [reply.cellEnds.buffer, reply.rowEnds.buffer] : []);
  // E.g. the worker that read the sample bank's CSVs at start-up and now waits for an upload.
  if (!warmed) idleTimer = setTimeout(() => (ready = warmUpSafely()), WARM_UP_WHEN_IDLE_MS);
});
