// The last answers of the dashboard's and results' reads, kept per student, so the app opened
// with no signal shows what the student saw last, marked as such (issue 21, point 2).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { userStore } from './userStore';

/** The reads worth keeping: small, the student's own, and what they look at offline. */
export const KEPT_READS = ['results.list', 'results.byId', 'mastery.overview', 'review.dueCount'];

interface Copy {
  key: QueryKey;
  data: unknown;
  savedAt: number;
}

const store = userStore<Copy>('copies');

const pathOf = (key: QueryKey) => (Array.isArray(key[0]) ? key[0].join('.') : '');

/** Keeps every fresh answer of the kept reads; returns the unsubscribe. */
export function keepCopies(queryClient: QueryClient, userId: number): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    // A manual set is this module's own copy going back into the cache, or an optimistic guess.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const { query } = event;
    if (!KEPT_READS.includes(pathOf(query.queryKey)) || query.state.data === undefined) return;
    const copy = { key: query.queryKey, data: query.state.data, savedAt: query.state.dataUpdatedAt };
    void store.put(userId, query.queryHash, copy).catch(() => {});
  });
}

/** Puts the kept copies into the cache where it has nothing, dated when they were seen. */
export async function showCopies(queryClient: QueryClient, userId: number): Promise<void> {
  for (const copy of await store.all(userId)) {
    if (queryClient.getQueryData(copy.key) === undefined) {
      queryClient.setQueryData(copy.key, copy.data, { updatedAt: copy.savedAt });
    }
  }
}

export const forgetCopies = (userId: number) => store.forget(userId);
