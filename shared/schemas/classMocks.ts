// Class mocks: a mock set scheduled for a school (or one programme of it) between two times.
import { z } from 'zod';
import { coercedId, optionalText, REQUIRED } from './fields';

export const CLASS_MOCK_RELEASES = ['at_close', 'manual'] as const;

/** A moment with its offset ("2026-11-27T09:00:00Z", "2026-11-27T09:00:00+00:00"), kept as UTC. */
const moment = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : 'Must be text.') })
  .pipe(z.iso.datetime({ offset: true, error: 'Enter a date and time, e.g. 2026-11-27T09:00:00Z.' }))
  .transform((v) => new Date(v).toISOString());

const classMockFields = z.object({
  mock_exam_set_id: coercedId,
  /** Null or empty: every student of the school. */
  program_of_study: optionalText(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  opens_at: moment,
  closes_at: moment,
  release: z.enum(CLASS_MOCK_RELEASES, { error: "Choose 'at_close' or 'manual'." }).default('at_close'),
  /** The platform admin names the school; school staff schedule for their own. */
  school_id: coercedId.nullish(),
});

const closesAfterOpening = <T extends { opens_at: string; closes_at: string }>(v: T) => v.closes_at > v.opens_at;
const CLOSES_AFTER = { message: 'The closing time must be after the opening time.', path: ['closes_at'] };

export const createClassMockInput = classMockFields.refine(closesAfterOpening, CLOSES_AFTER);
export type CreateClassMockInput = z.infer<typeof createClassMockInput>;

export const updateClassMockInput = classMockFields
  .omit({ school_id: true })
  .extend({ id: coercedId })
  .refine(closesAfterOpening, CLOSES_AFTER);
export type UpdateClassMockInput = z.infer<typeof updateClassMockInput>;

export const classMockIdInput = z.object({ id: coercedId });
