// A password hashing thread (plain JavaScript, so it runs the same under tsx, vitest, node and
// from the production bundle). It lowers its own scheduling priority first (workerData.niceness,
// see passwordHasher.ts): on Linux a thread's nice value is its own, so the kernel gives the
// process's event loop (answer saves, submits) the cores first, and hashing gets a small share of
// a busy core. Each message is one job, hashed synchronously here; the answer goes back with the
// job's id.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

try {
  os.setPriority(workerData.niceness);
} catch {
  // A system that refuses keeps the thread at the process's priority; hashing still works.
}

parentPort.on('message', (job) => {
  try {
    const value =
      job.op === 'hash'
        ? hashSync(job.password, { algorithm: 2, parallelism: 1, ...job.cost })
        : verifySync(job.stored, job.password);
    parentPort.postMessage({ id: job.id, ok: true, value });
  } catch (err) {
    parentPort.postMessage({
      id: job.id,
      ok: false,
      message: err instanceof Error ? err.message : String(err),
    });
  }
});
