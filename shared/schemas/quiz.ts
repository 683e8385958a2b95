// Inputs of the quiz and results procedures (quiz start and submit payloads).
import { z } from 'zod';
import { coercedId, REQUIRED } from './fields';

export const QUIZ_TYPES = ['mock', 'practice'] as const;
export const ANSWER_LETTERS = ['A', 'B', 'C', 'D'] as const;

export const quizTypeField = z.enum(QUIZ_TYPES, {
  error: (iss) => (iss.input === undefined ? REQUIRED : 'Choose mock or practice.'),
});

export const answerLetterField = z.enum(ANSWER_LETTERS, {
  error: (iss) => (iss.input === undefined ? REQUIRED : 'Choose A, B, C or D.'),
});

export const quizRefInput = z.object({ quiz_type: quizTypeField, quiz_id: coercedId });
export type QuizRefInput = z.infer<typeof quizRefInput>;

export const sessionIdInput = z.object({ session_id: coercedId });

export const answerField = z.object({ question_id: coercedId, selected_answer: answerLetterField });
export type AnswerInput = z.infer<typeof answerField>;

export const saveAnswerInput = answerField.extend({ session_id: coercedId });

/** Flag or unflag one question of a running session. */
export const flagInput = z.object({
  session_id: coercedId,
  question_id: coercedId,
  flagged: z.boolean({ error: (iss) => (iss.input === undefined ? REQUIRED : 'Must be true or false.') }),
});
export type FlagInput = z.infer<typeof flagInput>;

export const submitInput = z.object({
  session_id: coercedId,
  // Bounded so a hostile payload cannot make grading expensive; a real set is far smaller.
  answers: z.array(answerField).max(1000, 'Too many answers.').default([]),
  // Clamped by the server clock when graded, so any finite number is accepted here.
  time_spent_minutes: z.coerce
    .number({ error: 'Must be a number.' })
    .refine(Number.isFinite, 'Must be a number.')
    .default(0),
});
export type SubmitInput = z.infer<typeof submitInput>;

export const resultIdInput = z.object({ id: coercedId });

/** A practice session of a weak topic's questions. */
export const topicPracticeInput = z.object({ topic_id: coercedId });

/** A practice session of the questions missed in one of the student's results (point 2). */
export const mistakesPracticeInput = z.object({ result_id: coercedId });

/** A programme's exam-day simulation. */
export const examDayInput = z.object({ program_id: coercedId });
