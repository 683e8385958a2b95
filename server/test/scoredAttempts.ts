// A student's mock attempt that scores a chosen number of questions, made as a student makes it
// (quiz.start, quiz.saveAnswer, quiz.submit). The right option is found by its text, not by its
// letter, so the attempt scores the same whatever order the server shows the options in.
import type { inferRouterOutputs } from '@trpc/server';
import type { DB } from '../../db/client';
import type { AppRouter } from '../router';
import { signUpAndIn, type TestServer } from './harness';
import { rpc } from './fixtures';

type Out = inferRouterOutputs<AppRouter>;
type Api = ReturnType<typeof rpc>;
const LETTERS = ['A', 'B', 'C', 'D'] as const;
type Face = Record<`option_${'a' | 'b' | 'c' | 'd'}`, string>;
const optionText = (q: Face, letter: (typeof LETTERS)[number]) =>
  q[`option_${letter.toLowerCase() as 'a' | 'b' | 'c' | 'd'}`];

/** Answers the first `correct` questions shown with their right option, leaves the rest blank. */
export async function takeMockScoring(db: DB, api: Api, mockSetId: number, correct: number) {
  const start = await api.mutate<Out['quiz']['start']>('quiz.start', {
    quiz_type: 'mock',
    quiz_id: mockSetId,
  });
  if (start.status !== 200) throw new Error(`quiz.start: ${start.text}`);
  const { session, questions } = start.data;
  const keys = await db
    .selectFrom('questions')
    .select(['id', 'correct_answer', 'option_a', 'option_b', 'option_c', 'option_d'])
    .where(
      'id',
      'in',
      questions.map((q) => q.id),
    )
    .execute();
  const byId = new Map(keys.map((k) => [k.id, k]));
  for (const shown of questions.slice(0, correct)) {
    const key = byId.get(shown.id)!;
    const right = optionText(key, key.correct_answer);
    const letter = LETTERS.find((l) => optionText(shown, l) === right);
    const saved = await api.mutate('quiz.saveAnswer', {
      session_id: session.id,
      question_id: shown.id,
      selected_answer: letter,
    });
    if (saved.status !== 200) throw new Error(`quiz.saveAnswer: ${saved.text}`);
  }
  const submitted = await api.mutate<Out['quiz']['submit']>('quiz.submit', { session_id: session.id });
  if (submitted.status !== 200) throw new Error(`quiz.submit: ${submitted.text}`);
  return submitted.data;
}

/** Students signed up, verified and signed in, one after another (each hashes a password). */
export async function signUpStudents(t: TestServer, count: number, prefix: string) {
  const apis: Api[] = [];
  for (let i = 1; i <= count; i++) {
    const email = `${prefix}${i}@example.com`;
    const { access } = await signUpAndIn(t, { email, full_name: `Student ${prefix} ${i}` });
    apis.push(rpc(t, access));
  }
  return apis;
}
