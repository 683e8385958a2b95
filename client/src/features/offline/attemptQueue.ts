// Attempts taken offline wait here until they reach the server (issue 21, point 3). Each carries
// the id the phone gave it, so sending one twice (a lost answer, a reload mid-send) stores it once.
import { useSyncExternalStore } from 'react';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { isRetryable } from '../quiz/types';
import { userStore } from './userStore';

export type AttemptInput = inferRouterInputs<AppRouter>['offline']['submitAttempt'];

export interface QueuedAttempt {
  input: AttemptInput;
  title: string;
}

const store = userStore<QueuedAttempt>('attempts');

// The waiting count, shared by the badge and the pages: one read of the store per change.
const counts = new Map<number, number>();
const listeners = new Set<() => void>();

async function recount(userId: number): Promise<void> {
  counts.set(userId, (await store.all(userId)).length);
  for (const listener of listeners) listener();
}

export function usePendingCount(userId: number): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      if (!counts.has(userId)) void recount(userId);
      return () => listeners.delete(listener);
    },
    () => counts.get(userId) ?? 0,
  );
}

export async function queueAttempt(userId: number, attempt: QueuedAttempt): Promise<void> {
  await store.put(userId, attempt.input.client_id, attempt);
  await recount(userId);
}

export interface SyncOutcome {
  sent: number;
  /** Refused by the server (the set was hidden since, say): dropped, they would never pass. */
  refused: number;
  /** Some could not be sent (no signal, a server error): they wait for the next try. */
  waiting: number;
}

let running: Promise<SyncOutcome> | null = null;

/** Sends the waiting attempts, oldest first; one run at a time in this tab. */
export function sendAttempts(userId: number, send: (input: AttemptInput) => Promise<unknown>) {
  running ??= (async () => {
    const queued = (await store.all(userId)).sort((a, b) =>
      a.input.finished_at.localeCompare(b.input.finished_at),
    );
    const outcome: SyncOutcome = { sent: 0, refused: 0, waiting: 0 };
    for (const [i, attempt] of queued.entries()) {
      try {
        await send(attempt.input);
        outcome.sent++;
      } catch (err) {
        if (isRetryable(err)) {
          outcome.waiting = queued.length - i;
          break;
        }
        outcome.refused++;
      }
      await store.remove(userId, attempt.input.client_id);
    }
    await recount(userId);
    return outcome;
  })().finally(() => {
    running = null;
  });
  return running;
}

export const forgetAttempts = (userId: number) => store.forget(userId);
