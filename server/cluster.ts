// WEB_CONCURRENCY=N: the primary process prepares the database, runs the background work and
// keeps N worker processes (node:cluster) serving the port; a worker that dies is replaced.
import cluster, { type Worker } from 'node:cluster';
import type { BackgroundWork } from './background';
import type { AppDeps } from './context';
import { gatherWorkerMetrics } from './http/metrics';

/** A worker that keeps dying is started again at most this often. */
const RESTART_DELAY_MS = 1000;

export interface SuperviseOptions {
  deps: AppDeps;
  background: BackgroundWork;
  graceMs: number;
  /** Called once, when the first N workers all listen. */
  onListening: () => void;
}

export function superviseWorkers(count: number, opts: SuperviseOptions): void {
  const { deps, background, graceMs } = opts;
  const alive = new Set<Worker>();
  let stopping = false;
  let listening = 0;

  const fork = () => alive.add(cluster.fork());
  const finish = async () => {
    await background.stop();
    await deps.db.destroy();
    process.exit(0);
  };
  cluster.on('listening', () => {
    if (++listening === count) opts.onListening();
  });
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) {
      if (alive.size === 0) void finish();
      return;
    }
    deps.logger.error(
      { topic: 'cluster', worker: worker.process.pid, code, signal },
      `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`,
    );
    setTimeout(() => stopping || fork(), RESTART_DELAY_MS);
  });
  gatherWorkerMetrics();
  for (let i = 0; i < count; i++) fork();

  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Each worker finishes the requests under way (exitOnSignals), then exits.
    for (const worker of alive) worker.process.kill('SIGTERM');
    if (alive.size === 0) void finish();
    setTimeout(() => process.exit(0), graceMs).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
