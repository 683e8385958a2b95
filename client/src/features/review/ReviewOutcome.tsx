// A checked review card: right or wrong, the key, the explanation, the rating ts-fsrs applied
// and when the card comes back.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { formatDate, plural } from '../../../../shared/domain/display';
import { Button } from '../../components/Button';

type Outcome = inferRouterOutputs<AppRouter>['review']['answer'];

const RATING_LABELS: Record<string, string> = { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' };
const HOUR = 3_600_000;

/** A learning step is minutes away; a review, days. */
function whenBack(iso: string, now = Date.now()): string {
  const ms = new Date(iso).getTime() - now;
  if (ms < HOUR) return `in ${plural(Math.max(1, Math.round(ms / 60_000)), 'minute')}`;
  if (ms < 24 * HOUR) return `in ${plural(Math.round(ms / HOUR), 'hour')}`;
  return `on ${formatDate(iso)}`;
}

export function ReviewOutcome({
  outcome,
  optionText,
  onNext,
}: {
  outcome: Outcome;
  optionText: string;
  onNext: () => void;
}) {
  return (
    <div className="mt-4">
      <div
        role="status"
        className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-600 dark:bg-slate-900"
      >
        <p
          className={`font-semibold ${outcome.correct ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
        >
          {outcome.correct ? 'Correct!' : 'Incorrect'}
        </p>
        <p className="mt-1">
          Correct answer:{' '}
          <strong>
            {outcome.correct_answer}. {optionText}
          </strong>
        </p>
        {outcome.explanation && (
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            <span className="font-semibold">Explanation: </span>
            {outcome.explanation}
          </p>
        )}
        <p className="mt-2" data-testid="review-schedule">
          Rated <strong>{RATING_LABELS[outcome.rating]}</strong>: this card comes back{' '}
          {whenBack(outcome.next_due)}.
        </p>
      </div>
      <Button className="mt-4" onClick={onNext}>
        Next card
      </Button>
    </div>
  );
}
