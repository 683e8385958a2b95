// The review's filters: which answered questions each one keeps. Incorrect
// means answered wrongly; a question left blank is Unanswered (both count as wrong in the score).
import type { ResultDetail } from './types';

type ReviewItem = ResultDetail['user_answers'][number];
export type ReviewFilter = 'all' | 'incorrect' | 'unanswered' | 'flagged';

export const REVIEW_FILTERS: Array<{ value: ReviewFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'incorrect', label: 'Incorrect' },
  { value: 'unanswered', label: 'Unanswered' },
  { value: 'flagged', label: 'Flagged' },
];

const KEEPS: Record<ReviewFilter, (item: ReviewItem) => boolean> = {
  all: () => true,
  incorrect: (item) => item.selected_answer !== null && !item.is_correct,
  unanswered: (item) => item.selected_answer === null,
  flagged: (item) => item.flagged,
};

/** The items a filter keeps, each with its number in the attempt. */
export function filterReview(items: ReviewItem[], filter: ReviewFilter) {
  return items.map((item, index) => ({ item, index })).filter(({ item }) => KEEPS[filter](item));
}

export function countByFilter(items: ReviewItem[]): Record<ReviewFilter, number> {
  const count = (f: ReviewFilter) => items.filter(KEEPS[f]).length;
  return {
    all: items.length,
    incorrect: count('incorrect'),
    unanswered: count('unanswered'),
    flagged: count('flagged'),
  };
}

export const EMPTY_MESSAGES: Record<ReviewFilter, string> = {
  all: 'This result has no questions to review.',
  incorrect: 'No incorrect answers in this attempt.',
  unanswered: 'You answered every question.',
  flagged: 'You flagged no questions in this attempt.',
};
