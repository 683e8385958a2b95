// Inputs of the question bank: the admin's search with its filters and
// pages, the edit, deactivate and move of one question, and the topic of one or several.
import { z } from 'zod';
import { MAX_EXPLANATION_CHARS, MAX_OPTION_CHARS, MAX_QUESTION_CHARS } from '../domain/questionFormat';
import { coercedId, optionalText, requiredText } from './fields';
import { answerLetterField, quizTypeField } from './quiz';

/** Rows per page of the bank's list. */
export const BANK_PAGE_SIZE = 25;
export const MAX_SEARCH_CHARS = 200;
export const QUESTION_STATUSES = ['all', 'active', 'inactive'] as const;

/** A select left on "All" sends '' or nothing. */
const blankAsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(blankAsAbsent, coercedId.optional());

/** The topic filter's value for questions without a topic (mock questions nobody tagged). */
export const UNTAGGED = 'untagged';

export const bankSearchInput = z
  .object({
    search: z.preprocess(blankAsAbsent, optionalText(MAX_SEARCH_CHARS).optional()),
    program_id: optionalId,
    paper_id: optionalId,
    // The question's own topic (a mock question's too), or UNTAGGED.
    topic_id: z.preprocess(
      blankAsAbsent,
      z.union([z.literal(UNTAGGED), coercedId], { error: 'Choose a topic, or untagged.' }).optional(),
    ),
    // A set id means something only with its kind.
    quiz_type: z.preprocess(blankAsAbsent, quizTypeField.optional()),
    set_id: optionalId,
    no_explanation: z.boolean({ error: 'Must be true or false.' }).optional(),
    status: z.enum(QUESTION_STATUSES, { error: 'Choose all, active or inactive.' }).default('all'),
    page: z.coerce
      .number({ error: 'Must be a page number.' })
      .int('Must be a page number.')
      .min(1, 'Pages start at 1.')
      .max(100_000, 'There is no such page.')
      .default(1),
  })
  .refine((f) => f.set_id === undefined || f.quiz_type !== undefined, {
    message: 'Choose mock or practice with a set.',
    path: ['quiz_type'],
  })
  .default({ status: 'all', page: 1 });
export type BankSearch = z.infer<typeof bankSearchInput>;

export const questionIdInput = z.object({ id: coercedId });

/** The question as an admin edits it: the upload's columns and limits. */
export const questionContentFields = {
  question_text: requiredText(MAX_QUESTION_CHARS),
  option_a: requiredText(MAX_OPTION_CHARS),
  option_b: requiredText(MAX_OPTION_CHARS),
  option_c: requiredText(MAX_OPTION_CHARS),
  option_d: requiredText(MAX_OPTION_CHARS),
  correct_answer: answerLetterField,
  explanation: optionalText(MAX_EXPLANATION_CHARS),
};
export const CONTENT_FIELDS = Object.keys(questionContentFields) as Array<keyof typeof questionContentFields>;

export const updateQuestionInput = z.object({ id: coercedId, ...questionContentFields });
export type UpdateQuestionInput = z.infer<typeof updateQuestionInput>;

export const setQuestionActiveInput = z.object({
  id: coercedId,
  is_active: z.boolean({ error: 'Must be true or false.' }),
});

export const moveQuestionInput = z.object({ id: coercedId, quiz_type: quizTypeField, set_id: coercedId });
export type MoveQuestionInput = z.infer<typeof moveQuestionInput>;

/** Questions whose topic one call may set: four pages of the bank. */
export const MAX_TOPIC_QUESTIONS = 100;

/** Sets the topic of one or several questions; null leaves mock questions untagged. */
export const setTopicInput = z.object({
  ids: z
    .array(coercedId, { error: 'Choose the questions.' })
    .min(1, 'Choose at least one question.')
    .max(MAX_TOPIC_QUESTIONS, `Choose at most ${MAX_TOPIC_QUESTIONS} questions at a time.`),
  topic_id: z.preprocess((v) => (v === '' ? null : v), coercedId.nullable()),
});
export type SetTopicInput = z.infer<typeof setTopicInput>;
