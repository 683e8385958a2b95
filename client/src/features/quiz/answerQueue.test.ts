import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AnswerQueue,
  queueKey,
  readPending,
  type AnswerLetter,
  type QueueState,
  type QueueStorage,
} from './answerQueue';

class MemoryStorage implements QueueStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const networkDown = Object.assign(new Error('Failed to fetch'), { data: undefined });
const timeUp = Object.assign(new Error('Time is up for this exam: answers can no longer be changed.'), {
  data: { httpStatus: 409 },
});
const retryable = (err: unknown) =>
  (err as { data?: { httpStatus?: number } }).data?.httpStatus === undefined;

function setup(send: (q: number, l: AnswerLetter) => Promise<void>, storage = new MemoryStorage()) {
  const states: QueueState[] = [];
  const queue = new AnswerQueue({
    sessionId: 7,
    send,
    isRetryable: retryable,
    onChange: (s) => states.push(s),
    storage,
    isOnline: () => false,
    baseDelayMs: 1000,
  });
  return { queue, states, storage, last: () => states[states.length - 1] };
}

describe('answer queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps unacknowledged answers in storage and retries with backoff until they are saved', async () => {
    let failures = 2;
    const sent: string[] = [];
    const { queue, storage, last } = setup(async (q, l) => {
      sent.push(`${q}${l}`);
      if (failures-- > 0) throw networkDown;
    });
    queue.enqueue(1, 'B');
    await vi.advanceTimersByTimeAsync(0);
    expect(last().status).toBe('offline');
    expect(readPending(7, storage).get(1)).toBe('B');
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual(['1B', '1B', '1B']);
    expect(last().status).toBe('saved');
    expect(storage.getItem(queueKey(7))).toBeNull();
  });

  it('sends only the newest choice for a question and resumes what an earlier page left', async () => {
    const storage = new MemoryStorage();
    storage.setItem(queueKey(7), JSON.stringify({ 3: 'A' }));
    const sent: string[] = [];
    let release: () => void = () => {};
    const { queue } = setup((q, l) => {
      sent.push(`${q}${l}`);
      return sent.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
    }, storage);
    expect(queue.size).toBe(1);
    queue.enqueue(4, 'C');
    queue.enqueue(4, 'D');
    // What a submit now would carry: the choice on its way and the newest one queued behind it.
    expect(queue.unacknowledged()).toEqual([
      { question_id: 3, selected_answer: 'A' },
      { question_id: 4, selected_answer: 'D' },
    ]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['3A', '4D']);
    expect(queue.size).toBe(0);
    expect(queue.unacknowledged()).toEqual([]);
  });

  it('drops an answer the server refuses for good and says so', async () => {
    const { queue, last } = setup(async () => {
      throw timeUp;
    });
    queue.enqueue(2, 'A');
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.size).toBe(0);
    expect(last().status).toBe('rejected');
    expect(last().rejection).toMatch(/Time is up/);
  });
});
