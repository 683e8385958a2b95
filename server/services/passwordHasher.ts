// Password hashes and checks (Argon2id, tens of ms of CPU each) off the event loop, on a few
// threads of their own that run at a low scheduling priority (passwordWorker.mjs). When
// students sign in while others answer, the kernel gives the event loops the cores first: answer
// saves and submits keep their pace, and sign-ins queue for what CPU is left. A sign-in that would
// queue longer than `maxWaitMs` is not queued at all: it is told at once how long to wait
// (PasswordChecksBusy), rather than hanging until the phone gives up.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PROJECT_ROOT } from '../paths';
import type { PasswordCost } from './passwords';

// From the project folder, not this file: in the production bundle this code runs from dist/server.
const WORKER_FILE = path.join(PROJECT_ROOT, 'server/services/passwordWorker.mjs');

export interface HasherOptions {
  /** Hashing threads in this process. */
  threads: number;
  /** Longest expected queueing a sign-in is admitted to; beyond it, PasswordChecksBusy. */
  maxWaitMs: number;
  /** The threads' nice value (0 normal, 19 the lowest priority). */
  niceness: number;
}

/**
 * Nice 10: the kernel's weight for it is about a ninth of a normal thread's, so the event loops
 * keep almost all of a busy core. At 19 (a 68th) sign-ins made no headway at all while anything
 * else kept the machine busy (docs/performance.md).
 */
export const DEFAULT_HASHER: HasherOptions = { threads: 2, maxWaitMs: 10_000, niceness: 10 };

type Job =
  { op: 'hash'; password: string; cost: PasswordCost } | { op: 'verify'; stored: string; password: string };

interface Reply {
  id: number;
  ok: boolean;
  value?: string | boolean;
  message?: string;
}

interface Queued {
  id: number;
  job: Job;
  queuedAt: number;
  resolve: (value: string | boolean) => void;
  reject: (err: Error) => void;
}

/** Refused before queueing: the queue holds more than maxWaitMs of work. */
export class PasswordChecksBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Password checks are busy: try again in ${retryAfterSeconds} s`);
  }
}

/** What the hasher is doing now and has done (read by the metrics at scrape time). */
export interface HasherFigures {
  threads: number;
  running: number;
  queued: number;
  /** Recent time a job takes on its thread, in ms (a moving average). */
  serviceMs: number;
  /** Sign-ins refused as busy so far. */
  refused: number;
}

const MAX_RETRY_AFTER_SECONDS = 60;

/** A smoothing weight for the moving average of job times. */
const ALPHA = 0.2;

class HashThread {
  private readonly worker: Worker;
  current: Queued | null = null;

  constructor(
    niceness: number,
    private readonly done: (thread: HashThread, reply: Reply | Error) => void,
  ) {
    this.worker = new Worker(WORKER_FILE, { workerData: { niceness }, execArgv: [] });
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.done(this, reply));
    this.worker.on('error', (err: Error) => this.done(this, err));
    this.worker.on('exit', () => this.done(this, new Error('password thread exited')));
  }

  start(item: Queued) {
    this.current = item;
    // Held open while a job runs (a script awaiting its hash must not exit), unref'd when idle.
    this.worker.ref();
    this.worker.postMessage({ id: item.id, ...item.job });
  }

  idle() {
    this.current = null;
    this.worker.unref();
  }

  terminate() {
    void this.worker.terminate();
  }
}

export class PasswordHasher {
  private readonly threads: HashThread[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 1;
  private serviceMs = 50;
  private refused = 0;
  /** When each running job started on its thread. */
  private readonly startedAt = new Map<number, number>();

  /** Told of each finished job: how long it queued and how long its thread took, in ms. */
  onJob: ((queuedMs: number, tookMs: number) => void) | null = null;

  constructor(readonly options: HasherOptions = DEFAULT_HASHER) {}

  hash(password: string, cost: PasswordCost): Promise<string> {
    return this.run({ op: 'hash', password, cost }) as Promise<string>;
  }

  verify(stored: string, password: string): Promise<boolean> {
    return this.run({ op: 'verify', stored, password }) as Promise<boolean>;
  }

  /** How long a job queued now would wait before its thread starts it, in ms. */
  expectedWaitMs(): number {
    const running = this.threads.filter((t) => t.current).length;
    const free = this.options.threads - running;
    if (this.queue.length < free) return 0;
    return ((this.queue.length + running - this.options.threads + 1) / this.options.threads) * this.serviceMs;
  }

  /**
   * Throws PasswordChecksBusy when a check queued now would wait past maxWaitMs. It says to come
   * back when the queue will have drained to that wait (at most a minute on): the whole wait would
   * send a crowd away for far longer than the queue needs, and leave the threads idle meanwhile.
   */
  admit(): void {
    const wait = this.expectedWaitMs();
    if (wait <= this.options.maxWaitMs) return;
    this.refused++;
    const seconds = Math.ceil((wait - this.options.maxWaitMs) / 1000);
    throw new PasswordChecksBusy(Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds)));
  }

  get figures(): HasherFigures {
    return {
      threads: this.options.threads,
      running: this.threads.filter((t) => t.current).length,
      queued: this.queue.length,
      serviceMs: this.serviceMs,
      refused: this.refused,
    };
  }

  /** Ends the threads (tests; a server exits with them unref'd). */
  close(): void {
    for (const t of this.threads.splice(0)) t.terminate();
  }

  private run(job: Job): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, queuedAt: performance.now(), resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.queue.length) {
      let thread = this.threads.find((t) => !t.current);
      if (!thread && this.threads.length < this.options.threads) {
        thread = new HashThread(this.options.niceness, (t, reply) => this.finished(t, reply));
        this.threads.push(thread);
      }
      if (!thread) return;
      const item = this.queue.shift()!;
      this.startedAt.set(item.id, performance.now());
      thread.start(item);
    }
  }

  private finished(thread: HashThread, reply: Reply | Error) {
    const item = thread.current;
    if (reply instanceof Error) {
      // A thread that failed or exited is replaced by a fresh one at the next job.
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      thread.current = null;
      thread.terminate();
    }
    if (item) {
      const started = this.startedAt.get(item.id) ?? item.queuedAt;
      this.startedAt.delete(item.id);
      const took = performance.now() - started;
      this.serviceMs = (1 - ALPHA) * this.serviceMs + ALPHA * took;
      this.onJob?.(started - item.queuedAt, took);
      if (reply instanceof Error) item.reject(reply);
      else if (reply.ok) item.resolve(reply.value!);
      else item.reject(new Error(reply.message));
    }
    if (!(reply instanceof Error)) thread.idle();
    this.pump();
  }
}
