// Inputs of the spaced-review procedures (docs/learning.md "Spaced review").
import { z } from 'zod';
import { coercedId, REQUIRED } from './fields';
import { answerField } from './quiz';

/** What a student may say about a right answer once they have seen it; a wrong one is "Again". */
export const REVIEW_RATINGS = ['hard', 'good', 'easy'] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

/** The student's answer to a due card: the server shows the key and the explanation. */
export const reviewCheckInput = answerField;
export type ReviewCheckInput = z.infer<typeof reviewCheckInput>;

/** After the key: how the right answer felt. The answer is sent again and graded again. */
export const reviewRateInput = answerField.extend({
  rating: z.enum(REVIEW_RATINGS, {
    error: (iss) => (iss.input === undefined ? REQUIRED : 'Choose hard, good or easy.'),
  }),
});
export type ReviewRateInput = z.infer<typeof reviewRateInput>;

/** New cards a day (20 unless the student changes it, migration 0014): at most this many. */
export const MAX_NEW_PER_DAY = 500;

export const reviewLimitInput = z.object({
  new_per_day: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? REQUIRED : 'Enter a whole number.') })
      .int('Enter a whole number.')
      .min(0, 'Enter 0 or more.')
      .max(MAX_NEW_PER_DAY, `Enter at most ${MAX_NEW_PER_DAY}.`),
  ),
});
export type ReviewLimitInput = z.infer<typeof reviewLimitInput>;

export const notSureInput = z.object({
  session_id: coercedId,
  question_id: coercedId,
  not_sure: z.boolean({ error: 'Must be true or false.' }),
});
export type NotSureInput = z.infer<typeof notSureInput>;
