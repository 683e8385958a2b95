// The last answers of the reads a student looks at with no signal (the dashboard's figures, the
// results, a result's review), saved to IndexedDB by TanStack Query's persister under the
// student's id and put back into the cache when the student's area opens (LastCopies.tsx).
import type { DehydratedState, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  PersistedClient,
  PersistQueryClientOptions,
  Persister,
} from '@tanstack/react-query-persist-client';
import { version } from '../../../../package.json';
import { isRetryable } from '../errors';
import { userStore } from './userStore';

/** The reads worth keeping: small, the student's own, and what they look at offline. */
export const KEPT_READS = ['results.list', 'results.byId', 'mastery.overview', 'review.dueCount'];

/** A student may be offline for weeks (holidays, a used-up bundle); older copies are dropped. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** How long the student's area waits for its copies before it opens without them. */
const RESTORE_WAIT_MS = 3000;
/** Result reviews kept: the ones seen last. The copies are written as one record, kept small. */
const MAX_RESULT_COPIES = 20;

export const pathOf = (key: QueryKey) => (Array.isArray(key[0]) ? key[0].join('.') : '');
const isKept = (query: Query) => KEPT_READS.includes(pathOf(query.queryKey));

type CopiedQuery = DehydratedState['queries'][number];

// One record per student: [user id, 'client'].
const store = userStore<PersistedClient>('copies');
const CLIENT = 'client';

/**
 * A copy is the last answer and when it came, not a failure after it; it is refetched when its
 * page opens whatever the read's staleTime, and only the latest result reviews are kept.
 */
export function asCopies(client: PersistedClient): PersistedClient {
  const reviews = client.clientState.queries
    .filter((q) => pathOf(q.queryKey) === 'results.byId')
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(MAX_RESULT_COPIES);
  const queries = client.clientState.queries
    .filter((q) => !reviews.includes(q))
    .map(
      (q): CopiedQuery => ({
        ...q,
        state: {
          ...q.state,
          status: 'success',
          error: null,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchStatus: 'idle',
          isInvalidated: true,
        },
      }),
    );
  return { ...client, clientState: { queries, mutations: [] } };
}

/** Which answers a save holds: a save that changes none of them is not written again. */
const signature = (client: PersistedClient) =>
  client.clientState.queries.map((q) => `${q.queryHash}@${q.state.dataUpdatedAt}`).join('\n');

/** The persister of the student signed in now, stopped when that student's copies are deleted. */
const writers = new Map<number, { stop(): Promise<void> }>();

/**
 * Persister over idb-keyval. The library saves on every change of the cache: one write runs at
 * a time, and the latest save waiting replaces any earlier one.
 */
function copiesPersister(userId: number): Persister {
  let next: PersistedClient | undefined;
  let written = '';
  let stopped = false;
  let writing = Promise.resolve();
  const write = async () => {
    const client = next && asCopies(next);
    next = undefined;
    if (!client || stopped) return;
    const holds = signature(client);
    if (holds === written) return;
    await store.put(userId, CLIENT, client);
    written = holds;
  };
  return {
    persistClient(client) {
      if (stopped) return;
      const queued = next !== undefined;
      next = client;
      if (!queued) writing = writing.then(write).catch(() => {});
    },
    async restoreClient() {
      writers.set(userId, {
        stop() {
          stopped = true;
          return writing;
        },
      });
      // A phone holds one student's copies: another student's go when this one's area opens.
      const read = Promise.all([store.forgetOthers(userId), store.get(userId, CLIENT)]);
      // The area waits for the copies: a storage that does not answer must not hold it for long.
      const gaveUp = new Promise<undefined>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS));
      const client = await Promise.race([read.then(([, kept]) => kept), gaveUp]);
      if (client) written = signature(client);
      return client;
    },
    removeClient: () => store.remove(userId, CLIENT),
  };
}

/**
 * The persister's options for this student. Kept reads stay in the cache (and so in the saved
 * copies) for as long as the tab lives, not the default five minutes after their page closes.
 */
export function copiesOptions(
  queryClient: QueryClient,
  userId: number,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  for (const path of KEPT_READS) queryClient.setQueryDefaults([path.split('.')], { gcTime: Infinity });
  return {
    persister: copiesPersister(userId),
    maxAge: MAX_AGE_MS,
    // A new release may answer these reads in another shape: it starts without the old copies.
    buster: version,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.data !== undefined && isKept(query),
      // Answers in progress wait in the attempt queue (attemptQueue.ts), never here.
      shouldDehydrateMutation: () => false,
    },
  };
}

/**
 * For an app opened without an answer from the server although the phone says it is online (a
 * used-up data bundle): a kept read that gets no answer either keeps showing its copy instead of
 * an error. Returns the unsubscribe.
 */
export function showCopiesWithoutAnswer(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error' || !isKept(event.query)) return;
    const { query, action } = event;
    if (query.state.data !== undefined && isRetryable(action.error)) {
      queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
    }
  });
}

/** Deletes the student's copies, after any write of them still running. */
export async function forgetCopies(userId: number): Promise<void> {
  await writers.get(userId)?.stop();
  writers.delete(userId);
  await store.forget(userId);
}
