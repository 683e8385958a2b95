// Field builders with the messages a user reads (DRF's wording where the original client expects it).
import { z } from 'zod';

export const REQUIRED = 'This field is required.';

/** PostgreSQL's text cannot hold a NUL character (SQLite's can): refused on both, alike. */
export const NUL_TEXT = 'Remove the NUL character (\\0): text cannot contain one.';
export const hasNoNul = (v: string) => !v.includes('\u0000');

/** The largest id either database holds: PostgreSQL's integer columns stop at 2^31 - 1. */
export const MAX_ID = 2_147_483_647;
export const ID_TOO_LARGE = `Ensure this value is less than or equal to ${MAX_ID}.`;

/** Trimmed, non-empty text of bounded length. */
export function requiredText(max: number) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : 'Must be text.') })
    .trim()
    .min(1, REQUIRED)
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .refine(hasNoNul, NUL_TEXT);
}

export function optionalText(max: number) {
  return z
    .string({ error: 'Must be text.' })
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .refine(hasNoNul, NUL_TEXT);
}

export const emailField = requiredText(254)
  .pipe(z.email({ error: 'Enter a valid email address.' }))
  .transform((e) => e.toLowerCase());

/** Passwords are not trimmed: spaces are part of them. */
export const passwordField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : 'Must be text.') })
  .min(1, REQUIRED)
  .max(128, 'Ensure this field has no more than 128 characters.');

export const idField = z
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .positive('Must be a positive number.')
  .max(MAX_ID, ID_TOO_LARGE);

/** Accepts ids sent as numbers or numeric strings (multipart forms and URL paths send strings). */
export const coercedId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  idField,
);
