// /quiz/result/{id}: every figure, the grade and its message, the score by topic, the review,
// and the buttons View All Results, Back to Dashboard and Retake.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import X from 'lucide-react/icons/x';
import { formatSeconds, gradeFor, GRADE_MESSAGES, percentageOf } from '@shared/domain/grading';
import { Button, buttonClass, FOCUS_RING } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SkeletonGrid } from '../../components/Skeleton';
import { firstServerMessage } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ReviewList } from './ReviewList';
import { PractiseMistakesButton } from './PractiseMistakesButton';
import { formatDate } from '@shared/domain/display';
import { AccuracyBar, GradeChip, TypeBadge } from './display';
import { PercentileNote } from './PercentileNote';
import { showsTopicScores, TopicScores } from './TopicScores';
import { LoadFailure } from '../../components/NeedsConnection';

export default function ResultDetailPage() {
  const id = Number(useParams().resultId) || 0;
  const navigate = useNavigate();
  const result = trpc.results.byId.useQuery(
    { id },
    { retry: (count, err) => err.data?.httpStatus !== 404 && err.data?.httpStatus !== 403 && count < 2 },
  );
  const retake = trpc.quiz.start.useMutation();
  const [retakeError, setRetakeError] = useState<string | null>(null);

  if (result.isLoading) return <SkeletonGrid count={3} label="Loading result…" />;
  if (result.error?.data?.httpStatus === 404 || (result.isError && id === 0)) {
    return (
      <EmptyState title="Result not found">
        <Link to="/results" className={buttonClass('primary')}>
          View All Results
        </Link>
      </EmptyState>
    );
  }
  // A class mock's result before its release: submitted, and when the results come out.
  if ((result.error?.data as { withheld?: number } | undefined)?.withheld) {
    return (
      <EmptyState title="Submitted" message={result.error?.message}>
        <Link to="/class-mocks" className={buttonClass('primary')}>
          Class mocks
        </Link>
      </EmptyState>
    );
  }
  if (result.isError || !result.data)
    return <LoadFailure message="Failed to load the result" onRetry={() => void result.refetch()} />;

  const r = result.data;
  const accuracy = percentageOf(r.correct_answers, r.total_questions);
  const type = r.session.quiz_type;

  async function onRetake() {
    setRetakeError(null);
    try {
      const started = await retake.mutateAsync({ quiz_type: type, quiz_id: r.session.quiz_id });
      navigate(`/quiz/${type}/${r.session.quiz_id}`, { state: { started } });
    } catch (err) {
      setRetakeError(firstServerMessage(err, ['detail'], 'Failed to start retake. Please try again.'));
    }
  }

  return (
    <div className="mx-auto max-w-4xl">
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={type} origin={r.session.origin} />
          <span className="text-sm text-slate-500 dark:text-slate-400">{formatDate(r.created_at)}</span>
        </div>
        <h1 className="mt-2 text-2xl font-bold">{r.session.quiz_name}</h1>
        {r.session.timed_out && (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            Time ran out: your exam was submitted automatically with the answers saved by then.
          </p>
        )}
        <div className="mt-4 flex items-center gap-4">
          <GradeChip percentage={r.percentage} large />
          <div>
            <p className="text-4xl font-extrabold" data-testid="percentage">
              {r.percentage}%
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {GRADE_MESSAGES[gradeFor(r.percentage)]}
            </p>
          </div>
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Correct" value={String(r.correct_answers)} />
          <Stat label="Total" value={String(r.total_questions)} />
          <Stat label="Points" value={String(r.score)} />
          <Stat label="Time" value={formatSeconds(r.time_spent_seconds)} />
        </dl>
        <div className="mt-4">
          <AccuracyBar accuracy={accuracy} />
        </div>
        {type === 'mock' && <PercentileNote resultId={r.id} />}
        {showsTopicScores(r) && <TopicScores rows={r.by_topic} />}
        {retakeError && (
          <div
            role="alert"
            className="mt-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            <p className="flex-1">{retakeError}</p>
            <button
              type="button"
              aria-label="Dismiss"
              onClick={() => setRetakeError(null)}
              className={`rounded p-1 ${FOCUS_RING}`}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </div>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/results" className={buttonClass('secondary')}>
            View All Results
          </Link>
          <Link to="/dashboard" className={buttonClass('secondary')}>
            Back to Dashboard
          </Link>
          {/* A session built from a topic or from mistakes has no set (quiz_id 0) to retake. */}
          {r.session.quiz_id !== 0 && (
            <Button onClick={onRetake} disabled={retake.isPending}>
              {retake.isPending ? 'Starting...' : 'Retake'}
            </Button>
          )}
          <PractiseMistakesButton
            resultId={r.id}
            missed={r.user_answers.filter((a) => !a.is_correct).length}
          />
        </div>
      </section>
      <h2 className="mt-8 mb-4 text-xl font-semibold">Review your answers</h2>
      <ReviewList items={r.user_answers} />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-100 p-3 dark:bg-slate-700">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}
