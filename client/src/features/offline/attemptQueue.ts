// Attempts taken offline wait here until they reach the server. Each carries
// the id the phone gave it, so sending one twice (a lost answer, a reload mid-send) stores it once.
import { useSyncExternalStore } from 'react';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { firstServerMessage } from '../../lib/session';
import { isRetryable } from '../../lib/errors';
import { userStore } from '../../lib/offline/userStore';

export type AttemptInput = inferRouterInputs<AppRouter>['offline']['submitAttempt'];

export interface QueuedAttempt {
  input: AttemptInput;
  title: string;
  /** The server's reason when it refused the attempt: kept to tell the student, never resent. */
  refused?: string;
}

const store = userStore<QueuedAttempt>('attempts');

// The queue as the badge and the agent read it, one read of the store per change.
interface QueueState {
  pending: number;
  refused: QueuedAttempt[];
}
const EMPTY: QueueState = { pending: 0, refused: [] };
const states = new Map<number, QueueState>();
const listeners = new Set<() => void>();

async function recount(userId: number): Promise<void> {
  const all = await store.all(userId);
  states.set(userId, {
    pending: all.filter((a) => !a.refused).length,
    refused: all.filter((a) => a.refused),
  });
  for (const listener of listeners) listener();
}

function subscribe(userId: number, listener: () => void) {
  listeners.add(listener);
  if (!states.has(userId)) void recount(userId);
  return () => void listeners.delete(listener);
}

export function useQueue(userId: number): QueueState {
  return useSyncExternalStore(
    (listener) => subscribe(userId, listener),
    () => states.get(userId) ?? EMPTY,
  );
}

export const usePendingCount = (userId: number) => useQueue(userId).pending;

/** The student has read why an attempt was refused. */
export async function dismissRefused(userId: number, clientId: string): Promise<void> {
  await store.remove(userId, clientId);
  await recount(userId);
}

export async function queueAttempt(userId: number, attempt: QueuedAttempt): Promise<void> {
  await store.put(userId, attempt.input.client_id, attempt);
  await recount(userId);
}

export interface SyncOutcome {
  sent: number;
  /** Refused by the server (the set was hidden since, say): kept to be shown, never resent. */
  refused: number;
  /** Some could not be sent (no signal, a server error): they wait for the next try. */
  waiting: number;
}

let running: Promise<SyncOutcome> | null = null;

/** Sends the waiting attempts, oldest first; one run at a time in this tab. */
export function sendAttempts(userId: number, send: (input: AttemptInput) => Promise<unknown>) {
  running ??= (async () => {
    const queued = (await store.all(userId))
      .filter((a) => !a.refused)
      .sort((a, b) => a.input.finished_at.localeCompare(b.input.finished_at));
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
        const refused = firstServerMessage(err, [], 'The server refused this attempt.');
        await store.put(userId, attempt.input.client_id, { ...attempt, refused });
        continue;
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
