// The original exam paths under /api answer the original shapes through the same procedures.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndIn, startTestServer, type TestServer } from '../test/harness';
import { makeCatalog } from '../test/fixtures';

let t: TestServer;
let token: string;
let cat: Awaited<ReturnType<typeof makeCatalog>>;
beforeEach(async () => {
  t = await startTestServer();
  cat = await makeCatalog(t.db);
  token = (await signUpAndIn(t)).access;
});
afterEach(async () => {
  await t.close();
});

type Json = Record<string, unknown> & { id: number };

describe('REST exam paths', () => {
  it('walk the catalogue with string path ids', async () => {
    const programs = await t.api<Json[]>('GET', '/api/exams/programs/', { token });
    expect(programs.status).toBe(200);
    expect(programs.body).toEqual([expect.objectContaining({ id: cat.program.id, name: 'General Nursing' })]);
    const papers = await t.api<Json[]>('GET', `/api/exams/programs/${cat.program.id}/papers/`, { token });
    expect(papers.body[0]).toMatchObject({
      id: cat.paper.id,
      program: cat.program.id,
      program_name: 'General Nursing',
    });
    const topics = await t.api<Json[]>('GET', `/api/exams/papers/${cat.paper.id}/topics/`, { token });
    expect(topics.body[0]).toMatchObject({ id: cat.topic.id, paper: cat.paper.id, paper_name: 'Paper 1' });
    const sets = await t.api<Json[]>('GET', `/api/exams/topics/${cat.topic.id}/practice-sets/`, { token });
    expect(sets.body[0]).toMatchObject({
      id: cat.practiceSet.id,
      topic_name: 'Fluid balance',
      total_questions: 4,
    });
    const mocks = await t.api<Json[]>('GET', `/api/exams/papers/${cat.paper.id}/mock-exams/`, { token });
    expect(mocks.body[0]).toMatchObject({ id: cat.mockSet.id, time_limit_minutes: 30, total_questions: 5 });

    const missing = await t.api('GET', '/api/exams/programs/424242/papers/', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Program not found' });
    expect((await t.api('GET', '/api/exams/programs/', {})).status).toBe(401);
  });

  it('start, save, submit and read a result', async () => {
    const start = await t.api<{
      session: Json;
      questions: Json[];
      time_limit_minutes: number;
    }>('POST', '/api/exams/quiz/start/', {
      token,
      body: { quiz_type: 'mock', quiz_id: String(cat.mockSet.id) },
    });
    expect(start.status).toBe(200);
    expect(start.body.session).toMatchObject({
      quiz_name: 'Mock Exam 1',
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
    });
    expect(start.body.time_limit_minutes).toBe(30);
    expect(start.body.questions).toHaveLength(5);
    expect(JSON.stringify(start.body)).not.toMatch(/correct_answer|explanation/);
    const sid = start.body.session.id;
    const [q1, q2] = start.body.questions;

    const saved = await t.api('POST', `/api/exams/quiz/${sid}/answer/`, {
      token,
      body: { question_id: q1.id, selected_answer: 'A' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ saved: true });
    const bad = await t.api('POST', `/api/exams/quiz/${sid}/answer/`, {
      token,
      body: { question_id: q1.id, selected_answer: 'Z' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ selected_answer: ['Choose A, B, C or D.'], detail: 'Choose A, B, C or D.' });

    const resumed = await t.api<{ saved_answers: unknown[] }>('GET', `/api/exams/quiz/${sid}/`, { token });
    expect(resumed.body.saved_answers).toEqual([{ question_id: q1.id, selected_answer: 'A' }]);

    const submit = await t.api<Json & { user_answers: unknown[] }>('POST', `/api/exams/quiz/${sid}/submit/`, {
      token,
      body: { answers: [{ question_id: q2.id, selected_answer: 'B' }], time_spent_minutes: 0 },
    });
    expect(submit.status).toBe(200);
    expect(submit.body).toMatchObject({ correct_answers: 2, total_questions: 5, percentage: 40, score: 2 });
    expect(submit.body.user_answers).toBeUndefined();
    const review = await t.api<{ user_answers: unknown[] }>('GET', `/api/exams/results/${submit.body.id}/`, {
      token,
    });
    expect(review.body.user_answers).toHaveLength(5);
    const again = await t.api<Json>('POST', `/api/exams/quiz/${sid}/submit/`, {
      token,
      body: { answers: [] },
    });
    expect(again.body.id).toBe(submit.body.id);
    const late = await t.api('POST', `/api/exams/quiz/${sid}/answer/`, {
      token,
      body: { question_id: q1.id, selected_answer: 'B' },
    });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ result_id: submit.body.id, detail: 'This quiz has already been submitted.' });

    const list = await t.api<Json[]>('GET', '/api/exams/results/', { token });
    expect(list.body.map((r) => r.id)).toEqual([submit.body.id]);
    expect(list.body[0].session).toMatchObject({
      quiz_type: 'mock',
      quiz_name: 'Mock Exam 1',
      user_name: 'Ama Mensah',
      timed_out: false,
    });
    const detail = await t.api<Json>('GET', `/api/exams/results/${submit.body.id}/`, { token });
    // The score per topic is added to the original answer: the mock's questions are untagged.
    expect(detail.body).toEqual({
      ...submit.body,
      user_answers: review.body.user_answers,
      by_topic: [{ topic_id: null, topic_name: 'Untagged', correct: 2, asked: 5, percentage: 40 }],
    });
    const missing = await t.api('GET', '/api/exams/results/9999/', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Result not found' });

    const notes = await t.api<{ unread: number }>('GET', '/api/notifications/', { token });
    expect(notes.body.unread).toBe(1);
    await t.api('POST', '/api/notifications/mark-all-read/', { token });
    expect((await t.api<{ unread: number }>('GET', '/api/notifications/', { token })).body.unread).toBe(0);
  });
});
