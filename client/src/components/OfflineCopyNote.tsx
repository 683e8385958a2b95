// "Offline - showing what you saw on 26 Nov 2026, 10:14" above a page showing its last copies:
// offline, or online when the app opened without an answer and shows copies from the phone.
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@shared/domain/display';
import { useCopies } from '../lib/offline/LastCopiesProvider';
import { pathOf } from '../lib/offline/lastCopies';
import { useOnline } from '../hooks/useOnline';

/** `reads` are tRPC paths such as "results.list"; the note gives the oldest of their copies. */
export function OfflineCopyNote({ reads }: { reads: string[] }) {
  const online = useOnline();
  const cache = useQueryClient().getQueryCache();
  const { openedAt, noAnswer } = useCopies();
  const key = reads.join(',');
  const seenAt = useSyncExternalStore(
    useCallback((listener) => cache.subscribe(listener), [cache]),
    () => {
      const times = cache
        .getAll()
        .filter((q) => q.state.data !== undefined && key.split(',').includes(pathOf(q.queryKey)))
        .filter((q) => !online || (noAnswer && q.state.dataUpdatedAt < openedAt))
        .map((q) => q.state.dataUpdatedAt);
      return times.length ? Math.min(...times) : 0;
    },
  );
  if (!seenAt) return null;
  return (
    <p
      role="status"
      data-testid="offline-copy"
      className="mb-4 rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
    >
      Offline - showing what you saw on {formatDateTime(new Date(seenAt).toISOString())}
    </p>
  );
}
