import { describe, expect, it } from 'vitest';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { asCopies, copiesOptions } from './lastCopies';

// tRPC's query keys: [path, { input, type }].
const key = (path: string, input?: unknown) => [path.split('.'), { input, type: 'query' }];

/** What the phone would store for this cache (the persister's save, without IndexedDB). */
function saved(queryClient: QueryClient) {
  const { dehydrateOptions } = copiesOptions(queryClient, 7);
  return asCopies({ timestamp: 1, buster: 'x', clientState: dehydrate(queryClient, dehydrateOptions) })
    .clientState;
}

describe('the last copies a student keeps', () => {
  it('keeps the kept reads only, the last answer of a read that failed since, and no mutation', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(key('results.list'), [{ id: 1 }], { updatedAt: 1000 });
    queryClient.setQueryData(key('catalog.programs'), [{ id: 2 }]);
    queryClient.setQueryData(key('notifications.list'), []);
    await queryClient
      .fetchQuery({
        queryKey: key('results.list'),
        queryFn: () => Promise.reject(new Error('no signal')),
        retry: false,
        staleTime: 0,
      })
      .catch(() => {});
    expect(queryClient.getQueryState(key('results.list'))?.status).toBe('error');

    const state = saved(queryClient);
    expect(state.mutations).toEqual([]);
    expect(state.queries.map((q) => q.queryKey[0])).toEqual([['results', 'list']]);
    expect(state.queries[0].state).toMatchObject({
      data: [{ id: 1 }],
      dataUpdatedAt: 1000,
      status: 'success',
      error: null,
      // Refetched when its page opens, even within the read's staleTime.
      isInvalidated: true,
    });
  });

  it('keeps the 20 result reviews seen last', () => {
    const queryClient = new QueryClient();
    for (let id = 1; id <= 25; id++) {
      queryClient.setQueryData(key('results.byId', { id }), { id }, { updatedAt: id * 1000 });
    }
    const ids = saved(queryClient).queries.map((q) => (q.state.data as { id: number }).id);
    expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
  });

  it('keeps the reads in the cache after their page closes, so they stay in the copies', () => {
    const queryClient = new QueryClient();
    copiesOptions(queryClient, 7);
    expect(queryClient.getQueryDefaults(key('mastery.overview')).gcTime).toBe(Infinity);
    expect(queryClient.getQueryDefaults(key('catalog.programs')).gcTime).toBeUndefined();
  });
});
