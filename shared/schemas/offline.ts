// Inputs of offline practice: downloading a practice set, and sending an
// attempt taken with no signal.
import { z } from 'zod';
import { coercedId, REQUIRED } from './fields';
import { answerField, quizRefInput } from './quiz';

/** A mock is refused by the server with its own message, not by the schema: the type is asked for. */
export const downloadSetInput = quizRefInput;

const instant = z.iso.datetime({ offset: true, error: 'Must be a date and time.' });

export const offlineAttemptInput = z.object({
  // Made by the phone when the attempt starts: the same attempt sent twice is stored once.
  // Compared in lower case, as crypto.randomUUID() writes it: the same id in capitals is the same attempt.
  client_id: z
    .uuid({
      error: (iss) => (iss.input === undefined ? REQUIRED : 'Must be an attempt id (a UUID).'),
    })
    .transform((id) => id.toLowerCase()),
  set_id: coercedId,
  // The questions the attempt showed, in its order. It is graded over the whole set as downloaded
  // all the same: unanswered questions count as unanswered, as online.
  question_ids: z.array(coercedId).min(1, REQUIRED).max(1000, 'Too many questions.'),
  answers: z.array(answerField).max(1000, 'Too many answers.').default([]),
  // When the server gave the phone the set (the download's downloaded_at). Phones of older
  // versions do not send it.
  downloaded_at: instant.optional(),
  started_at: instant,
  finished_at: instant,
});
export type OfflineAttemptInput = z.infer<typeof offlineAttemptInput>;
