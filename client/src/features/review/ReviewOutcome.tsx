// The back of a checked review card: right or wrong, the key and the explanation. A wrong answer
// says when the card comes back (ts-fsrs rated it Again); a right one asks how it felt, each
// button saying when the card would come back, as Anki's do.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { REVIEW_RATINGS, type ReviewRating } from '@shared/schemas/review';
import { formatDate, plural } from '@shared/domain/display';
import { Button } from '../../components/Button';

type Checked = inferRouterOutputs<AppRouter>['review']['check'];

export const RATING_LABELS: Record<string, string> = {
  again: 'Again',
  hard: 'Hard',
  good: 'Good',
  easy: 'Easy',
};
const HOUR = 3_600_000;

/** A learning step is minutes away; a review, days. */
export function whenBack(iso: string, now = Date.now()): string {
  const ms = new Date(iso).getTime() - now;
  if (ms < HOUR) return `in ${plural(Math.max(1, Math.round(ms / 60_000)), 'minute')}`;
  if (ms < 24 * HOUR) return `in ${plural(Math.round(ms / HOUR), 'hour')}`;
  return `on ${formatDate(iso)}`;
}

export function ReviewOutcome({
  outcome,
  optionText,
  rating,
  onRate,
  onNext,
}: {
  outcome: Checked;
  optionText: string;
  /** The rating being sent, while it is. */
  rating: ReviewRating | undefined;
  onRate: (rating: ReviewRating) => void;
  onNext: () => void;
}) {
  const { rated, choices } = outcome;
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
        {rated && (
          <p className="mt-2" data-testid="review-schedule">
            Rated <strong>{RATING_LABELS[rated.rating]}</strong>: this card comes back{' '}
            {whenBack(rated.next_due)}.
          </p>
        )}
      </div>
      {choices ? (
        <fieldset className="mt-4" disabled={rating !== undefined}>
          <legend className="text-sm font-medium">How did it feel?</legend>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {REVIEW_RATINGS.map((r) => (
              <Button
                key={r}
                variant={r === 'good' ? 'primary' : 'secondary'}
                className="flex-col leading-tight"
                onClick={() => onRate(r)}
              >
                {RATING_LABELS[r]} <span className="text-xs font-normal">{whenBack(choices[r])}</span>
              </Button>
            ))}
          </div>
        </fieldset>
      ) : (
        <Button className="mt-4" onClick={onNext}>
          Next card
        </Button>
      )}
    </div>
  );
}
