// An edit of the bank never rewrites what a student was asked: a graded
// result keeps its score and its review, a session under way is graded on the version it showed,
// and only sessions started after the edit get the new version.
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { useAdmin, useCatalog, useStudent, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;
type QuizStart = Out['quiz']['start'];
type Review = Out['results']['byId'];

const t = useTestServer();
const cat = useCatalog(t);
const admin = useAdmin(t);
const student = useStudent(t);

/** The bank's edit of a question: its stored content with `patch` applied. */
async function editQuestion(id: number, patch: Record<string, string>) {
  const q = await t.db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const { question_text, option_a, option_b, option_c, option_d, correct_answer, explanation } = q;
  const res = await admin.mutate<Out['questions']['update']>('questions.update', {
    id,
    ...{ question_text, option_a, option_b, option_c, option_d, correct_answer, explanation },
    ...patch,
  });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return res.data;
}

const start = (quiz_type: 'mock' | 'practice') =>
  student.mutate<QuizStart>('quiz.start', {
    quiz_type,
    quiz_id: quiz_type === 'mock' ? cat.mockSet.id : cat.practiceSet.id,
  });

describe('edits and the sessions that showed a question', () => {
  it('leave a submitted result: its score, its list entry and its review are unchanged', async () => {
    const session = (await start('mock')).data;
    // Keys cycle A, B, C, D, A: all 'A' gets questions 1 and 5 right.
    const answers = session.questions.map((q) => ({ question_id: q.id, selected_answer: 'A' }));
    const submitted = await student.mutate<Out['quiz']['submit']>('quiz.submit', {
      session_id: session.session.id,
      answers,
    });
    expect(submitted.data).toMatchObject({ correct_answers: 2, total_questions: 5, percentage: 40 });
    const reviewBefore = (await student.query<Review>('results.byId', { id: submitted.data.id })).data;
    const adminListBefore = (await admin.query<Out['admin']['results']>('admin.results', {})).data;

    const [m1, m2] = cat.mockQuestions;
    await editQuestion(m1.id, { correct_answer: 'D', explanation: 'Now D.', question_text: 'M1 reworded' });
    await editQuestion(m2.id, { correct_answer: 'A' });
    await admin.mutate('questions.setActive', { id: cat.mockQuestions[4].id, is_active: false });

    const reviewAfter = (await student.query<Review>('results.byId', { id: submitted.data.id })).data;
    expect(reviewAfter).toEqual(reviewBefore);
    expect(reviewAfter).toMatchObject({ correct_answers: 2, percentage: 40 });
    expect(reviewAfter.user_answers[0]).toMatchObject({
      question: { id: m1.id, question_text: 'M1: which option is right?', correct_answer: 'A' },
      selected_answer: 'A',
      is_correct: true,
    });
    expect((await admin.query<Out['admin']['results']>('admin.results', {})).data).toEqual(adminListBefore);
    expect((await student.query<Out['results']['list']>('results.list')).data[0]).toMatchObject({
      correct_answers: 2,
      percentage: 40,
    });
  });

  it('grade a session started before the edit on the version it showed; a new session gets the new one', async () => {
    const before = (await start('practice')).data;
    const [p1] = cat.practiceQuestions;
    expect(before.questions[0]).toMatchObject({
      id: p1.id,
      correct_answer: 'A',
      explanation: 'Explanation for P1',
    });

    const newer = await editQuestion(p1.id, { correct_answer: 'B', explanation: 'B, since the edit.' });
    // The open session resumes on what it showed.
    const resumed = (await student.query<QuizStart>('quiz.resume', { session_id: before.session.id })).data;
    expect(resumed.questions[0]).toMatchObject({
      id: p1.id,
      correct_answer: 'A',
      explanation: 'Explanation for P1',
    });

    // Answered by the key it was shown (A): right.
    const graded = await student.mutate<Out['quiz']['submit']>('quiz.submit', {
      session_id: before.session.id,
      answers: [{ question_id: p1.id, selected_answer: 'A' }],
    });
    expect(graded.data).toMatchObject({ correct_answers: 1, total_questions: 4 });
    const review = (await student.query<Review>('results.byId', { id: graded.data.id })).data;
    expect(review.user_answers[0]).toMatchObject({
      question: { id: p1.id, correct_answer: 'A', explanation: 'Explanation for P1' },
      is_correct: true,
    });

    // The next session is served the new version in the same place, and graded on it.
    const after = (await start('practice')).data;
    expect(after.session.id).not.toBe(before.session.id);
    expect(after.questions.map((q) => q.id)).toEqual([
      newer.id,
      ...cat.practiceQuestions.slice(1).map((q) => q.id),
    ]);
    expect(after.questions[0]).toMatchObject({ correct_answer: 'B', explanation: 'B, since the edit.' });
    const regraded = await student.mutate<Out['quiz']['submit']>('quiz.submit', {
      session_id: after.session.id,
      answers: [{ question_id: newer.id, selected_answer: 'A' }],
    });
    expect(regraded.data).toMatchObject({ correct_answers: 0, total_questions: 4 });
  });

  it('grade a mock under way on its questions even when one is moved away or deactivated', async () => {
    const session = (await start('mock')).data;
    const [m1, m2] = cat.mockQuestions;
    const otherMock = await t.db
      .insertInto('mock_exam_sets')
      .values({
        paper_id: cat.paper.id,
        title: 'Mock Exam 2',
        description: '',
        time_limit_minutes: 30,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const moved = await admin.mutate<Out['questions']['move']>('questions.move', {
      id: m1.id,
      quiz_type: 'mock',
      set_id: otherMock.id,
    });
    expect(moved.status).toBe(200);
    await admin.mutate('questions.setActive', { id: m2.id, is_active: false });

    const saved = await student.mutate('quiz.saveAnswer', {
      session_id: session.session.id,
      question_id: m1.id,
      selected_answer: 'A',
    });
    expect(saved.status).toBe(200);
    const graded = await student.mutate<Out['quiz']['submit']>('quiz.submit', {
      session_id: session.session.id,
      answers: [{ question_id: m2.id, selected_answer: 'B' }],
    });
    expect(graded.data).toMatchObject({ correct_answers: 2, total_questions: 5 });
    const next = (await start('mock')).data;
    expect(next.questions.map((q) => q.id)).toEqual(cat.mockQuestions.slice(2).map((q) => q.id));
  });
});
