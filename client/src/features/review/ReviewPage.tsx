// /review: the student's due review cards one at a time, the empty state
// when none is due, and the daily limit on new cards. The schedule lives on the server
// (ts-fsrs), so every phone sees the same.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { plural } from '@shared/domain/display';
import { buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SkeletonGrid } from '../../components/Skeleton';
import { trpc } from '../../lib/trpc';
import { LoadFailure } from '../../components/NeedsConnection';
import { DailyLimitForm } from './DailyLimitForm';
import { RATING_LABELS, whenBack } from './ReviewOutcome';
import { ReviewQuestion, type Rated } from './ReviewQuestion';

export default function ReviewPage() {
  const next = trpc.review.next.useQuery(undefined, { staleTime: 0 });
  const due = trpc.review.dueCount.useQuery(undefined, { staleTime: 0 });
  const [lastRated, setLastRated] = useState<Rated | null>(null);
  // Next card shows the loading state, not the card just answered, until the next one arrives.
  const [advancing, setAdvancing] = useState(false);
  const advance = () => {
    setAdvancing(true);
    void Promise.all([next.refetch(), due.refetch()]).finally(() => setAdvancing(false));
  };
  const held = due.data?.new_held ?? 0;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Review</h1>
      {due.data && (
        <p className="mt-1 text-slate-600 dark:text-slate-300" data-testid="review-due">
          {plural(due.data.due, 'card')} due now
          {held > 0 && ` · ${plural(held, 'new card')} held for another day`}
        </p>
      )}
      {lastRated && (
        <p role="status" className="mt-2 text-sm" data-testid="last-review">
          Last card rated <strong>{RATING_LABELS[lastRated.rating]}</strong>: it comes back{' '}
          {whenBack(lastRated.next_due)}.
        </p>
      )}
      <div className="mt-4">
        {next.isLoading || advancing ? (
          <SkeletonGrid count={1} label="Loading your next card…" />
        ) : next.isError || next.data === undefined ? (
          // The schedule is the server's: offline the deck says it needs the connection.
          <LoadFailure
            what="Your review"
            message="Error loading your review"
            onRetry={() => void next.refetch()}
          />
        ) : next.data === null ? (
          <EmptyState
            title="Nothing to review right now"
            message={
              held > 0
                ? `Today's new cards are done: ${plural(held, 'new card')} held for the next days.`
                : 'Questions you miss or mark "not sure" come back here when they are due.'
            }
          >
            <Link to="/practice-tests" className={buttonClass('primary')}>
              Start Practice
            </Link>
            <Link to="/dashboard" className={buttonClass('secondary')}>
              Dashboard
            </Link>
          </EmptyState>
        ) : (
          <ReviewQuestion
            key={`${next.data.question.question_id}:${next.data.card.due}`}
            card={next.data}
            onChecked={() => {
              setLastRated(null);
              void due.refetch();
            }}
            onRated={(rated) => {
              setLastRated(rated);
              advance();
            }}
            onNext={advance}
          />
        )}
      </div>
      {due.data && <DailyLimitForm current={due.data.new_per_day} onSaved={advance} />}
    </div>
  );
}
