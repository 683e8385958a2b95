// Input of a question upload (admin screen, tRPC procedures, REST shim, CLI).
import { z } from 'zod';
import {
  MAX_FILE_BYTES,
  MAX_TIME_LIMIT_MINUTES,
  MAX_TITLE_CHARS,
  MIN_TIME_LIMIT_MINUTES,
} from '../domain/questionFormat';
import { hasNoNul, MAX_ID, NUL_TEXT } from './fields';

const id = (what: string) =>
  z.coerce
    .number({ error: `Choose a ${what}.` })
    .int(`Choose a ${what}.`)
    .positive(`Choose a ${what}.`)
    .max(MAX_ID, `Choose a ${what}.`);

export const uploadFieldsSchema = z.object({
  quiz_type: z.enum(['practice', 'mock'], { error: 'quiz_type must be "practice" or "mock".' }),
  program_id: id('program'),
  paper_id: id('paper'),
  topic_id: id('topic').nullish(),
  /** Append to this set (of the quiz type, under the paper or topic) instead of creating one. */
  set_id: id('set').nullish(),
  /** The school a new set is for (the platform admin's choice; absent: national). */
  school_id: id('school').nullish(),
  title: z
    .string()
    .trim()
    .max(MAX_TITLE_CHARS, `The title may be at most ${MAX_TITLE_CHARS} characters.`)
    .refine(hasNoNul, NUL_TEXT)
    .nullish(),
  time_limit_minutes: z.coerce
    .number()
    .int('The time limit is a whole number of minutes.')
    .min(
      MIN_TIME_LIMIT_MINUTES,
      `The time limit is ${MIN_TIME_LIMIT_MINUTES} to ${MAX_TIME_LIMIT_MINUTES} minutes.`,
    )
    .max(
      MAX_TIME_LIMIT_MINUTES,
      `The time limit is ${MIN_TIME_LIMIT_MINUTES} to ${MAX_TIME_LIMIT_MINUTES} minutes.`,
    )
    .nullish(),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** Base64 of the largest file plus slack, so a slightly-too-large file gets the friendly 413 answer. */
export const MAX_FILE_BASE64_CHARS = Math.ceil((MAX_FILE_BYTES * 1.2 * 4) / 3);

export const uploadRequestSchema = uploadFieldsSchema.extend({
  file_name: z
    .string()
    .trim()
    .min(1, 'The file needs a name.')
    .max(255, 'The file name is too long.')
    .refine(hasNoNul, NUL_TEXT),
  file_base64: z.string().max(MAX_FILE_BASE64_CHARS, 'The file is too large (limit 5 MB).'),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;
