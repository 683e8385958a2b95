// Inputs of enrolment: a school's class list, its invitations, and the page a mailed invitation
// opens. The server's procedures and the admin and invitation forms share them.
import { z } from 'zod';
import { INVITATION_STATES, MAX_CLASS_LIST_BYTES } from '../domain/classList';
import { coercedId, passwordField, requiredText } from './fields';

/** A class list as the admin screen sends it; `school_id` chooses the school for a platform admin. */
export const classListInput = z.object({
  file_name: requiredText(255),
  file_base64: z
    .string({ error: 'Choose a file to upload.' })
    .max(Math.ceil(MAX_CLASS_LIST_BYTES / 3) * 4 + 8, 'The file is larger than the class list limit.'),
  school_id: coercedId.optional(),
});
export type ClassListInput = z.input<typeof classListInput>;

export const invitationsInput = z.object({
  school_id: coercedId.optional(),
  state: z.enum(INVITATION_STATES, { error: `Choose one of ${INVITATION_STATES.join(', ')}.` }).optional(),
});

export const invitationIdInput = z.object({ id: coercedId });

/** The password the invited student chooses, typed twice, as registration asks for it. */
export const acceptInvitationInput = z
  .object({ token: requiredText(512), password1: passwordField, password2: passwordField })
  .refine((v) => v.password1 === v.password2, {
    path: ['password2'],
    message: "The two password fields didn't match.",
  });
