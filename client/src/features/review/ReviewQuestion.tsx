// One due review card, the way Anki users know it: the question and its options; Show answer
// checks the chosen one on the server and shows the key and the explanation; then a right answer
// is rated Hard, Good or Easy (a wrong one is Again at once, and Next card moves on).
import { useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import type { ReviewRating } from '@shared/schemas/review';
import { Button } from '../../components/Button';
import { OptionList } from '../../components/OptionList';
import { firstServerMessage } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ReviewOutcome } from './ReviewOutcome';

type Outputs = inferRouterOutputs<AppRouter>;
type DueCard = NonNullable<Outputs['review']['next']>;
export type Rated = Outputs['review']['rate'];
type Letter = 'A' | 'B' | 'C' | 'D';
const LETTERS: Letter[] = ['A', 'B', 'C', 'D'];

export function ReviewQuestion({
  card,
  onChecked,
  onRated,
  onNext,
}: {
  card: DueCard;
  onChecked: () => void;
  onRated: (rated: Rated) => void;
  onNext: () => void;
}) {
  const { question } = card;
  const [selected, setSelected] = useState<Letter | undefined>();
  const check = trpc.review.check.useMutation({ onSuccess: onChecked });
  const rate = trpc.review.rate.useMutation({ onSuccess: onRated });
  const outcome = check.data;
  const failed = check.error ?? rate.error;
  const options: Record<Letter, string> = {
    A: question.option_a,
    B: question.option_b,
    C: question.option_c,
    D: question.option_d,
  };

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
        disabled={Boolean(outcome) || check.isPending}
        onSelect={(letter) => setSelected(letter as Letter)}
        marks
      />
      {outcome ? (
        <ReviewOutcome
          outcome={outcome}
          optionText={options[outcome.correct_answer as Letter]}
          rating={rate.isPending || rate.isSuccess ? rate.variables?.rating : undefined}
          onRate={(rating: ReviewRating) =>
            rate.mutate({
              question_id: question.question_id,
              selected_answer: outcome.selected_answer,
              rating,
            })
          }
          onNext={onNext}
        />
      ) : (
        <div className="mt-4">
          <Button
            disabled={!selected || check.isPending}
            onClick={() =>
              selected && check.mutate({ question_id: question.question_id, selected_answer: selected })
            }
          >
            {check.isPending ? 'Checking...' : 'Show answer'}
          </Button>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            Choose an answer, then see the key and the explanation. A wrong answer counts as Again.
          </p>
        </div>
      )}
      {failed && (
        <div role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          <p>{firstServerMessage(failed, [], 'Could not check the answer. Try again.')}</p>
          {failed.data?.code === 'CONFLICT' && (
            <Button variant="secondary" className="mt-2" onClick={onNext}>
              Next card
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
