import { describe, expect, it } from 'vitest';
import { countByFilter, filterReview } from './reviewFilter';
import type { ResultDetail } from './types';

type Item = ResultDetail['user_answers'][number];
const item = (id: number, selected_answer: Item['selected_answer'], is_correct: boolean, flagged: boolean) =>
  ({ question: { id }, selected_answer, is_correct, flagged }) as Item;

const review = [
  item(1, 'A', true, false),
  item(2, 'B', false, true),
  item(3, null, false, true),
  item(4, 'C', false, false),
];

describe('review filters', () => {
  it('count each filter: wrong answers are Incorrect, blanks Unanswered', () => {
    expect(countByFilter(review)).toEqual({ all: 4, incorrect: 2, unanswered: 1, flagged: 2 });
  });

  it('keep the number each question had in the attempt', () => {
    expect(filterReview(review, 'flagged').map(({ item, index }) => [item.question.id, index])).toEqual([
      [2, 1],
      [3, 2],
    ]);
    expect(filterReview(review, 'incorrect').map(({ index }) => index)).toEqual([1, 3]);
  });
});
