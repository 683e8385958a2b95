// Checkpoint thread (plain JavaScript, like parseWorker.mjs, so it runs unbundled from any build):
// copies the WAL's committed pages into the database file from its own connection, so that work
// and its fsync never stall the server's event loop (see checkpointer.ts). PASSIVE never waits for
// or blocks the server's readers and writers; what it cannot copy yet is copied next time.
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');

function checkpoint() {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    return { ok: true, ...result };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

// Timed checkpoints report only failures; one asked for ('now') always answers.
const timer = setInterval(() => {
  const outcome = checkpoint();
  if (!outcome.ok) parentPort.postMessage({ asked: false, outcome });
}, workerData.intervalMs);

parentPort.on('message', (message) => {
  if (message === 'now') parentPort.postMessage({ asked: true, outcome: checkpoint() });
  if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
