// admin.reports.itemAnalysis against a hand-computed example (docs/reports.md, test/itemExample.ts):
// ten students' first attempts at a six-question mock, taken through quiz.start/saveAnswer/submit. Retakes,
// unfinished sessions and an admin's attempt must not count. The mock's questions carry topics, and
// the figures are summed per topic too.
import type { inferRouterOutputs } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { answerSheet, takeSet, type SetRef } from '../test/attempts';
import { insertTopic, makeCatalog, rpc, tagQuestions } from '../test/fixtures';
import { signUpAndIn } from '../test/harness';
import { useAdmin, useTestServer } from '../test/useTestServer';
import { insertAnalysedMock, ITEM_SHEETS } from '../test/itemExample';

type Analysis = inferRouterOutputs<AppRouter>['admin']['reports']['itemAnalysis'];

let mock: SetRef;
let practice: SetRef;
let questionIds: number[];
let topics: { fluid: number; vitals: number };
const t = useTestServer();
const admin = useAdmin(t);
beforeEach(async () => {
  const cat = await makeCatalog(t.db);
  const { set, questionIds: ids } = await insertAnalysedMock(t.db, cat.paper.id);
  questionIds = ids;
  // IA1-IA3 Fluid balance, IA4-IA5 Vital signs, IA6 untagged.
  const vitals = await insertTopic(t.db, cat.paper.id, 'Vital signs');
  await tagQuestions(t.db, ids.slice(0, 3), cat.topic.id);
  await tagQuestions(t.db, ids.slice(3, 5), vitals.id);
  topics = { fluid: cat.topic.id, vitals: vitals.id };
  mock = { quiz_type: 'mock', quiz_id: set.id };
  practice = { quiz_type: 'practice', quiz_id: cat.practiceSet.id };
});

const student = async (i: number) =>
  rpc(t, (await signUpAndIn(t, { email: `s${i}@example.com`, full_name: `Student ${i}` })).access);

describe('item analysis', () => {
  it('gives Moodle-style figures over first attempts and flags the questions to review', async () => {
    const students = [];
    for (let i = 1; i <= ITEM_SHEETS.length; i++) students.push(await student(i));
    for (let i = 0; i < 9; i++) await takeSet(students[i], mock, ITEM_SHEETS[i]);

    const early = await admin.query<Analysis>('admin.reports.itemAnalysis', mock);
    expect(early.data).toMatchObject({
      attempts: 9,
      min_attempts: 10,
      ready: false,
      questions: [],
      topics: [],
    });
    expect(early.data.set).toEqual({
      quiz_type: 'mock',
      quiz_id: mock.quiz_id,
      title: 'Analysed Mock',
      paper_name: 'Paper 1',
      program_name: 'General Nursing',
    });

    await takeSet(students[9], mock, ITEM_SHEETS[9]);
    // None of these may change a figure: a retake (S10 scoring 6 would move into the top group),
    // an unfinished session, an admin trying the set, and another set's attempt.
    await takeSet(students[9], mock, 'ABCDAB');
    await answerSheet(students[0], mock, 'CCCCCC');
    await takeSet(admin, mock, 'DDDDDD');
    await takeSet(students[1], practice, 'DDDD');

    const res = await admin.query<Analysis>('admin.reports.itemAnalysis', mock);
    expect(res.status).toBe(200);
    expect(res.data.attempts).toBe(10);
    expect(res.data.ready).toBe(true);
    const row = (letter: string, correct: number, chosen: number[], blank: number) => ({
      attempts: 10,
      correct,
      correct_answer: letter,
      chosen: { A: chosen[0], B: chosen[1], C: chosen[2], D: chosen[3] },
      blank,
      group_size: 3,
    });
    const [q1, q2, q3, q4, q5, q6] = res.data.questions;
    expect(res.data.questions.map((q) => q.id)).toEqual(questionIds);
    expect(q1).toMatchObject({ ...row('A', 10, [10, 0, 0, 0], 0), facility: 1, discrimination: 0 });
    expect(q1.flags).toEqual(['too_easy']);
    expect(q2).toMatchObject({ ...row('B', 1, [5, 1, 4, 0], 0), facility: 0.1 });
    expect(q2.discrimination).toBeCloseTo(1 / 3, 10);
    expect(q2.flags).toEqual(['too_hard']);
    expect(q3).toMatchObject({ ...row('C', 4, [3, 1, 4, 1], 1), facility: 0.4, discrimination: -1 });
    expect(q3.flags).toEqual(['negative_discrimination']);
    expect(q4).toMatchObject({
      ...row('D', 6, [4, 0, 0, 6], 0),
      facility: 0.6,
      discrimination: 1,
      flags: [],
    });
    expect(q5).toMatchObject({
      ...row('A', 5, [5, 1, 1, 0], 3),
      facility: 0.5,
      discrimination: 1,
      flags: [],
    });
    expect(q6).toMatchObject({
      ...row('B', 5, [1, 5, 1, 0], 3),
      facility: 0.5,
      discrimination: 1,
      flags: [],
    });
    expect(q1.question_text).toBe('IA1: which option is right?');
    expect(res.data.questions.map((q) => [q.topic_id, q.topic_name])).toEqual([
      [topics.fluid, 'Fluid balance'],
      [topics.fluid, 'Fluid balance'],
      [topics.fluid, 'Fluid balance'],
      [topics.vitals, 'Vital signs'],
      [topics.vitals, 'Vital signs'],
      [null, 'Untagged'],
    ]);
    // The same first attempts per topic, weakest first: Fluid balance 15 of 30 (Q1-Q3: 10, 1
    // and 4 right), Vital signs 11 of 20 (Q4-Q5: 6 and 5), the untagged Q6 5 of 10 last.
    expect(res.data.topics).toEqual([
      { topic_id: topics.fluid, topic_name: 'Fluid balance', correct: 15, asked: 30, percentage: 50 },
      { topic_id: topics.vitals, topic_name: 'Vital signs', correct: 11, asked: 20, percentage: 55 },
      { topic_id: null, topic_name: 'Untagged', correct: 5, asked: 10, percentage: 50 },
    ]);
  });

  it('refuses a student, and answers bad input and unknown sets with a clear message', async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    const refused = await ama.query('admin.reports.itemAnalysis', mock);
    expect(refused.status).toBe(403);
    expect(refused.error?.data.code).toBe('FORBIDDEN');

    const bad = await admin.query('admin.reports.itemAnalysis', { quiz_type: 'exam', quiz_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.error?.data.fieldErrors).toEqual({
      quiz_type: ['Choose mock or practice.'],
      quiz_id: ['Must be a whole number.'],
    });
    const missing = await admin.query('admin.reports.itemAnalysis', { quiz_type: 'practice', quiz_id: 9999 });
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe('Practice set not found');
    expect(await t.db.selectFrom('quiz_sessions').selectAll().execute()).toEqual([]);
  });
});
