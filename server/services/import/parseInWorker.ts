// Runs parseWorker.mjs in a worker thread with a heap limit and a wall-clock limit, so a hostile
// or enormous file costs one terminated worker, never the server's event loop or memory.
//
// Workers are kept warm: a worker that parsed a file cleanly waits (unref'd, so it never keeps
// the process or a test run alive) for the next one, with SheetJS already loaded. A worker that
// failed, ran past the time limit, ran out of heap or holds too large a heap afterwards is
// terminated and replaced by a fresh one in the background. The heap and time limits still hold
// for every parse: the heap limit is the worker's, and the timer starts with each file.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { MAX_ROWS } from '../../../shared/domain/questionFormat';
import { PROJECT_ROOT } from '../../paths';
import {
  MAX_COLUMNS,
  MAX_PARALLEL_PARSES,
  PARSE_HEAP_MB,
  PARSE_RECYCLE_HEAP_MB,
  PARSE_TIMEOUT_MS,
  WARM_PARSE_WORKERS,
} from './limits';
import type { SheetFormat } from './sniff';

export interface ParsedSheet {
  /** Rows as plain strings, first row = the header. */
  rows: SheetRows;
  /** Spreadsheet row number of rows.row(0) (1 unless the sheet's range starts lower). */
  firstRow: number;
  /** [rowIndex, columnIndex] of cells holding a formula. */
  formulaCells: Array<[number, number]>;
  /**
   * Every row should have the header's number of cells: true for CSV, where a row with more or
   * fewer means an unquoted comma (a workbook's rows end at their last filled cell).
   */
  cellsMatchHeader?: boolean;
}

/** The rows come packed: one string of all cells, and where each cell and each row ends in it. */
interface PackedRows {
  text: string;
  cellEnds: Uint32Array;
  rowEnds: Uint32Array;
}

type WorkerReply = (
  | ({ ok: true; firstRow: number; formulaCells: Array<[number, number]> } & PackedRows)
  | { ok: false; message: string }
) & { heapMb: number };

/**
 * The rows of a sheet as the worker packed them (see packRows in parseWorker.mjs), cut into cells
 * one row at a time when asked. The import checks and writes a large sheet a few hundred rows at a
 * time, so each row's arrays are short-lived instead of all 10,000 living through the write (less
 * for the server's heap to carry; the effect on a whole upload was within the bench's noise).
 */
export class SheetRows {
  readonly length: number;

  constructor(private readonly packed: PackedRows) {
    this.length = packed.rowEnds.length;
  }

  row(index: number): string[] {
    const { text, cellEnds, rowEnds } = this.packed;
    const firstCell = index === 0 ? 0 : rowEnds[index - 1];
    const cells: string[] = new Array(rowEnds[index] - firstCell);
    let start = firstCell === 0 ? 0 : cellEnds[firstCell - 1];
    for (let c = 0; c < cells.length; c++) {
      const end = cellEnds[firstCell + c];
      cells[c] = text.slice(start, end);
      start = end;
    }
    return cells;
  }

  /** Every row at once (tests, small sheets). */
  toArray(): string[][] {
    return Array.from({ length: this.length }, (_, r) => this.row(r));
  }
}

export class ParseError extends Error {}

// From the project folder, not this file: in the production bundle this code runs from dist/server.
const WORKER_FILE = path.join(PROJECT_ROOT, 'server/services/import/parseWorker.mjs');

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

type Outcome = { reply: WorkerReply } | { error: Error & { code?: string } } | { exitCode: number };

/** One parser thread; it answers one file at a time. */
class ParserWorker {
  private readonly worker: Worker;
  private pending: ((outcome: Outcome) => void) | null = null;
  alive = true;

  /** `warmUp`: load SheetJS and warm the parsers' code at start (see parseWorker.mjs), for a worker
   * that will wait for files; not for one started for a file at hand, which would only wait longer. */
  constructor(
    readonly heapMb: number,
    warmUp: boolean,
  ) {
    this.worker = new Worker(WORKER_FILE, {
      workerData: { warmUp },
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
      // The worker is plain JavaScript: it needs no TypeScript loader from the parent.
      execArgv: [],
      stdout: true,
      stderr: true,
    });
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => this.settle({ reply }));
    this.worker.on('error', (error: Error) => {
      this.alive = false;
      this.settle({ error });
    });
    this.worker.on('exit', (exitCode) => {
      this.alive = false;
      forget(this);
      this.settle({ exitCode });
    });
  }

  private settle(outcome: Outcome): void {
    const pending = this.pending;
    this.pending = null;
    pending?.(outcome);
  }

  /** Sends one file; the answer, the thread's error or its exit, whichever comes first. */
  run(job: { format: SheetFormat; bytes: Buffer }): Promise<Outcome> {
    return new Promise((resolve) => {
      if (!this.alive) return resolve({ exitCode: -1 });
      this.pending = resolve;
      this.worker.ref();
      const bytes = new Uint8Array(job.bytes);
      this.worker.postMessage({ format: job.format, bytes, maxRows: MAX_ROWS, maxColumns: MAX_COLUMNS }, [
        bytes.buffer,
      ]);
    });
  }

  get threadId(): number {
    return this.worker.threadId;
  }

  idle(): void {
    this.worker.unref();
  }

  terminate(): void {
    this.alive = false;
    forget(this);
    void this.worker.terminate();
  }
}

/** Warm workers with the default heap limit, waiting for a file. */
const idleWorkers: ParserWorker[] = [];

function forget(worker: ParserWorker): void {
  const i = idleWorkers.indexOf(worker);
  if (i >= 0) idleWorkers.splice(i, 1);
}

/** Starts warm workers until WARM_PARSE_WORKERS wait, e.g. at server start-up or after a recycle. */
export function prewarmParser(): void {
  while (idleWorkers.length < WARM_PARSE_WORKERS) idleWorkers.push(new ParserWorker(PARSE_HEAP_MB, true));
}

/** Thread ids of the warm workers waiting now (for tests). */
export function warmParserThreads(): number[] {
  return idleWorkers.filter((w) => w.alive).map((w) => w.threadId);
}

function acquire(heapMb: number): ParserWorker {
  if (heapMb === PARSE_HEAP_MB) {
    const warm = idleWorkers.pop();
    if (warm?.alive) return warm;
  }
  return new ParserWorker(heapMb, false);
}

function release(worker: ParserWorker, healthy: boolean): void {
  const pooled = worker.heapMb === PARSE_HEAP_MB;
  if (healthy && pooled && worker.alive && idleWorkers.length < WARM_PARSE_WORKERS) {
    worker.idle();
    idleWorkers.push(worker);
    return;
  }
  worker.terminate();
  if (pooled && !healthy) prewarmParser();
}

export interface ParseOptions {
  timeoutMs?: number;
  heapMb?: number;
  /** Replace the worker when its heap after the parse is above this (default PARSE_RECYCLE_HEAP_MB). */
  recycleHeapMb?: number;
  /** Aborting stops the parse: its worker is terminated and the call rejects with a ParseError. */
  signal?: AbortSignal;
}

export function parseInWorker(
  bytes: Buffer,
  format: SheetFormat,
  opts: ParseOptions = {},
): Promise<ParsedSheet> {
  return withParseSlot(() => runParse(bytes, format, opts));
}

async function runParse(bytes: Buffer, format: SheetFormat, opts: ParseOptions): Promise<ParsedSheet> {
  const timeoutMs = opts.timeoutMs ?? PARSE_TIMEOUT_MS;
  // Stopped while waiting for a slot: no worker is taken (and none terminated) for nothing.
  if (opts.signal?.aborted) throw new ParseError('Reading the file was stopped.');
  const worker = acquire(opts.heapMb ?? PARSE_HEAP_MB);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const outcome = await Promise.race([worker.run({ format, bytes }), timedOut, aborted]);
  clearTimeout(timer);
  if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
  if (outcome === 'aborted') {
    release(worker, false);
    throw new ParseError('Reading the file was stopped.');
  }
  if (outcome === 'timeout') {
    release(worker, false);
    throw new ParseError(
      `Reading the file took longer than ${Math.round(timeoutMs / 1000)} seconds; it is too large or too complex. Split it or save it again from the template.`,
    );
  }
  if ('reply' in outcome) {
    const { reply } = outcome;
    release(worker, reply.ok && reply.heapMb <= (opts.recycleHeapMb ?? PARSE_RECYCLE_HEAP_MB));
    if (reply.ok) {
      const { text, cellEnds, rowEnds, firstRow, formulaCells } = reply;
      return {
        rows: new SheetRows({ text, cellEnds, rowEnds }),
        firstRow,
        formulaCells,
        cellsMatchHeader: format === 'csv',
      };
    }
    throw new ParseError(
      `The file could not be read as a ${format.toUpperCase()} spreadsheet (${reply.message}).`,
    );
  }
  release(worker, false);
  if ('error' in outcome) {
    throw new ParseError(
      outcome.error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? 'The file needs more memory to read than an upload may use; it is too large or too complex.'
        : `The file could not be read as a spreadsheet (${outcome.error.message}).`,
    );
  }
  throw new ParseError(`The file could not be read (the reader stopped with code ${outcome.exitCode}).`);
}
