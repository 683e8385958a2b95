// The dashboard's mastery block (docs/learning.md), loaded as its own chunk
// after the dashboard's cards so the first screen after sign-in stays small.
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Skeleton } from '../../../components/Skeleton';
import { trpc } from '../../../lib/trpc';
import { MasteryTree } from './MasteryTree';
import { WeakTopics } from './WeakTopics';

export default function MasteryPanel() {
  const mastery = trpc.mastery.overview.useQuery(undefined, { staleTime: 0 });
  return (
    <section
      aria-labelledby="mastery-heading"
      className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <h2 id="mastery-heading" className="text-xl font-semibold">
        Mastery by topic
      </h2>
      <div className="mt-3 space-y-6">
        {mastery.isLoading ? (
          <div role="status">
            <span className="sr-only">Loading your mastery…</span>
            <Skeleton className="h-24" />
          </div>
        ) : mastery.isError || !mastery.data ? (
          <ErrorPanel message="Failed to load your mastery" onRetry={() => void mastery.refetch()} />
        ) : mastery.data.programs.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Take a practice set or a mock exam: your share of correct answers by topic shows here.
          </p>
        ) : (
          <>
            <WeakTopics topics={mastery.data.weakest} />
            <MasteryTree programs={mastery.data.programs} />
          </>
        )}
      </div>
    </section>
  );
}
