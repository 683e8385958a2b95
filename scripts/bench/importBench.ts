// The import of a 10,000-question .xlsx through the app's own upload path (REST
// POST /api/admin/upload-questions/, which runs the shared import service: zip guard, parse in a
// worker, validation, duplicate check, one transaction), against SheetJS's bare parse of the
// same bytes (XLSX.read + sheet_to_json) in this process. The ratio is what the service's safety
// and bookkeeping cost on top of reading the file at all.
import * as XLSX from 'xlsx';
import { HEADERS } from '../../shared/domain/questionFormat';
import { keyOf } from './fixtures';

export interface ImportFigures {
  rows: number;
  fileBytes: number;
  /** Median of the bare parses taken right before each upload (warm). */
  bareParseMs: number;
  bareParseColdMs: number;
  bareParseRunsMs: number[];
  /** Median of the uploads. */
  importMs: number;
  importRunsMs: number[];
  /** Median of each upload's time over the bare parse taken right before it. */
  ratio: number;
  status: number;
  message: string;
}

export function questionWorkbook(rows: number, tag: string): Buffer {
  const aoa: string[][] = [[...HEADERS]];
  for (let i = 1; i <= rows; i++) {
    aoa.push([
      `[${tag}] Question ${i}: a woman of ${18 + (i % 40)} years in labour for ${i % 24} hours shows sign ${i}. What should the midwife do first?`,
      `Assess the foetal heart rate (${i})`,
      `Prepare for a caesarean section (${i})`,
      `Give oxytocin as prescribed (${i})`,
      `Encourage her to walk about (${i})`,
      keyOf(i),
      `Assessment comes before any intervention; see case ${i}.`,
    ]);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Questions');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export function bareParse(bytes: Buffer): { ms: number; rows: number } {
  const t0 = performance.now();
  const wb = XLSX.read(bytes, { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]]);
  return { ms: performance.now() - t0, rows: rows.length };
}

export async function uploadQuestions(
  baseUrl: string,
  adminToken: string,
  bytes: Buffer,
  fields: Record<string, string>,
): Promise<{ ms: number; status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    'questions.xlsx',
  );
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/admin/upload-questions/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
    signal: AbortSignal.timeout(120_000),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  try {
    return { ms, status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { ms, status: res.status, body: { raw: text.slice(0, 300) } };
  }
}

/**
 * Uploads of the same file, each paired with a bare parse taken right before it. Nine, because one
 * pair's ratio moves a lot on a shared machine (docs/performance.md).
 */
const PAIRS = 9;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureImport(
  baseUrl: string,
  adminToken: string,
  place: { programId: number; paperId: number },
  rows = 10_000,
): Promise<ImportFigures> {
  const bytes = questionWorkbook(rows, 'import-bench');
  const cold = bareParse(bytes);
  if (cold.rows !== rows) throw new Error(`bare parse read ${cold.rows} rows, expected ${rows}`);
  // Each upload (a new set) right after a bare parse of the same bytes, and the ratio taken pair by
  // pair: this machine's speed drifts by a fifth or more within a minute, and measuring all the
  // parses first and all the uploads after put that drift into the ratio (docs/performance.md). The
  // first upload is also the server's first import of the run, so the figures include a cold start
  // of the import code.
  const pairs = [];
  for (let i = 1; i <= PAIRS; i++) {
    const bare = bareParse(bytes).ms;
    const upload = await uploadQuestions(baseUrl, adminToken, bytes, {
      quiz_type: 'mock',
      program_id: String(place.programId),
      paper_id: String(place.paperId),
      title: `Imported bank of ${rows} (${i})`,
      time_limit_minutes: '120',
    });
    pairs.push({ bare, upload });
  }
  const failed = pairs.find((p) => p.upload.status >= 300)?.upload;
  const importMs = median(pairs.map((p) => p.upload.ms));
  const shown = failed ?? pairs.find((p) => p.upload.ms === importMs)!.upload;
  return {
    rows,
    fileBytes: bytes.length,
    bareParseMs: median(pairs.map((p) => p.bare)),
    bareParseColdMs: cold.ms,
    bareParseRunsMs: pairs.map((p) => Math.round(p.bare)),
    importMs,
    importRunsMs: pairs.map((p) => Math.round(p.upload.ms)),
    ratio: median(pairs.map((p) => p.upload.ms / p.bare)),
    status: shown.status,
    message: String(shown.body.message ?? shown.body.detail ?? shown.body.error ?? shown.body.raw ?? ''),
  };
}
