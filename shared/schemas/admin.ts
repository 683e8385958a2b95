// Inputs of the admin procedures: filters, and the content forms (add program, paper, topic, sets).
import { z } from 'zod';
import { coercedId, emailField, optionalText, passwordField, requiredText } from './fields';
import { QUIZ_TYPES } from './quiz';

/** Query strings send '' for an unset select: treat it as absent. */
const blankAsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(blankAsAbsent, coercedId.optional());
const booleanField = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'Must be true or false.' }),
);
const timeLimitField = z.coerce
  .number({ error: 'Must be a whole number of minutes.' })
  .int('Must be a whole number of minutes.')
  .min(1, 'The time limit must be at least 1 minute.')
  .max(600, 'The time limit must be at most 600 minutes.');

/** The most questions one drawn exam asks (a drawn mock, an exam day). */
export const MAX_DRAW = 300;
const questionCountField = z.coerce
  .number({ error: 'Must be a whole number of questions.' })
  .int('Must be a whole number of questions.')
  .min(1, 'Ask for at least 1 question.')
  .max(MAX_DRAW, `Ask for at most ${MAX_DRAW} questions.`);

export const usersInput = z
  .object({ search: z.preprocess(blankAsAbsent, optionalText(100).optional()) })
  .default({});

export const resultsFilterInput = z
  .object({
    // The admin screen's type select offers "all" besides the two types.
    quiz_type: z.preprocess(
      (v) => (v === 'all' ? undefined : blankAsAbsent(v)),
      z.enum(QUIZ_TYPES, { error: 'Choose mock or practice.' }).optional(),
    ),
    program_id: optionalId,
    paper_id: optionalId,
    set_id: optionalId,
  })
  .default({});
export type ResultsFilter = z.infer<typeof resultsFilterInput>;

const nameField = requiredText(200);
const descriptionField = optionalText(2000);

/** The school new content is for: the platform admin's choice (absent: national). */
const schoolChoice = { school_id: coercedId.nullish() };
export const createProgramInput = z.object({
  name: nameField,
  description: descriptionField.optional(),
  ...schoolChoice,
});
const itemUpdate = z.object({
  id: coercedId,
  name: nameField.optional(),
  description: descriptionField.optional(),
  is_active: booleanField.optional(),
});
/** A programme also sets its exam-day simulation's size. */
export const updateProgramInput = itemUpdate.extend({
  exam_day_questions: questionCountField.optional(),
  exam_day_minutes: timeLimitField.optional(),
});

export const createPaperInput = z.object({
  program_id: coercedId,
  name: nameField,
  description: descriptionField.optional(),
});
export const updatePaperInput = itemUpdate;

export const createTopicInput = z.object({
  paper_id: coercedId,
  name: nameField,
  description: descriptionField.optional(),
});
export const updateTopicInput = itemUpdate;

export const createPracticeSetInput = z.object({ topic_id: coercedId, title: nameField, ...schoolChoice });
export const updatePracticeSetInput = z.object({
  id: coercedId,
  title: nameField.optional(),
  is_active: booleanField.optional(),
  // A new order per attempt; running sessions keep the order they have.
  shuffle: booleanField.optional(),
});

export const createMockExamSetInput = z.object({
  paper_id: coercedId,
  title: nameField,
  description: descriptionField.optional(),
  time_limit_minutes: timeLimitField,
  ...schoolChoice,
});
export const updateMockExamSetInput = z.object({
  id: coercedId,
  title: nameField.optional(),
  description: descriptionField.optional(),
  time_limit_minutes: timeLimitField.optional(),
  is_active: booleanField.optional(),
  shuffle: booleanField.optional(),
});

/**
 * A mock made fixed (draw_count null: its own questions every attempt) or drawn: that many
 * questions from its paper each attempt, in these minutes, and either a count per topic adding
 * up to the number of questions, or no topics: spread over the paper's topics as the bank is.
 */
export const mockBlueprintInput = z
  .object({
    id: coercedId,
    draw_count: z.preprocess(blankAsAbsent, questionCountField.nullable().default(null)),
    time_limit_minutes: timeLimitField,
    topics: z
      .array(
        z.object({
          topic_id: coercedId,
          question_count: z.coerce
            .number({ error: 'Must be a whole number of questions.' })
            .int('Must be a whole number of questions.')
            .min(0, 'A topic cannot give fewer than 0 questions.')
            .max(MAX_DRAW, `Ask for at most ${MAX_DRAW} questions.`),
        }),
        { error: 'Must be a list of topics with their counts.' },
      )
      .max(500, 'Too many topics.')
      .default([])
      // A topic asked for 0 questions is simply not drawn from.
      .transform((topics) => topics.filter((t) => t.question_count > 0)),
  })
  .superRefine((b, ctx) => {
    if (b.draw_count === null || !b.topics.length) return;
    if (new Set(b.topics.map((t) => t.topic_id)).size !== b.topics.length) {
      ctx.addIssue({ code: 'custom', path: ['topics'], message: 'Each topic may be listed once.' });
      return;
    }
    const sum = b.topics.reduce((n, t) => n + t.question_count, 0);
    if (sum !== b.draw_count) {
      ctx.addIssue({
        code: 'custom',
        path: ['topics'],
        message: `The topic counts add up to ${sum}: they must add up to the ${b.draw_count} questions.`,
      });
    }
  });
export type MockBlueprintInput = z.infer<typeof mockBlueprintInput>;

export const mockIdInput = z.object({ id: coercedId });

/** An admin's own sign-in address, changed with the current password (My Account). */
export const changeOwnEmailInput = z.object({ email: emailField, password: passwordField });

/** An admin makes a user an admin or a student. */
export const setUserRoleInput = z.object({ id: coercedId, admin: booleanField });

/** An admin deactivates or reactivates a user. */
export const setUserActiveInput = z.object({ id: coercedId, active: booleanField });
