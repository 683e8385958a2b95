// One due review card: the question, the options, and Hard / Good / Easy to check the answer on
// the server. A wrong answer is always Again. Then the key, the explanation and when it is due.
import { useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import type { ReviewRating } from '../../../../shared/schemas/review';
import { Button } from '../../components/Button';
import { OptionList } from '../../components/OptionList';
import { firstServerMessage } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ReviewOutcome } from './ReviewOutcome';

type Outputs = inferRouterOutputs<AppRouter>;
type DueCard = NonNullable<Outputs['review']['next']>;
type Letter = 'A' | 'B' | 'C' | 'D';
const LETTERS: Letter[] = ['A', 'B', 'C', 'D'];

const RATINGS: { rating: ReviewRating; label: string }[] = [
  { rating: 'hard', label: 'Hard' },
  { rating: 'good', label: 'Good' },
  { rating: 'easy', label: 'Easy' },
];

export function ReviewQuestion({
  card,
  onAnswered,
  onNext,
}: {
  card: DueCard;
  onAnswered: () => void;
  onNext: () => void;
}) {
  const { question } = card;
  const [selected, setSelected] = useState<Letter | undefined>();
  const answer = trpc.review.answer.useMutation({ onSuccess: onAnswered });
  const outcome = answer.data;
  const options: Record<Letter, string> = {
    A: question.option_a,
    B: question.option_b,
    C: question.option_c,
    D: question.option_d,
  };
  const check = (rating: ReviewRating) =>
    selected && answer.mutate({ question_id: question.question_id, selected_answer: selected, rating });

  return (
    <section
      aria-labelledby="review-question"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <h2 id="review-question" className="text-lg font-semibold">
        {question.question_text}
      </h2>
      <OptionList
        labelledBy="review-question"
        options={LETTERS.map((letter) => ({ letter, text: options[letter] }))}
        selected={selected}
        keyLetter={outcome?.correct_answer}
        disabled={Boolean(outcome) || answer.isPending}
        onSelect={(letter) => setSelected(letter as Letter)}
        marks
      />
      {outcome ? (
        <ReviewOutcome outcome={outcome} optionText={options[outcome.correct_answer]} onNext={onNext} />
      ) : (
        <fieldset className="mt-4" disabled={!selected || answer.isPending}>
          <legend className="text-sm font-medium">Check my answer. It felt:</legend>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {RATINGS.map(({ rating, label }) => (
              <Button
                key={rating}
                variant={rating === 'good' ? 'primary' : 'secondary'}
                onClick={() => check(rating)}
              >
                {label}
              </Button>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">A wrong answer counts as Again.</p>
        </fieldset>
      )}
      {answer.isError && (
        <div role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          <p>{firstServerMessage(answer.error, [], 'Could not check the answer. Try again.')}</p>
          {answer.error.data?.code === 'CONFLICT' && (
            <Button variant="secondary" className="mt-2" onClick={onNext}>
              Next card
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
