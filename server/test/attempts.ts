// Attempts made the way a student makes them, for the report tests: quiz.start, one
// quiz.saveAnswer per chosen option, quiz.submit; a sheet is a string of letters in question
// order, '-' for a question left blank ("AB-D": the third unanswered).
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../router';
import type { makeCatalog, rpc } from './fixtures';

type Out = inferRouterOutputs<AppRouter>;
type Api = ReturnType<typeof rpc>;
export interface SetRef {
  quiz_type: 'mock' | 'practice';
  quiz_id: number;
}

/** Starts the set and saves the sheet's answers; the session stays open. */
export async function answerSheet(api: Api, ref: SetRef, sheet: string) {
  const start = await api.mutate<Out['quiz']['start']>('quiz.start', ref);
  if (start.status !== 200) throw new Error(`quiz.start: ${start.text}`);
  const { session, questions } = start.data;
  if (questions.length !== sheet.length) throw new Error(`sheet ${sheet} for ${questions.length} questions`);
  for (const [i, question] of questions.entries()) {
    if (sheet[i] === '-') continue;
    const saved = await api.mutate('quiz.saveAnswer', {
      session_id: session.id,
      question_id: question.id,
      selected_answer: sheet[i],
    });
    if (saved.status !== 200) throw new Error(`quiz.saveAnswer: ${saved.text}`);
  }
  return session.id;
}

/** A whole attempt: the sheet saved, then submitted; answers the result. */
export async function takeSet(api: Api, ref: SetRef, sheet: string) {
  const session_id = await answerSheet(api, ref, sheet);
  const submitted = await api.mutate<Out['quiz']['submit']>('quiz.submit', {
    session_id,
    time_spent_minutes: 0,
  });
  if (submitted.status !== 200) throw new Error(`quiz.submit: ${submitted.text}`);
  return submitted.data;
}

/**
 * The catalogue's mock or practice set (makeCatalog) taken with the same letter for every question,
 * the answers sent with the submit; answers the result.
 */
export async function takeQuiz(
  api: Api,
  cat: Pick<Awaited<ReturnType<typeof makeCatalog>>, 'mockSet' | 'practiceSet'>,
  type: 'mock' | 'practice',
  letter: string,
) {
  const quiz_id = type === 'mock' ? cat.mockSet.id : cat.practiceSet.id;
  const start = await api.mutate<Out['quiz']['start']>('quiz.start', { quiz_type: type, quiz_id });
  const answers = start.data.questions.map((q) => ({ question_id: q.id, selected_answer: letter }));
  return (
    await api.mutate<Out['quiz']['submit']>('quiz.submit', { session_id: start.data.session.id, answers })
  ).data;
}
