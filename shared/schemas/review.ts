// Inputs of the spaced-review procedures (issue 19, point 3; docs/learning.md "Spaced review").
import { z } from 'zod';
import { coercedId, REQUIRED } from './fields';
import { answerLetterField } from './quiz';

/** What a student may say about a right answer; a wrong one is always "Again". */
export const REVIEW_RATINGS = ['hard', 'good', 'easy'] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

export const reviewAnswerInput = z.object({
  question_id: coercedId,
  selected_answer: answerLetterField,
  rating: z
    .enum(REVIEW_RATINGS, {
      error: (iss) => (iss.input === undefined ? REQUIRED : 'Choose hard, good or easy.'),
    })
    .optional(),
});
export type ReviewAnswerInput = z.infer<typeof reviewAnswerInput>;

export const notSureInput = z.object({
  session_id: coercedId,
  question_id: coercedId,
  not_sure: z.boolean({ error: 'Must be true or false.' }),
});
export type NotSureInput = z.infer<typeof notSureInput>;
