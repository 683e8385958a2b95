// The student area's offline work, mounted once: sends the waiting attempts on start, when the
// signal returns, and every half minute while some wait. (The last copies of the pages:
// LastCopiesProvider.tsx.)
import { useEffect } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { sendAttempts, usePendingCount } from './attemptQueue';

const RETRY_MS = 30_000;

// React Query learns of a lost signal from the offline event only, which a page opened with no
// signal never gets: without this its reads would fail after retries instead of waiting.
if (!navigator.onLine) onlineManager.setOnline(false);

export function OfflineAgent({ userId }: { userId: number }) {
  const utils = trpc.useUtils();
  const pending = usePendingCount(userId);

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
