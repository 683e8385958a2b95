// /downloads/{setId}/practice: a downloaded practice set taken with or without signal, with the
// online screen's instant feedback. Finishing queues the attempt; the
// student area's agent sends it, and the server grades it on its own keys.
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useSession } from '../../lib/session';
import { queueAttempt } from './attemptQueue';
import { downloadedSet, type DownloadedSet } from '../../lib/offline/downloads';
import { OfflineRunner, type Finished } from './OfflineRunner';
import { dropProgress, saveProgress, savedProgress, type Progress } from '../../lib/offline/practiceProgress';

export default function OfflinePracticePage() {
  const setId = Number(useParams().setId) || 0;
  const userId = useSession().user?.id ?? 0;
  const [set, setSet] = useState<DownloadedSet | null | undefined>(undefined);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [done, setDone] = useState<Finished | null>(null);
  const keep = useCallback(
    (p: Progress) => void saveProgress(userId, setId, p).catch(() => {}),
    [userId, setId],
  );

  useEffect(() => {
    void Promise.all([downloadedSet(userId, setId), savedProgress(userId, setId)]).then(([stored, saved]) => {
      setProgress(saved ?? null);
      setSet(stored?.set ?? null);
    });
  }, [userId, setId]);

  if (set === undefined) return <LoadingScreen />;
  if (set === null || done) {
    return (
      <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 bg-slate-50 p-4 dark:bg-slate-900">
        <div className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
          {done ? (
            <>
              <h1 className="text-xl font-semibold">
                {done.correct} of {done.total} right (
                {done.total ? Math.round((done.correct / done.total) * 100) : 0}%)
              </h1>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                Your attempt is saved on this phone and goes to your results as soon as you are online.
              </p>
            </>
          ) : (
            <h1 className="text-lg font-semibold">This set is not downloaded on this phone.</h1>
          )}
        </div>
        <Link to="/downloads" className={buttonClass('primary')}>
          Back to Downloads
        </Link>
        <Link to="/dashboard" className={buttonClass('secondary')}>
          Dashboard
        </Link>
      </div>
    );
  }
  return (
    <OfflineRunner
      set={set}
      resumed={progress}
      onProgress={keep}
      onFinish={async (finished) => {
        await queueAttempt(userId, { input: finished.input, title: set.title });
        await dropProgress(userId, set.id);
        setDone(finished);
      }}
    />
  );
}
