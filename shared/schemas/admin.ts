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

export const createProgramInput = z.object({ name: nameField, description: descriptionField.optional() });
export const updateProgramInput = z.object({
  id: coercedId,
  name: nameField.optional(),
  description: descriptionField.optional(),
  is_active: booleanField.optional(),
});

export const createPaperInput = z.object({
  program_id: coercedId,
  name: nameField,
  description: descriptionField.optional(),
});
export const updatePaperInput = updateProgramInput;

export const createTopicInput = z.object({
  paper_id: coercedId,
  name: nameField,
  description: descriptionField.optional(),
});
export const updateTopicInput = updateProgramInput;

export const createPracticeSetInput = z.object({ topic_id: coercedId, title: nameField });
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
});
export const updateMockExamSetInput = z.object({
  id: coercedId,
  title: nameField.optional(),
  description: descriptionField.optional(),
  time_limit_minutes: timeLimitField.optional(),
  is_active: booleanField.optional(),
  shuffle: booleanField.optional(),
});

/** An admin's own sign-in address, changed with the current password (My Account). */
export const changeOwnEmailInput = z.object({ email: emailField, password: passwordField });

/** An admin makes a user an admin or a student. */
export const setUserRoleInput = z.object({ id: coercedId, admin: booleanField });

/** An admin deactivates or reactivates a user. */
export const setUserActiveInput = z.object({ id: coercedId, active: booleanField });
