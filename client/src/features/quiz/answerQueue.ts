// Mock exam answers on a weak signal: each choice is queued, kept in localStorage
// under the session id (so a reload or a crash loses nothing), and sent one at a time until the
// server acknowledges it, retrying with exponential backoff. A newer choice for the same
// question replaces the queued one. Refusals the server will repeat (time is up, submitted)
// are dropped, not retried for ever. Letters are the ones the session showed (a shuffled
// attempt's own); the server maps them to the question's, so a queue never outlives its session.

export type AnswerLetter = 'A' | 'B' | 'C' | 'D';
export type QueueStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'offline' | 'rejected';

export interface QueueState {
  status: QueueStatus;
  pending: number;
  /** When the next automatic retry happens (ms epoch), while retrying or offline. */
  retryAt: number | null;
  rejection: string | null;
}

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface QueueOptions {
  sessionId: number;
  send: (questionId: number, letter: AnswerLetter) => Promise<void>;
  isRetryable: (err: unknown) => boolean;
  onChange: (state: QueueState) => void;
  storage?: QueueStorage;
  isOnline?: () => boolean;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export const queueKey = (sessionId: number) => `quiz-answers:${sessionId}`;

/** Answers of a session not yet acknowledged, as left by an earlier page. */
export function readPending(
  sessionId: number,
  storage: QueueStorage = localStorage,
): Map<number, AnswerLetter> {
  try {
    const raw = JSON.parse(storage.getItem(queueKey(sessionId)) ?? '{}') as Record<string, AnswerLetter>;
    return new Map(Object.entries(raw).map(([id, letter]) => [Number(id), letter]));
  } catch {
    return new Map();
  }
}

export class AnswerQueue {
  private readonly pending: Map<number, AnswerLetter>;
  private inFlight = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryAt: number | null = null;
  private everSaved = false;
  private rejection: string | null = null;
  private disposed = false;
  private readonly storage: QueueStorage;

  constructor(private readonly opts: QueueOptions) {
    this.storage = opts.storage ?? localStorage;
    this.pending = readPending(opts.sessionId, this.storage);
  }

  get size() {
    return this.pending.size;
  }

  enqueue(questionId: number, letter: AnswerLetter) {
    this.pending.set(questionId, letter);
    this.persist();
    this.emit();
    void this.flush();
  }

  /** Choices the server has not acknowledged yet (the one on its way included). */
  unacknowledged(): Array<{ question_id: number; selected_answer: AnswerLetter }> {
    return [...this.pending].map(([question_id, selected_answer]) => ({ question_id, selected_answer }));
  }

  /** Sends now instead of waiting for the backoff (the connection came back, or a button). */
  retryNow() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.retryAt = null;
    void this.flush();
  }

  /** Forget the session's queue (after the quiz is submitted). */
  clear() {
    this.pending.clear();
    this.storage.removeItem(queueKey(this.opts.sessionId));
    this.dispose();
  }

  dispose() {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  async flush(): Promise<void> {
    if (this.inFlight || this.disposed || this.timer) return;
    const next = this.pending.entries().next();
    if (next.done) return;
    const [questionId, letter] = next.value;
    this.inFlight = true;
    this.emit();
    try {
      await this.opts.send(questionId, letter);
      this.acknowledge(questionId, letter);
      this.attempt = 0;
      this.everSaved = true;
    } catch (err) {
      if (this.opts.isRetryable(err)) {
        this.scheduleRetry();
      } else {
        this.acknowledge(questionId, letter);
        this.rejection = (err as Error)?.message ?? 'The server refused this answer.';
      }
    } finally {
      this.inFlight = false;
    }
    this.emit();
    if (!this.timer) await this.flush();
  }

  private acknowledge(questionId: number, letter: AnswerLetter) {
    // A newer choice made while this one was on its way stays queued.
    if (this.pending.get(questionId) === letter) this.pending.delete(questionId);
    this.persist();
  }

  private scheduleRetry() {
    this.attempt += 1;
    const base = this.opts.baseDelayMs ?? 1000;
    const delay = Math.min(base * 2 ** (this.attempt - 1), this.opts.maxDelayMs ?? 30_000);
    this.retryAt = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.retryAt = null;
      void this.flush();
    }, delay);
  }

  private persist() {
    const key = queueKey(this.opts.sessionId);
    if (this.pending.size === 0) this.storage.removeItem(key);
    else this.storage.setItem(key, JSON.stringify(Object.fromEntries(this.pending)));
  }

  private emit() {
    if (this.disposed) return;
    this.opts.onChange({
      status: this.status(),
      pending: this.pending.size,
      retryAt: this.retryAt,
      rejection: this.rejection,
    });
  }

  private status(): QueueStatus {
    if (this.pending.size === 0) {
      if (this.rejection) return 'rejected';
      return this.everSaved ? 'saved' : 'idle';
    }
    if (this.timer) return (this.opts.isOnline ?? (() => navigator.onLine))() ? 'retrying' : 'offline';
    return 'saving';
  }
}
