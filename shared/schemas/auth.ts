// Inputs of the account procedures; the server's .input() and the client's forms share them.
import { z } from 'zod';
import { GENDERS, REGIONS } from '../domain/regions';
import { emailField, optionalText, passwordField, REQUIRED, requiredText } from './fields';

/** A real calendar date in the past, typed YYYY/MM/DD (the form's mask) or YYYY-MM-DD. */
export const dateOfBirthField = requiredText(10)
  .regex(/^\d{4}[/-]\d{2}[/-]\d{2}$/, 'Enter the date as YYYY/MM/DD.')
  .transform((v) => v.replaceAll('/', '-'))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Enter a real date.')
  .refine(
    (v) => v >= '1900-01-01' && new Date(`${v}T00:00:00Z`).getTime() < Date.now(),
    'Enter a date in the past.',
  );

export const genderField = z.enum(GENDERS, {
  error: (iss) => (iss.input === undefined ? REQUIRED : 'Select Male or Female.'),
});

export const regionField = z.enum(REGIONS, {
  error: (iss) => (iss.input === undefined ? REQUIRED : 'Select one of the 16 regions of Ghana.'),
});

export const registerInput = z
  .object({
    full_name: requiredText(150),
    email: emailField,
    password1: passwordField,
    password2: passwordField,
    date_of_birth: dateOfBirthField,
    gender: genderField,
    region_of_institution: regionField,
    program_of_study: requiredText(150),
    school: requiredText(200),
    /** A school's join code: optional; a right one links the account to that school. */
    school_code: optionalText(40).optional(),
  })
  .refine((v) => v.password1 === v.password2, {
    path: ['non_field_errors'],
    message: "The two password fields didn't match.",
  });
export type RegisterInput = z.input<typeof registerInput>;

export const loginInput = z.object({
  email: emailField,
  password: passwordField,
  remember: z.boolean({ error: 'Must be true or false.' }).optional(),
});

export const emailOnlyInput = z.object({ email: emailField });

export const tokenInput = z.object({ token: requiredText(512) });

/** The mailed verification link's token and the password typed on the page it opens. */
export const verifyEmailInput = z.object({ token: requiredText(512), password: passwordField });

export const refreshInput = z.object({ refresh: requiredText(2048) });

export const resetConfirmInput = z
  .object({
    uid: requiredText(64),
    token: requiredText(512),
    new_password1: passwordField,
    new_password2: passwordField,
  })
  .refine((v) => v.new_password1 === v.new_password2, {
    path: ['new_password2'],
    message: "The two password fields didn't match.",
  });

export const passwordChangeInput = z
  .object({
    old_password: passwordField,
    new_password1: passwordField,
    new_password2: passwordField,
  })
  .refine((v) => v.new_password1 === v.new_password2, {
    path: ['new_password2'],
    message: "The two password fields didn't match.",
  });

/** Profile update: every field optional; e-mail and gender may be sent but never change. */
export const profileUpdateInput = z.object({
  full_name: requiredText(150).optional(),
  date_of_birth: dateOfBirthField.optional(),
  region_of_institution: regionField.optional(),
  program_of_study: requiredText(150).optional(),
  school: requiredText(200).optional(),
  bio: optionalText(1000).optional(),
  avatar: z
    .union([
      z.url({ protocol: /^https?$/, error: 'Enter a valid image URL.' }).max(500),
      z.literal(''),
      z.null(),
    ])
    .optional(),
  email: emailField.optional(),
  gender: genderField.optional(),
});

export const deleteAccountInput = z.object({ password: passwordField });
