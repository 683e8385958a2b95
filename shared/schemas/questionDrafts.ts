// Inputs of the review of questions: a draft as its author writes it (the bank's fields, a
// rationale per option, where it goes), the decisions of a reviewer and the comments of the thread.
import { z } from 'zod';
import { MAX_RATIONALE_CHARS } from '../domain/questionFormat';
import { coercedId, optionalText, requiredText } from './fields';
import { questionContentFields } from './questionBank';
import { quizTypeField } from './quiz';

export const MAX_COMMENT_CHARS = 2000;

const rationale = optionalText(MAX_RATIONALE_CHARS);
export const RATIONALE_FIELDS = ['rationale_a', 'rationale_b', 'rationale_c', 'rationale_d'] as const;

/** A select left empty sends ''; a mock question without a topic is untagged (null). */
const optionalTopic = z.preprocess((v) => (v === '' || v === undefined ? null : v), coercedId.nullable());

export const draftContentSchema = z
  .object({
    ...questionContentFields,
    rationale_a: rationale.default(''),
    rationale_b: rationale.default(''),
    rationale_c: rationale.default(''),
    rationale_d: rationale.default(''),
    quiz_type: quizTypeField,
    set_id: coercedId,
    topic_id: optionalTopic,
  })
  .superRefine((d, ctx) => {
    const key = `rationale_${d.correct_answer.toLowerCase()}` as (typeof RATIONALE_FIELDS)[number];
    if (d[key])
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `${d.correct_answer} is the correct answer: leave its "why it is wrong" empty.`,
      });
  });
export type DraftContent = z.infer<typeof draftContentSchema>;

/** A new draft (no id), or the author's next save of one. */
export const saveDraftInput = z.object({ id: coercedId.optional() }).and(draftContentSchema);
export type SaveDraftInput = z.infer<typeof saveDraftInput>;

export const draftIdInput = z.object({ id: coercedId });

export const commentInput = z.object({ id: coercedId, body: requiredText(MAX_COMMENT_CHARS) });
export type CommentInput = z.infer<typeof commentInput>;

/** Sending a draft back needs a comment saying what to change; an approval may add one. */
export const requestChangesInput = commentInput;
export const approveInput = z.object({ id: coercedId, body: optionalText(MAX_COMMENT_CHARS).default('') });

export const DRAFT_LISTS = ['mine', 'to_review', 'all'] as const;
export const draftListInput = z
  .object({ list: z.enum(DRAFT_LISTS, { error: 'Choose mine, to_review or all.' }).default('to_review') })
  .default({ list: 'to_review' });
