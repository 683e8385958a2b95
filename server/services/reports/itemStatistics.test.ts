// The item figures' edge cases the router test does not reach: the size of the 27% groups, ties
// at a group's edge, and a question fewer attempts were asked than the set's threshold.
import { describe, expect, it } from 'vitest';
import type { AnswerLetter } from '../../../db/schema';
import { groupSize, itemFigures, type Attempt } from './itemStatistics';

const attempt = (
  resultId: number,
  score: number,
  letter: AnswerLetter | null,
  questionIds = [1],
): Attempt => ({
  resultId,
  score,
  questionIds,
  answers: new Map(letter ? [[1, letter]] : []),
});

describe('item figures', () => {
  it('makes each group 27% of the takers, rounded, and never empty', () => {
    expect([1, 3, 10, 11, 20, 100, 1000].map(groupSize)).toEqual([1, 1, 3, 3, 5, 27, 270]);
  });

  it('breaks ties at a group edge by the earlier result, whatever order the attempts come in', () => {
    // Twelve takers with equal scores: the top group is results 1-3, the bottom one results 10-12.
    const attempts = Array.from({ length: 12 }, (_, i) => attempt(i + 1, 0.5, i < 3 ? 'A' : 'B'));
    const figures = itemFigures({ id: 1, correct_answer: 'A' }, [...attempts].reverse());
    expect(figures).toMatchObject({ attempts: 12, correct: 3, group_size: 3, discrimination: 1, flags: [] });
    expect(figures.facility).toBe(0.25);
  });

  it('gives counts without figures for a question fewer than 10 attempts were asked', () => {
    const asked = Array.from({ length: 9 }, (_, i) => attempt(i + 1, 0.1, i < 2 ? null : 'C'));
    const notAsked = Array.from({ length: 5 }, (_, i) => attempt(20 + i, 0.9, null, [2]));
    expect(itemFigures({ id: 1, correct_answer: 'C' }, [...asked, ...notAsked])).toEqual({
      attempts: 9,
      correct: 7,
      chosen: { A: 0, B: 0, C: 7, D: 0 },
      blank: 2,
      facility: null,
      discrimination: null,
      group_size: null,
      flags: [],
    });
  });
});
