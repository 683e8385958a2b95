// A student's own results: the list newest first, the detail in question order, and another
// student's result answering exactly like a missing one.
import type { inferRouterOutputs } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { signUpAndIn, startTestServer, type TestServer } from '../test/harness';
import { makeCatalog, rpc } from '../test/fixtures';

type Out = inferRouterOutputs<AppRouter>;

let t: TestServer;
let cat: Awaited<ReturnType<typeof makeCatalog>>;
beforeEach(async () => {
  t = await startTestServer();
  cat = await makeCatalog(t.db);
});
afterEach(async () => {
  await t.close();
});

async function takeQuiz(api: ReturnType<typeof rpc>, type: 'mock' | 'practice', letter: string) {
  const quiz_id = type === 'mock' ? cat.mockSet.id : cat.practiceSet.id;
  const start = await api.mutate<Out['quiz']['start']>('quiz.start', { quiz_type: type, quiz_id });
  const answers = start.data.questions.map((q) => ({ question_id: q.id, selected_answer: letter }));
  return (
    await api.mutate<Out['quiz']['submit']>('quiz.submit', { session_id: start.data.session.id, answers })
  ).data;
}

describe('results', () => {
  it('lists only the own results, newest first, and shows the detail with the key', async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    const kofi = rpc(
      t,
      (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng' })).access,
    );
    const first = await takeQuiz(ama, 'practice', 'A'); // keys A,B,C,D: 1 of 4
    const second = await takeQuiz(ama, 'mock', 'A'); // keys A,B,C,D,A: 2 of 5
    await takeQuiz(kofi, 'mock', 'B');

    const list = await ama.query<Out['results']['list']>('results.list');
    expect(list.data.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(list.data[1]).toEqual({
      id: first.id,
      percentage: 25,
      correct_answers: 1,
      total_questions: 4,
      score: 1,
      time_spent_minutes: 0,
      created_at: expect.any(String),
      session: {
        id: expect.any(Number),
        quiz_type: 'practice',
        quiz_id: cat.practiceSet.id,
        quiz_name: 'Practice Set 1',
        user_name: 'Ama Mensah',
      },
    });

    const detail = await ama.query<Out['results']['byId']>('results.byId', { id: second.id });
    expect(detail.data.percentage).toBe(40);
    expect(detail.data.user_answers).toHaveLength(5);
    expect(detail.data.user_answers[1]).toEqual({
      question: {
        id: cat.mockQuestions[1].id,
        question_text: 'M2: which option is right?',
        option_a: 'Option A',
        option_b: 'Option B',
        option_c: 'Option C',
        option_d: 'Option D',
        correct_answer: 'B',
        explanation: 'Explanation for M2',
      },
      selected_answer: 'A',
      is_correct: false,
    });
  });

  it("answers another student's result exactly like a missing one", async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    const kofi = rpc(
      t,
      (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng' })).access,
    );
    const kofisResult = await takeQuiz(kofi, 'mock', 'C');
    const stolen = await ama.query('results.byId', { id: kofisResult.id });
    const missing = await ama.query('results.byId', { id: kofisResult.id + 1000 });
    expect(stolen.status).toBe(404);
    expect(stolen.error?.message).toBe('Result not found');
    expect(stolen.text).toBe(missing.text);
    const rest = await t.api('GET', `/api/exams/results/${kofisResult.id}/`, { token: null });
    expect(rest.status).toBe(401);
    expect((await ama.query<Out['results']['list']>('results.list')).data).toEqual([]);
  });
});
