// The student area's offline work, mounted once: keeps the last copies of the kept
// reads, shows them when the app is offline, and sends the waiting attempts on start, when the
// signal returns, and every half minute while some wait.
import { useEffect } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { sendAttempts, usePendingCount } from './attemptQueue';
import { keepCopies, showCopies } from '../../lib/offline/lastCopies';

const RETRY_MS = 30_000;

// React Query learns of a lost signal from the offline event only, which a page opened with no
// signal never gets: without this its reads would fail after retries instead of waiting.
if (!navigator.onLine) onlineManager.setOnline(false);

export function OfflineAgent({ userId, restoredOffline }: { userId: number; restoredOffline: boolean }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const pending = usePendingCount(userId);

  useEffect(() => {
    const stop = keepCopies(queryClient, userId, restoredOffline);
    const show = () => void showCopies(queryClient, userId).catch(() => {});
    if (!navigator.onLine) show();
    window.addEventListener('offline', show);
    return () => {
      stop();
      window.removeEventListener('offline', show);
    };
  }, [queryClient, userId, restoredOffline]);

  useEffect(() => {
    const send = async () => {
      if (!navigator.onLine) return;
      const outcome = await sendAttempts(userId, (input) => utils.client.offline.submitAttempt.mutate(input));
      if (outcome.sent > 0) {
        // The new results count in the lists, mastery, the review deck and the notifications.
        void Promise.all([
          utils.results.invalidate(),
          utils.mastery.invalidate(),
          utils.review.invalidate(),
          utils.notifications.invalidate(),
        ]);
      }
    };
    const run = () => void send().catch(() => {});
    run();
    window.addEventListener('online', run);
    const timer = pending > 0 ? window.setInterval(run, RETRY_MS) : undefined;
    return () => {
      window.removeEventListener('online', run);
      window.clearInterval(timer);
    };
  }, [userId, utils, pending]);

  return null;
}
