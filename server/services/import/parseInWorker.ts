// Runs parseWorker.mjs in a worker thread with a heap limit and a wall-clock limit, so a hostile
// or enormous file costs one terminated worker, never the server's event loop or memory.
import { Worker } from 'node:worker_threads';
import { MAX_ROWS } from '../../../shared/domain/questionFormat';
import { MAX_COLUMNS, MAX_PARALLEL_PARSES, PARSE_HEAP_MB, PARSE_TIMEOUT_MS } from './limits';
import type { SheetFormat } from './sniff';

export interface ParsedSheet {
  /** Rows as plain strings, first row = the header. */
  rows: string[][];
  /** Spreadsheet row number of rows[0] (1 unless the sheet's range starts lower). */
  firstRow: number;
  /** [rowIndex, columnIndex] of cells holding a formula. */
  formulaCells: Array<[number, number]>;
}

type WorkerReply = ({ ok: true } & ParsedSheet) | { ok: false; message: string };

export class ParseError extends Error {}

const WORKER_URL = new URL('./parseWorker.mjs', import.meta.url);

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `task` when fewer than MAX_PARALLEL_PARSES parses are under way; a finished task hands its slot on. */
async function withParseSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function parseInWorker(
  bytes: Buffer,
  format: SheetFormat,
  opts: { timeoutMs?: number; heapMb?: number } = {},
): Promise<ParsedSheet> {
  return withParseSlot(() => runWorker(bytes, format, opts));
}

function runWorker(
  bytes: Buffer,
  format: SheetFormat,
  opts: { timeoutMs?: number; heapMb?: number } = {},
): Promise<ParsedSheet> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { format, bytes: new Uint8Array(bytes), maxRows: MAX_ROWS, maxColumns: MAX_COLUMNS },
      resourceLimits: { maxOldGenerationSizeMb: opts.heapMb ?? PARSE_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      // The worker is plain JavaScript: it needs no TypeScript loader from the parent.
      execArgv: [],
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new ParseError(
              `Reading the file took longer than ${Math.round((opts.timeoutMs ?? PARSE_TIMEOUT_MS) / 1000)} seconds; it is too large or too complex. Split it or save it again from the template.`,
            ),
          ),
        ),
      opts.timeoutMs ?? PARSE_TIMEOUT_MS,
    );
    worker.on('message', (reply: WorkerReply) =>
      finish(() => {
        if (reply.ok)
          resolve({ rows: reply.rows, firstRow: reply.firstRow, formulaCells: reply.formulaCells });
        else
          reject(
            new ParseError(
              `The file could not be read as a ${format.toUpperCase()} spreadsheet (${reply.message}).`,
            ),
          );
      }),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          new ParseError(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? 'The file needs more memory to read than an upload may use; it is too large or too complex.'
              : `The file could not be read as a spreadsheet (${err.message}).`,
          ),
        ),
      ),
    );
    worker.on('exit', (code) =>
      finish(() =>
        reject(new ParseError(`The file could not be read (the reader stopped with code ${code}).`)),
      ),
    );
  });
}
