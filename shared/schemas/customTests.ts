// Inputs of "Create a test": the builder's form and the procedures that count and start it.
import { z } from 'zod';
import { coercedId, idField, REQUIRED } from './fields';

/** unused: never seen; incorrect: wrong the last time; flagged / not_sure: marked in any session. */
export const CUSTOM_POOLS = ['unused', 'incorrect', 'flagged', 'not_sure', 'all'] as const;
export type CustomPool = (typeof CUSTOM_POOLS)[number];

/** tutor: each answer checked with its explanation, as in practice; timed: a minute a question. */
export const CUSTOM_MODES = ['tutor', 'timed'] as const;
export type CustomMode = (typeof CUSTOM_MODES)[number];

export const CUSTOM_TEST_MIN = 5;
export const CUSTOM_TEST_MAX = 100;
export const COUNT_OUT_OF_RANGE = `Choose between ${CUSTOM_TEST_MIN} and ${CUSTOM_TEST_MAX} questions.`;

export const EMPTY_POOL =
  'No questions of the chosen topics are in this pool. Choose more topics or another pool.';

/** Why a pool of `available` questions cannot make a test of `wanted`, or null when it can. */
export function poolShortfall(available: number, wanted: number): string | null {
  if (available === 0) return EMPTY_POOL;
  if (available < CUSTOM_TEST_MIN) {
    return `This pool holds only ${available} questions of the chosen topics; a test needs at least ${CUSTOM_TEST_MIN}. Choose more topics or another pool.`;
  }
  if (wanted > available) {
    return `This pool holds ${available} questions of the chosen topics: choose ${available} or fewer.`;
  }
  return null;
}

/** More than any programme holds; bounds the work a hostile list can cause. */
const MAX_TOPICS = 1000;

const poolField = z.enum(CUSTOM_POOLS, {
  error: (iss) =>
    iss.input === undefined ? REQUIRED : 'Choose unused, incorrect, flagged, not sure or all questions.',
});

const topicIdsField = z
  .array(idField, { error: (iss) => (iss.input === undefined ? REQUIRED : 'Must be a list of topics.') })
  .max(MAX_TOPICS, 'Too many topics.');

/** The builder's live count: per topic of the programme, and in total for the chosen ones. */
export const customCountInput = z.object({
  program_id: coercedId,
  pool: poolField,
  topic_ids: topicIdsField,
});
export type CustomCountInput = z.infer<typeof customCountInput>;

export const customStartInput = customCountInput.extend({
  topic_ids: topicIdsField.min(1, 'Choose at least one topic.'),
  question_count: z.coerce
    .number({ error: (iss) => (iss.input === undefined ? REQUIRED : 'Must be a whole number.') })
    .int('Must be a whole number.')
    .min(CUSTOM_TEST_MIN, COUNT_OUT_OF_RANGE)
    .max(CUSTOM_TEST_MAX, COUNT_OUT_OF_RANGE),
  mode: z.enum(CUSTOM_MODES, {
    error: (iss) => (iss.input === undefined ? REQUIRED : 'Choose tutor or timed.'),
  }),
});
export type CustomStartInput = z.infer<typeof customStartInput>;
