// Inputs of schools management (platform admin) and of staff roles: schools with a name, a
// region and a join code, the free-text schools students typed, and who is staff of which school.
import { z } from 'zod';
import { coercedId, hasNoNul, NUL_TEXT, optionalText, REQUIRED, requiredText } from './fields';

export const JOIN_CODE_RULE = 'A join code is 6 to 12 letters or digits.';

/** Typed by students, so compared without case: stored in capitals. */
const joinCodeField = z
  .string({ error: JOIN_CODE_RULE })
  .trim()
  .regex(/^[A-Za-z0-9]{6,12}$/, JOIN_CODE_RULE)
  .transform((code) => code.toUpperCase());

/** A blank region or join code clears it. */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const schoolName = requiredText(200);
const regionField = z.preprocess(blankAsNull, optionalText(100).nullable());
const joinCode = z.preprocess(blankAsNull, joinCodeField.nullable());

export const createSchoolInput = z.object({
  name: schoolName,
  region: regionField.optional(),
  join_code: joinCode.optional(),
});

export const updateSchoolInput = z.object({
  id: coercedId,
  name: schoolName.optional(),
  region: regionField.optional(),
  join_code: joinCode.optional(),
});
export type UpdateSchoolInput = z.infer<typeof updateSchoolInput>;

/** One spelling of a school that no school record matched, exactly as typed (spaces too). */
const typedSchool = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : 'Must be text.') })
  .min(1, REQUIRED)
  .max(200, 'Ensure this field has no more than 200 characters.')
  .refine(hasNoNul, NUL_TEXT);

export const mergeSchoolTextInput = z.object({ text: typedSchool, school_id: coercedId });
export const schoolFromTextInput = z.object({ text: typedSchool, region: regionField.optional() });

export const STAFF_ROLES = ['student', 'tutor', 'school_admin', 'platform_admin'] as const;
export type RoleChoice = (typeof STAFF_ROLES)[number];

/**
 * What a user becomes: a student, a tutor or school admin of a school (a school admin's own; the
 * platform admin names it, else the user's own school), or a platform admin.
 */
export const setStaffRoleInput = z.object({
  id: coercedId,
  role: z.enum(STAFF_ROLES, { error: 'Choose student, tutor, school admin or platform admin.' }),
  school_id: coercedId.optional(),
});
export type SetStaffRoleInput = z.infer<typeof setStaffRoleInput>;
