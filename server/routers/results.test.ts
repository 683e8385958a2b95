// A student's own results: the list newest first, the detail in question order, and another
// student's result answering exactly like a missing one.
import type { inferRouterOutputs } from '@trpc/server';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as dropResultAnswers from '../../db/migrations/0002_drop_result_answers';
import type { AppRouter } from '../router';
import { signUpAndIn } from '../test/harness';
import { rpc } from '../test/fixtures';
import { takeQuiz } from '../test/attempts';
import { useCatalog, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;

const t = useTestServer();
const cat = useCatalog(t);

describe('results', () => {
  it('lists only the own results, newest first, and shows the detail with the key', async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    const kofi = rpc(
      t,
      (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng' })).access,
    );
    const first = await takeQuiz(ama, cat, 'practice', 'A'); // keys A,B,C,D: 1 of 4
    const second = await takeQuiz(ama, cat, 'mock', 'A'); // keys A,B,C,D,A: 2 of 5
    await takeQuiz(kofi, cat, 'mock', 'B');

    const list = await ama.query<Out['results']['list']>('results.list');
    expect(list.data.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(list.data[1]).toEqual({
      id: first.id,
      percentage: 25,
      correct_answers: 1,
      total_questions: 4,
      score: 1,
      time_spent_minutes: 0,
      time_spent_seconds: expect.any(Number),
      created_at: expect.any(String),
      session: {
        id: expect.any(Number),
        quiz_type: 'practice',
        quiz_id: cat.practiceSet.id,
        quiz_name: 'Practice Set 1',
        origin: 'set',
        user_name: 'Ama Mensah',
        timed_out: false,
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
        // Why each wrong option is wrong, where a tutor wrote it (none in this catalogue).
        rationale_a: null,
        rationale_b: null,
        rationale_c: null,
        rationale_d: null,
      },
      selected_answer: 'A',
      is_correct: false,
      flagged: false,
      // The catalogue's mock questions carry no topic.
      topic_id: null,
      topic_name: null,
    });
  });

  it('reviews exactly what the per-result answer rows of the first schema held', async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    const start = await ama.mutate<Out['quiz']['start']>('quiz.start', {
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
    });
    const [q1, q2, q3] = start.data.questions;
    await ama.mutate('quiz.saveAnswer', {
      session_id: start.data.session.id,
      question_id: q1.id,
      selected_answer: 'A',
    });
    await ama.mutate('quiz.saveAnswer', {
      session_id: start.data.session.id,
      question_id: q2.id,
      selected_answer: 'D',
    });
    const result = await ama.mutate<Out['quiz']['submit']>('quiz.submit', {
      session_id: start.data.session.id,
      answers: [{ question_id: q3.id, selected_answer: 'C' }],
    });
    const review = await ama.query<Out['results']['byId']>('results.byId', { id: result.data.id });
    const reviewed = review.data.user_answers.map((a) => [a.question.id, a.selected_answer, a.is_correct]);
    expect(reviewed).toEqual([
      [q1.id, 'A', true],
      [q2.id, 'D', false],
      [q3.id, 'C', true],
      [cat.mockQuestions[3].id, null, false],
      [cat.mockQuestions[4].id, null, false],
    ]);

    // Migrating back writes the rows the first schema kept for each result: the same answers.
    await dropResultAnswers.down(t.db);
    const rows = await sql<{ question_id: number; selected_answer: string | null; is_correct: number }>`
      select question_id, selected_answer, is_correct from result_answers
      where result_id = ${result.data.id} order by position`.execute(t.db);
    expect(rows.rows.map((r) => [r.question_id, r.selected_answer, r.is_correct === 1])).toEqual(reviewed);
    await dropResultAnswers.up(t.db);
    await expect(sql`select count(*) from result_answers`.execute(t.db)).rejects.toThrow(
      /no such table|does not exist/,
    );
  });

  it("answers another student's result exactly like a missing one", async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    const kofi = rpc(
      t,
      (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng' })).access,
    );
    const kofisResult = await takeQuiz(kofi, cat, 'mock', 'C');
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
