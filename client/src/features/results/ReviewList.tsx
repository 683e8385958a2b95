// The review of a result with its filters: each question keeps its number in
// the attempt whatever the filter shows.
import { useState } from 'react';
import { AnswerReview } from './AnswerReview';
import { ReviewFilters } from './ReviewFilters';
import { countByFilter, EMPTY_MESSAGES, filterReview, type ReviewFilter } from './reviewFilter';
import type { ResultDetail } from './types';

export function ReviewList({ items }: { items: ResultDetail['user_answers'] }) {
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const shown = filterReview(items, filter);
  return (
    <>
      <ReviewFilters value={filter} counts={countByFilter(items)} onChange={setFilter} />
      <p aria-live="polite" className="sr-only">
        Showing {shown.length} {shown.length === 1 ? 'question' : 'questions'}
      </p>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          {EMPTY_MESSAGES[filter]}
        </p>
      ) : (
        <ol aria-label="Reviewed questions" className="space-y-4">
          {shown.map(({ item, index }) => (
            <AnswerReview key={item.question.id} item={item} index={index} />
          ))}
        </ol>
      )}
    </>
  );
}
