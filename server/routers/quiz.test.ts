// The quiz engine over /trpc with the rows it writes: key secrecy of mocks, the server-held
// deadline, resume (also across a server restart), grading and double submits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { claimForGrading, saveAnswerUnlessSubmitted } from '../queries/quiz';
import { GRACE_SECONDS, gradeExpiredSessions, saveAnswer } from '../services/quizSessions';
import { signUpAndIn, startTestServer } from '../test/harness';
import {
  ageSession,
  insertMockSet,
  insertPracticeSet,
  insertQuestions,
  makeCatalog,
  rpc,
} from '../test/fixtures';
import { useCatalog, useStudent, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;
type QuizStart = Out['quiz']['start'];
type Detail = Out['quiz']['submit'];
type Review = Out['results']['byId'];

const t = useTestServer();
const cat = useCatalog(t);
const api = useStudent(t);

const startMock = () => api.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: cat.mockSet.id });
const save = (session_id: number, question_id: number, selected_answer: string) =>
  api.mutate<Out['quiz']['saveAnswer']>('quiz.saveAnswer', { session_id, question_id, selected_answer });
const count = async (table: 'quiz_results' | 'quiz_sessions' | 'notifications' | 'session_answers') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const age = (sessionId: number, minutes: number) => ageSession(t.db, sessionId, minutes);
const KEY_PATTERN = /correct_answer|explanation|Explanation for/;

describe('practice sessions', () => {
  it('send the key with the questions, and a start resumes the open session with its checked answers', async () => {
    const res = await api.mutate<QuizStart>('quiz.start', {
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
    });
    expect(res.status).toBe(200);
    expect(res.data.session).toMatchObject({
      quiz_name: 'Practice Set 1',
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
      deadline_at: null,
    });
    expect(res.data.time_limit_minutes).toBeNull();
    expect(res.data.seconds_left).toBeNull();
    expect(res.data.resumed).toBe(false);
    expect(res.data.questions[0]).toEqual({
      id: cat.practiceQuestions[0].id,
      question_text: 'P1: which option is right?',
      option_a: 'Option A',
      option_b: 'Option B',
      option_c: 'Option C',
      option_d: 'Option D',
      correct_answer: 'A',
      explanation: 'Explanation for P1',
      // Why each wrong option is wrong, where a tutor wrote it (none in this catalogue).
      rationale_a: null,
      rationale_b: null,
      rationale_c: null,
      rationale_d: null,
    });
    expect(res.data.questions.map((q) => q.id)).toEqual(cat.practiceQuestions.map((q) => q.id));
    // A checked answer is saved; starting the set again (a reload, Back) resumes the same session.
    await save(res.data.session.id, cat.practiceQuestions[0].id, 'A');
    const again = await api.mutate<QuizStart>('quiz.start', {
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
    });
    expect(again.data.session.id).toBe(res.data.session.id);
    expect(again.data.resumed).toBe(true);
    expect(again.data.saved_answers).toEqual([
      expect.objectContaining({ question_id: cat.practiceQuestions[0].id, selected_answer: 'A' }),
    ]);
    expect(await count('quiz_sessions')).toBe(1);
    // Once submitted, the next start is a new attempt.
    await api.mutate('quiz.submit', { session_id: res.data.session.id, answers: [] });
    const retake = await api.mutate<QuizStart>('quiz.start', {
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
    });
    expect(retake.data.session.id).not.toBe(res.data.session.id);
    const row = await t.db
      .selectFrom('quiz_sessions')
      .selectAll()
      .where('id', '=', res.data.session.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.question_ids)).toEqual(cat.practiceQuestions.map((q) => q.id));
    expect(row.deadline_at).toBeNull();
  });

  it('limit starts to 60 in 10 minutes per student, however many sets', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const r = await api.mutate('quiz.start', {
        quiz_type: i % 2 ? 'practice' : 'mock',
        quiz_id: i % 2 ? cat.practiceSet.id : cat.mockSet.id,
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(statuses[60]).toBe(429);
    expect(await count('quiz_sessions')).toBe(2);
  });

  it('grade exactly: one point per correct, unanswered wrong, percentage rounded', async () => {
    const set = await insertPracticeSet(t.db, cat.topic.id, 'Three');
    const qs = await insertQuestions(t.db, { practice_set_id: set.id }, 3, 'T'); // keys A, B, C
    const start = await api.mutate<QuizStart>('quiz.start', { quiz_type: 'practice', quiz_id: set.id });
    const res = await api.mutate<Detail>('quiz.submit', {
      session_id: start.data.session.id,
      answers: [
        { question_id: qs[0].id, selected_answer: 'A' },
        { question_id: qs[1].id, selected_answer: 'B' },
      ],
      time_spent_minutes: 1,
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ correct_answers: 2, total_questions: 3, score: 2, percentage: 67 });
    // The submit answers the result; the review comes from results.byId.
    expect(res.data).not.toHaveProperty('user_answers');
    const review = await api.query<Review>('results.byId', { id: res.data.id });
    // The submit answers from what it wrote: exactly the result as it reads back.
    const { user_answers: _answers, by_topic: _topics, ...stored } = review.data;
    expect(res.data).toEqual(stored);
    expect(review.data.user_answers.map((a) => [a.question.id, a.selected_answer, a.is_correct])).toEqual([
      [qs[0].id, 'A', true],
      [qs[1].id, 'B', true],
      [qs[2].id, null, false],
    ]);
  });
});

/** A row of session_answers choosing A, as a save writes it now. */
const answerA = (sessionId: number, questionId: number) => ({
  session_id: sessionId,
  question_id: questionId,
  selected_answer: 'A' as const,
  saved_at: new Date().toISOString(),
});

describe('mock sessions', () => {
  it('never send the key before submission: start, info, resume and saves carry none', async () => {
    const info = await api.query('quiz.info', { quiz_type: 'mock', quiz_id: cat.mockSet.id });
    expect(info.data).toEqual({
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
      quiz_name: 'Mock Exam 1',
      total_questions: 5,
      time_limit_minutes: 30,
      shuffled: false,
      drawn: null,
      in_progress: null,
    });
    const start = await startMock();
    expect(start.text).not.toMatch(KEY_PATTERN);
    expect(Object.keys(start.data.questions[0]).sort()).toEqual(
      ['id', 'option_a', 'option_b', 'option_c', 'option_d', 'question_text'].sort(),
    );
    expect(start.data.time_limit_minutes).toBe(30);
    expect(start.data.seconds_left).toBeGreaterThan(1795);
    expect(start.data.seconds_left).toBeLessThanOrEqual(1800);
    const row = await t.db
      .selectFrom('quiz_sessions')
      .selectAll()
      .where('id', '=', start.data.session.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.deadline_at!).getTime() - new Date(row.started_at).getTime()).toBe(30 * 60_000);

    const id = start.data.session.id;
    const saved = await save(id, cat.mockQuestions[0].id, 'A');
    expect(saved.text).not.toMatch(KEY_PATTERN);
    const infoNow = await api.query<Out['quiz']['info']>('quiz.info', {
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
    });
    expect(infoNow.data.in_progress?.session_id).toBe(id);
    expect(infoNow.text).not.toMatch(KEY_PATTERN);
    const resumed = await api.query<QuizStart>('quiz.resume', { session_id: id });
    expect(resumed.text).not.toMatch(KEY_PATTERN);
    const restarted = await startMock();
    expect(restarted.text).not.toMatch(KEY_PATTERN);
    expect(restarted.data.resumed).toBe(true);
    expect(restarted.data.session.id).toBe(id);
    expect(restarted.data.saved_answers).toEqual([
      { question_id: cat.mockQuestions[0].id, selected_answer: 'A' },
    ]);
    expect(await count('quiz_sessions')).toBe(1);

    // After submission the review carries the key.
    const done = await api.mutate<Detail>('quiz.submit', {
      session_id: id,
      answers: [],
      time_spent_minutes: 1,
    });
    const review = await api.query<Review>('results.byId', { id: done.data.id });
    expect(review.data.user_answers[0].question.correct_answer).toBe('A');
    expect(review.data.user_answers[0].question.explanation).toBe('Explanation for M1');
  });

  it('grades on the server, writes the result, its answers and a notification in one go', async () => {
    const start = await startMock();
    const id = start.data.session.id;
    const [q1, q2, q3, q4, q5] = cat.mockQuestions; // keys A, B, C, D, A
    await save(id, q1.id, 'C');
    await save(id, q1.id, 'A'); // a changed choice replaces the first
    await save(id, q1.id, 'A'); // idempotent
    const res = await api.mutate<Detail>('quiz.submit', {
      session_id: id,
      answers: [
        { question_id: q2.id, selected_answer: 'B' },
        { question_id: q3.id, selected_answer: 'A' },
        { question_id: q4.id, selected_answer: 'D' },
      ],
      time_spent_minutes: 12,
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      correct_answers: 3,
      total_questions: 5,
      score: 3,
      percentage: 60,
      // Claimed 12 minutes a moment after the start: the server clock allows at most 1.
      time_spent_minutes: 1,
      session: {
        id,
        quiz_type: 'mock',
        quiz_id: cat.mockSet.id,
        quiz_name: 'Mock Exam 1',
        user_name: 'Ama Mensah',
        timed_out: false,
      },
    });
    const review = await api.query<Review>('results.byId', { id: res.data.id });
    expect(review.data.user_answers.map((a) => [a.question.id, a.selected_answer, a.is_correct])).toEqual([
      [q1.id, 'A', true],
      [q2.id, 'B', true],
      [q3.id, 'A', false],
      [q4.id, 'D', true],
      [q5.id, null, false],
    ]);
    const result = await t.db.selectFrom('quiz_results').selectAll().executeTakeFirstOrThrow();
    expect(result).toMatchObject({
      id: res.data.id,
      session_id: id,
      correct_answers: 3,
      percentage: 60,
      score: 3,
    });
    // The review above reads the graded answers back from the session's saved ones.
    expect(await count('session_answers')).toBe(4);
    const session = await t.db.selectFrom('quiz_sessions').selectAll().executeTakeFirstOrThrow();
    expect(session.submitted_at).not.toBeNull();
    const notes = await api.query<Out['notifications']['list']>('notifications.list');
    expect(notes.data).toEqual({
      items: [
        {
          id: expect.any(Number),
          title: 'Result ready: Mock Exam 1',
          body: '60% (grade D)',
          link: `/quiz/result/${res.data.id}`,
          read: false,
          created_at: expect.any(String),
        },
      ],
      unread: 1,
    });
    expect((await api.mutate('notifications.markAllRead')).data).toEqual({ unread: 0 });
    expect((await api.query<Out['notifications']['list']>('notifications.list')).data.unread).toBe(0);

    // Saving or resuming after the submission is refused, naming the result.
    const late = await save(id, q5.id, 'A');
    expect(late.status).toBe(409);
    expect(late.error?.data.result_id).toBe(res.data.id);
    const resume = await api.query('quiz.resume', { session_id: id });
    expect(resume.status).toBe(409);
    expect(resume.error?.data.result_id).toBe(res.data.id);
    // ...so the review, read from the saved answers, stays as graded.
    const again = await api.query<Review>('results.byId', { id: res.data.id });
    expect(again.data.user_answers).toEqual(review.data.user_answers);

    // A retake is a new session.
    const retake = await startMock();
    expect(retake.data.resumed).toBe(false);
    expect(retake.data.session.id).not.toBe(id);
    expect(retake.data.saved_answers).toEqual([]);
  });

  it('checks saved answers: A-D only, questions of the session only, own sessions only', async () => {
    const id = (await startMock()).data.session.id;
    const bad = await save(id, cat.mockQuestions[0].id, 'E');
    expect(bad.status).toBe(400);
    expect(bad.error?.data.fieldErrors?.selected_answer).toEqual(['Choose A, B, C or D.']);
    const foreign = await save(id, cat.practiceQuestions[0].id, 'A');
    expect(foreign.status).toBe(400);
    expect(foreign.error?.message).toBe('This question is not part of this quiz.');
    const other = rpc(
      t,
      (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng' })).access,
    );
    const stranger = await other.mutate('quiz.saveAnswer', {
      session_id: id,
      question_id: cat.mockQuestions[0].id,
      selected_answer: 'A',
    });
    expect(stranger.status).toBe(404);
    expect((await other.mutate('quiz.submit', { session_id: id, answers: [] })).status).toBe(404);
    expect((await other.query('quiz.resume', { session_id: id })).status).toBe(404);
    expect(await t.db.selectFrom('session_answers').selectAll().execute()).toEqual([]);
  });

  it('writes a save that raced a submit only if it came first: the upsert checks the session', async () => {
    const id = (await startMock()).data.session.id;
    const [q1, q2] = cat.mockQuestions;
    const row = (questionId: number) => answerA(id, questionId);
    expect(await saveAnswerUnlessSubmitted(t.db, row(q1.id))).toBe(true);
    expect(await saveAnswerUnlessSubmitted(t.db, row(q1.id))).toBe(true); // the same choice again
    const graded = await api.mutate<Detail>('quiz.submit', { session_id: id, answers: [] });
    // A save that read the session before this submit graded it writes nothing now.
    expect(await saveAnswerUnlessSubmitted(t.db, row(q2.id))).toBe(false);
    const rows = await t.db.selectFrom('session_answers').select('question_id').execute();
    expect(rows).toEqual([{ question_id: q1.id }]);
    const late = await save(id, q2.id, 'B');
    expect(late.status).toBe(409);
    expect(late.error?.data).toMatchObject({ result_id: graded.data.id });
  });

  it('holds a save that arrives while a submit grades the session, then refuses it', async () => {
    const id = (await startMock()).data.session.id;
    const row = answerA(id, cat.mockQuestions[0].id);
    let saving: Promise<boolean> | undefined;
    await t.db.transaction().execute(async (trx) => {
      expect(await claimForGrading(trx, { id, at: new Date().toISOString() })).toBe(true);
      saving = saveAnswerUnlessSubmitted(t.db, row);
      // Time for the save to reach the database while the grading is still under way.
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(await saving).toBe(false);
    expect(await count('session_answers')).toBe(0);
  });

  it('takes a save up to exactly the deadline plus the grace, and not a millisecond later', async () => {
    const id = (await startMock()).data.session.id;
    const [q1, q2] = cat.mockQuestions;
    const user = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    const { deadline_at } = await t.db
      .selectFrom('quiz_sessions')
      .select('deadline_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const lastInstant = new Date(new Date(deadline_at!).getTime() + GRACE_SECONDS * 1000);
    const at = (when: Date, question_id: number) =>
      saveAnswer(t.db, user, { session_id: id, question_id, selected_answer: 'A' }, when);
    await expect(at(lastInstant, q1.id)).resolves.toEqual({ saved: true, seconds_left: 0 });
    await expect(at(new Date(lastInstant.getTime() + 1), q2.id)).rejects.toThrow(
      'Time is up for this exam: answers can no longer be changed.',
    );
    const rows = await t.db.selectFrom('session_answers').select('question_id').execute();
    expect(rows).toEqual([{ question_id: q1.id }]);
  });

  it('holds the deadline: after it (+grace) saves are refused and submit counts saved answers only', async () => {
    const id = (await startMock()).data.session.id;
    const [q1, q2, q3] = cat.mockQuestions;
    await save(id, q1.id, 'A');
    await age(id, 31); // the 30-minute deadline passed a minute ago: beyond the grace
    const refused = await save(id, q2.id, 'B');
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe('Time is up for this exam: answers can no longer be changed.');
    const res = await api.mutate<Detail>('quiz.submit', {
      session_id: id,
      answers: [
        { question_id: q2.id, selected_answer: 'B' },
        { question_id: q3.id, selected_answer: 'C' },
      ],
      time_spent_minutes: 45,
    });
    expect(res.data).toMatchObject({
      correct_answers: 1,
      total_questions: 5,
      percentage: 20,
      time_spent_minutes: 30,
      session: { timed_out: true },
    });
    const saved = await t.db.selectFrom('session_answers').select(['question_id']).execute();
    expect(saved).toEqual([{ question_id: q1.id }]);
  });

  it('accepts a last save and a submit within the grace after the deadline', async () => {
    const id = (await startMock()).data.session.id;
    const [q1, q2] = cat.mockQuestions;
    await t.db
      .updateTable('quiz_sessions')
      .set({ deadline_at: new Date(Date.now() - 10_000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await save(id, q1.id, 'A')).data).toEqual({ saved: true, seconds_left: 0 });
    const res = await api.mutate<Detail>('quiz.submit', {
      session_id: id,
      answers: [{ question_id: q2.id, selected_answer: 'B' }],
      time_spent_minutes: -5,
    });
    expect(res.data).toMatchObject({ correct_answers: 2, percentage: 40, time_spent_minutes: 0 });
  });

  it('returns the same result for a second submit and for two at once, with one row each', async () => {
    const id = (await startMock()).data.session.id;
    const body = {
      session_id: id,
      answers: [{ question_id: cat.mockQuestions[0].id, selected_answer: 'A' }],
    };
    const first = await api.mutate<Detail>('quiz.submit', body);
    const second = await api.mutate<Detail>('quiz.submit', { ...body, answers: [] });
    expect(second.data.id).toBe(first.data.id);
    expect(second.data.correct_answers).toBe(1);
    expect(await count('quiz_results')).toBe(1);

    // Three at once, each with another letter: one grades, and the answer it graded stays.
    const id2 = (await startMock()).data.session.id;
    const question = cat.mockQuestions[0].id;
    const both = await Promise.all(
      (['A', 'B', 'C'] as const).map((selected_answer) =>
        api.mutate<Detail>('quiz.submit', {
          session_id: id2,
          answers: [{ question_id: question, selected_answer }],
        }),
      ),
    );
    expect(new Set(both.map((r) => r.data.id)).size).toBe(1);
    expect(await count('quiz_results')).toBe(2);
    expect(await count('notifications')).toBe(2);
    const stored = await t.db
      .selectFrom('session_answers')
      .innerJoin('questions', 'questions.id', 'session_answers.question_id')
      .select(['selected_answer', 'correct_answer'])
      .where('session_id', '=', id2)
      .execute();
    expect(stored).toHaveLength(1);
    const storedIsRight = stored[0].selected_answer === stored[0].correct_answer;
    expect(both[0].data.correct_answers).toBe(storedIsRight ? 1 : 0);
  });

  it('grades an abandoned session on its saved answers: in the sweep, and lazily on reading results', async () => {
    const id = (await startMock()).data.session.id;
    await save(id, cat.mockQuestions[0].id, 'A');
    await save(id, cat.mockQuestions[1].id, 'C');
    expect(await gradeExpiredSessions(t.db)).toBe(0); // still running
    await age(id, 90);
    expect(await gradeExpiredSessions(t.db)).toBe(1);
    expect(await gradeExpiredSessions(t.db)).toBe(0);
    const result = await t.db.selectFrom('quiz_results').selectAll().executeTakeFirstOrThrow();
    expect(result).toMatchObject({ session_id: id, correct_answers: 1, total_questions: 5, percentage: 20 });
    expect(result.time_spent_minutes).toBe(30);
    expect(await count('notifications')).toBe(1);

    // A second abandoned session is graded when the student next opens the results.
    const id2 = (await startMock()).data.session.id;
    expect(id2).not.toBe(id);
    await age(id2, 40);
    const list = await api.query<Out['results']['list']>('results.list');
    expect(list.data.map((r) => r.session.id)).toEqual([id2, id]);
    expect(list.data[0]).toMatchObject({ percentage: 0, time_spent_minutes: 30 });
    expect(list.data.map((r) => r.session.timed_out)).toEqual([true, true]);
  });

  it("lists a student's own mocks under way with the seconds left, for Resume", async () => {
    const id = (await startMock()).data.session.id;
    const open = await api.query<Out['quiz']['openMocks']>('quiz.openMocks');
    expect(open.data).toEqual([{ quiz_id: cat.mockSet.id, seconds_left: expect.any(Number) }]);
    expect(open.data[0].seconds_left).toBeGreaterThan(29 * 60);
    expect(open.data[0].seconds_left).toBeLessThanOrEqual(30 * 60);

    const other = rpc(t, (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi' })).access);
    expect((await other.query('quiz.openMocks')).data).toEqual([]);

    const done = await api.mutate<Detail>('quiz.submit', { session_id: id, answers: [] });
    expect(done.data.session.timed_out).toBe(false);
    expect((await api.query('quiz.openMocks')).data).toEqual([]);
  });

  it('resumes after a restart of the server: same questions, order, answers and time left', async () => {
    // A server of its own, on a data folder that outlives it; the file's server stays as it is.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-restart-'));
    let server = await startTestServer({ dataDir });
    try {
      const set = await makeCatalog(server.db);
      const token = (await signUpAndIn(server)).access;
      let student = rpc(server, token);
      // Reverse the set's order so "same order" is not the default order by chance.
      for (const [i, q] of set.mockQuestions.entries()) {
        await server.db
          .updateTable('questions')
          .set({ position: 10 - i })
          .where('id', '=', q.id)
          .execute();
      }
      const startSetMock = () =>
        student.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: set.mockSet.id });
      const start = await startSetMock();
      const order = start.data.questions.map((q) => q.id);
      expect(order).toEqual(set.mockQuestions.map((q) => q.id).reverse());
      for (const [question_id, selected_answer] of [
        [order[0], 'D'],
        [order[2], 'B'],
      ] as const)
        await student.mutate('quiz.saveAnswer', {
          session_id: start.data.session.id,
          question_id,
          selected_answer,
        });

      await server.close();
      server = await startTestServer({ dataDir });
      student = rpc(server, token);
      const back = await student.query<QuizStart>('quiz.resume', { session_id: start.data.session.id });
      expect(back.status).toBe(200);
      expect(back.data.questions.map((q) => q.id)).toEqual(order);
      expect(back.data.saved_answers).toEqual(
        [
          { question_id: order[0], selected_answer: 'D' },
          { question_id: order[2], selected_answer: 'B' },
        ].sort((a, b) => a.question_id - b.question_id),
      );
      expect(back.data.session.deadline_at).toBe(start.data.session.deadline_at);
      expect(back.data.seconds_left).toBeLessThanOrEqual(start.data.seconds_left!);
      expect(back.data.seconds_left).toBeGreaterThan(start.data.seconds_left! - 10);
      const again = await startSetMock();
      expect(again.data.session.id).toBe(start.data.session.id);
      expect(again.data.resumed).toBe(true);
      expect(again.text).not.toMatch(KEY_PATTERN);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown or inactive quiz and an empty one, which students never see', async () => {
    expect((await api.mutate('quiz.start', { quiz_type: 'mock', quiz_id: 9999 })).error?.message).toBe(
      'Mock exam not found',
    );
    expect((await api.mutate('quiz.start', { quiz_type: 'practice', quiz_id: 9999 })).error?.message).toBe(
      'Practice set not found',
    );
    expect((await api.mutate('quiz.start', { quiz_type: 'exam', quiz_id: cat.mockSet.id })).status).toBe(400);
    await t.db.updateTable('papers').set({ is_active: 0 }).where('id', '=', cat.paper.id).execute();
    expect((await startMock()).status).toBe(404);
    const empty = await insertPracticeSet(t.db, cat.topic.id, 'Empty');
    await t.db.updateTable('papers').set({ is_active: 1 }).where('id', '=', cat.paper.id).execute();
    const res = await api.mutate('quiz.start', { quiz_type: 'practice', quiz_id: empty.id });
    expect([res.status, res.error?.message]).toEqual([404, 'Practice set not found']);
    expect(await count('quiz_sessions')).toBe(0);
    const listed = await api.query<Array<{ id: number }>>('catalog.practiceSets', { topicId: cat.topic.id });
    expect(listed.data.map((s) => s.id)).toEqual([cat.practiceSet.id]);
    const emptyMock = await insertMockSet(t.db, cat.paper.id, 'Empty mock');
    const mocks = await api.query<Array<{ id: number }>>('catalog.mockExams', { paperId: cat.paper.id });
    expect(mocks.data.map((s) => s.id)).not.toContain(emptyMock.id);
  });
});
