// /results: skeleton, 'Error loading results' with Try again, the empty state, or the
// card grid (offline with no kept copy: that they need a connection); a sample quiz's result
// arrives in navigation state and shows above it.
import { Link, useLocation } from 'react-router-dom';
import { plural } from '@shared/domain/display';
import { buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SkeletonGrid } from '../../components/Skeleton';
import { isSampleResult } from '../../lib/sampleResult';
import { trpc } from '../../lib/trpc';
import { LoadFailure } from '../../components/NeedsConnection';
import { OfflineCopyNote } from '../../components/OfflineCopyNote';
import { ProgressChart } from './ProgressChart';
import { MIN_POINTS, progressSeries } from './progressSeries';
import { ResultCard } from './ResultCard';
import { SampleResultCard } from './SampleResultCard';

export default function ResultsPage() {
  const state: unknown = useLocation().state;
  const sample = isSampleResult(state) ? state : null;
  const results = trpc.results.list.useQuery(undefined, { staleTime: 0 });
  const progress = progressSeries(results.data ?? []);

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-4 text-2xl font-bold">Results</h1>
      <OfflineCopyNote reads={['results.list']} />
      {sample && <SampleResultCard result={sample} />}
      {results.isLoading ? (
        <SkeletonGrid label="Loading results…" />
      ) : results.isError || !results.data ? (
        <LoadFailure
          what="The results page"
          withResults={false}
          message="Error loading results"
          onRetry={() => void results.refetch()}
        />
      ) : results.data.length === 0 ? (
        <EmptyState
          title="Your Results Will Appear Here"
          message="Finish a mock exam or a practice test to see your grade and review your answers."
        >
          <Link to="/mock-exams" className={buttonClass('primary')}>
            Take Mock Exam
          </Link>
          <Link to="/practice-tests" className={buttonClass('secondary')}>
            Start Practice
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-slate-600 dark:text-slate-300">
            {plural(results.data.length, 'quiz', 'quizzes')} completed
          </p>
          {progress.length >= MIN_POINTS && <ProgressChart points={progress} />}
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {results.data.map((r) => (
              <ResultCard key={r.id} result={r} />
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/mock-exams" className={buttonClass('primary')}>
              Take Another Mock Exam
            </Link>
            <Link to="/practice-tests" className={buttonClass('secondary')}>
              Continue Practice
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
