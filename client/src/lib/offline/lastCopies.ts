// The last answers of the dashboard's and results' reads, kept per student, so the app opened
// with no signal shows what the student saw last, marked as such.
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { isRetryable } from '../errors';
import { userStore } from './userStore';

/** The reads worth keeping: small, the student's own, and what they look at offline. */
export const KEPT_READS = ['results.list', 'results.byId', 'mastery.overview', 'review.dueCount'];

interface Copy {
  key: QueryKey;
  data: unknown;
  savedAt: number;
}

const store = userStore<Copy>('copies');

/** Queries (by hash) showing a kept copy rather than a fresh answer. */
const showing = new Set<string>();
export const isShowingCopy = (queryHash: string) => showing.has(queryHash);

export const pathOf = (key: QueryKey) => (Array.isArray(key[0]) ? key[0].join('.') : '');

function put(queryClient: QueryClient, copy: Copy, queryHash: string) {
  showing.add(queryHash);
  queryClient.setQueryData(copy.key, copy.data, { updatedAt: copy.savedAt });
}

/**
 * Keeps every fresh answer of the kept reads; returns the unsubscribe. With `onNoAnswer` (the app
 * opened without an answer from the server, though the phone says it is online: a used-up data
 * bundle) a read that gets no answer shows its copy too; otherwise such a read shows its error.
 */
export function keepCopies(queryClient: QueryClient, userId: number, onNoAnswer: boolean): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !KEPT_READS.includes(pathOf(event.query.queryKey))) return;
    const { query, action } = event;
    // A manual set is this module's own copy going back into the cache, or an optimistic guess.
    if (action.type === 'success' && !action.manual && query.state.data !== undefined) {
      showing.delete(query.queryHash);
      const copy = { key: query.queryKey, data: query.state.data, savedAt: query.state.dataUpdatedAt };
      void store.put(userId, query.queryHash, copy).catch(() => {});
    }
    if (
      onNoAnswer &&
      action.type === 'error' &&
      query.state.data === undefined &&
      isRetryable(action.error)
    ) {
      void showCopy(queryClient, userId, query);
    }
  });
}

async function showCopy(queryClient: QueryClient, userId: number, query: Query) {
  const copy = await store.get(userId, query.queryHash).catch(() => undefined);
  if (copy && query.state.data === undefined) put(queryClient, copy, query.queryHash);
}

/** Puts the kept copies into the cache where it has nothing, dated when they were seen. */
export async function showCopies(queryClient: QueryClient, userId: number): Promise<void> {
  for (const copy of await store.all(userId)) {
    const query = queryClient.getQueryCache().build(queryClient, { queryKey: copy.key });
    if (query.state.data === undefined) put(queryClient, copy, query.queryHash);
  }
}

export const forgetCopies = (userId: number) => store.forget(userId);
