import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>;
export type QuizStart = Outputs['quiz']['start'];
export type QuizInfo = Outputs['quiz']['info'];
export type QuizQuestion = QuizStart['questions'][number];
export type Letter = 'A' | 'B' | 'C' | 'D';
export type QuizType = 'mock' | 'practice';

export const LETTERS: Letter[] = ['A', 'B', 'C', 'D'];

export function optionText(q: QuizQuestion, letter: Letter): string {
  return { A: q.option_a, B: q.option_b, C: q.option_c, D: q.option_d }[letter];
}

/** Practice questions carry their key; mock questions never do before submission. */
export function keyOf(q: QuizQuestion): { correct_answer: Letter; explanation: string } | null {
  const withKey = q as Partial<{ correct_answer: Letter; explanation: string }>;
  return withKey.correct_answer
    ? { correct_answer: withKey.correct_answer, explanation: withKey.explanation ?? '' }
    : null;
}
