// Keeps SQLite's write-ahead log checkpointed from a thread of its own. By default the connection
// that commits checkpoints itself once the WAL passes 1,000 pages: about every few hundred answer
// saves, and after every large upload, a request then waits while pages are copied into the
// database file and synced (a 10,000-question upload's commit took 19-25 ms, 4-10 ms without it).
// The server's connection keeps only a far backstop, used if this thread ever falls behind.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import { PROJECT_ROOT } from '../paths';

export const CHECKPOINT_INTERVAL_MS = 1000;
/** WAL pages (4 KB) past which the server's own connection checkpoints anyway: 40 MB. */
export const BACKSTOP_PAGES = 10_000;

const WORKER_FILE = path.join(PROJECT_ROOT, 'server/services/checkpointWorker.mjs');

export type CheckpointOutcome =
  { ok: true; busy: number; log: number; checkpointed: number } | { ok: false; message: string };

export interface Checkpointer {
  /** Checkpoints at once (tests, shutdown) and reports SQLite's counts. */
  now(): Promise<CheckpointOutcome>;
  stop(): Promise<void>;
}

export async function startCheckpointer(
  db: DB,
  file: string,
  opts: { intervalMs?: number; onError?: (message: string) => void } = {},
): Promise<Checkpointer> {
  await sql`PRAGMA wal_autocheckpoint = ${sql.lit(BACKSTOP_PAGES)}`.execute(db);
  const worker = new Worker(WORKER_FILE, {
    workerData: { file: path.resolve(file), intervalMs: opts.intervalMs ?? CHECKPOINT_INTERVAL_MS },
    // A connection and a timer: a small heap is plenty.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    execArgv: [],
  });
  // It never keeps the process alive; if it dies, the backstop still bounds the WAL.
  worker.unref();
  const waiting: Array<(outcome: CheckpointOutcome) => void> = [];
  worker.on('message', ({ asked, outcome }: { asked: boolean; outcome: CheckpointOutcome }) => {
    if (asked) waiting.shift()?.(outcome);
    else if (!outcome.ok) opts.onError?.(outcome.message);
  });
  worker.on('error', (err) => opts.onError?.(err.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
    // A thread that died cannot answer: whoever waits hears so instead of waiting forever.
    for (const reply of waiting.splice(0))
      reply({ ok: false, message: 'The checkpoint thread has stopped.' });
  });
  return {
    now: () =>
      new Promise((resolve) => {
        if (gone) return resolve({ ok: false, message: 'The checkpoint thread has stopped.' });
        waiting.push(resolve);
        worker.postMessage('now');
      }),
    stop: async () => {
      if (!gone) worker.postMessage('stop');
      await exited;
    },
  };
}
