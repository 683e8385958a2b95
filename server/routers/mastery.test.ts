// Mastery by topic and the practice sessions built from a list of questions, from
// attempts made through the API as a student makes them. The figures are
// checked against the example worked out by hand below.
import type { inferRouterOutputs } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { backfill } from '../../db/migrations/0008_add_learning_data';
import type { AppRouter } from '../router';
import { answerSheet, takeSet } from '../test/attempts';
import {
  insertMockSet,
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
  rpc,
} from '../test/fixtures';
import { signUpAndIn } from '../test/harness';
import { useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;
type Api = ReturnType<typeof rpc>;

let cat: Awaited<ReturnType<typeof makeCatalog>>;

/**
 * General Nursing > Paper 1 > Fluid balance (set 1: 4 questions, set 2: 3), Wound care (5),
 * Pharmacology (4), and a 5-question mock on Paper 1. Keys cycle A, B, C, D.
 */
async function makeCatalog() {
  const program = await insertProgram(t.db);
  const paper = await insertPaper(t.db, program.id);
  const fluid = await insertTopic(t.db, paper.id, 'Fluid balance');
  const wound = await insertTopic(t.db, paper.id, 'Wound care');
  const pharma = await insertTopic(t.db, paper.id, 'Pharmacology');
  const fluid1 = await insertPracticeSet(t.db, fluid.id, 'Practice Set 1');
  const fluid2 = await insertPracticeSet(t.db, fluid.id, 'Practice Set 2');
  const wound1 = await insertPracticeSet(t.db, wound.id, 'Wounds 1');
  const pharma1 = await insertPracticeSet(t.db, pharma.id, 'Drugs 1');
  const mock = await insertMockSet(t.db, paper.id);
  return {
    program,
    paper,
    fluid,
    wound,
    pharma,
    fluid1: { set: fluid1, qs: await insertQuestions(t.db, { practice_set_id: fluid1.id }, 4, 'F') },
    fluid2: { set: fluid2, qs: await insertQuestions(t.db, { practice_set_id: fluid2.id }, 3, 'G') },
    wound1: { set: wound1, qs: await insertQuestions(t.db, { practice_set_id: wound1.id }, 5, 'W') },
    pharma1: { set: pharma1, qs: await insertQuestions(t.db, { practice_set_id: pharma1.id }, 4, 'D') },
    mock: { set: mock, qs: await insertQuestions(t.db, { mock_exam_set_id: mock.id }, 5, 'M') },
  };
}

const practice = (set: { id: number }) => ({ quiz_type: 'practice' as const, quiz_id: set.id });

/**
 * Ama's attempts (keys A,B,C,D,A...):
 * - Fluid set 1 "AB--": 2 of 4 (two blanks count as wrong); again "ABCA": 3 of 4 (F4 missed).
 * - Wound care "DDDDD": 1 of 5 (W4 only).
 * - Pharmacology "DCBA": 0 of 4.
 * - Mock "AAAAA": 2 of 5 (M1, M5), missed M2, M3, M4.
 * - Fluid set 2 started and answered "ABC" but never submitted: does not count.
 * Fluid balance 5/8 = 63%, 4 seen; Wound care 1/5 = 20%, 5 seen; Pharmacology 0/4 = 0%, 4 seen.
 * Paper 1 and General Nursing: 8 of 22 = 36%, 18 seen (the mock's 5 count to the paper only).
 */
async function amasAttempts(ama: Api) {
  await takeSet(ama, practice(cat.fluid1.set), 'AB--');
  await takeSet(ama, practice(cat.fluid1.set), 'ABCA');
  await takeSet(ama, practice(cat.wound1.set), 'DDDDD');
  await takeSet(ama, practice(cat.pharma1.set), 'DCBA');
  const mock = await takeSet(ama, { quiz_type: 'mock', quiz_id: cat.mock.set.id }, 'AAAAA');
  await answerSheet(ama, practice(cat.fluid2.set), 'ABC');
  return { mock };
}

const t = useTestServer();
beforeEach(async () => {
  cat = await makeCatalog();
});

async function twoStudents() {
  const ama = rpc(t, (await signUpAndIn(t)).access);
  const kofi = rpc(
    t,
    (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng' })).access,
  );
  return { ama, kofi };
}

describe('mastery.overview', () => {
  it('matches the hand-computed example and never counts or shows another student', async () => {
    const { ama, kofi } = await twoStudents();
    // Kofi gets every Fluid balance and Wound care question right before and after Ama's attempts.
    await takeSet(kofi, practice(cat.wound1.set), 'ABCDA');
    await amasAttempts(ama);
    await takeSet(kofi, practice(cat.fluid1.set), 'ABCD');

    const mine = await ama.query<Out['mastery']['overview']>('mastery.overview');
    expect(mine.status).toBe(200);
    const topic = (
      id: number,
      name: string,
      answers: number,
      correct: number,
      seen: number,
      total: number,
    ) => ({
      id,
      name,
      answers,
      correct,
      seen,
      percentage: Math.round((correct / answers) * 100),
      total_questions: total,
    });
    const fluid = topic(cat.fluid.id, 'Fluid balance', 8, 5, 4, 7);
    const pharma = topic(cat.pharma.id, 'Pharmacology', 4, 0, 4, 4);
    const wound = topic(cat.wound.id, 'Wound care', 5, 1, 5, 5);
    expect(fluid.percentage).toBe(63);
    expect(mine.data).toEqual({
      programs: [
        {
          id: cat.program.id,
          name: 'General Nursing',
          answers: 22,
          correct: 8,
          seen: 18,
          percentage: 36,
          papers: [
            {
              id: cat.paper.id,
              name: 'Paper 1',
              answers: 22,
              correct: 8,
              seen: 18,
              percentage: 36,
              topics: [fluid, pharma, wound],
            },
          ],
        },
      ],
      // Pharmacology is weakest by share but has only 4 answers: not listed.
      weakest: [
        { ...wound, paper_name: 'Paper 1', program_name: 'General Nursing' },
        { ...fluid, paper_name: 'Paper 1', program_name: 'General Nursing' },
      ],
    });

    // Kofi sees his own figures only: 9 of 9, Pharmacology and the mock absent.
    const his = await kofi.query<Out['mastery']['overview']>('mastery.overview');
    expect(his.data.programs[0]).toMatchObject({ answers: 9, correct: 9, seen: 9, percentage: 100 });
    expect(his.data.programs[0].papers[0].topics.map((x) => [x.name, x.answers, x.correct])).toEqual([
      ['Fluid balance', 4, 4],
      ['Wound care', 5, 5],
    ]);
    expect(his.data.weakest.map((w) => w.name)).toEqual(['Wound care']);
  });

  it('keeps the same tallies as migration 0008 computes from the graded sessions', async () => {
    const { ama, kofi } = await twoStudents();
    await amasAttempts(ama);
    await takeSet(kofi, practice(cat.fluid1.set), 'ABCD');
    const tallies = () =>
      t.db.selectFrom('question_tallies').selectAll().orderBy('user_id').orderBy('question_id').execute();
    // Each student's next read of mastery writes the tallies of the sessions graded since.
    await Promise.all([ama.query('mastery.overview'), kofi.query('mastery.overview')]);
    const written = await tallies();
    // F1-F4, W1-W5, D1-D4, M1-M5 for Ama (set 2 never graded) and F1-F4 for Kofi.
    expect(written).toHaveLength(22);
    expect(written.find((r) => r.question_id === cat.fluid1.qs[3].id)).toMatchObject({
      asked: 2,
      correct: 0,
      last_correct: 0,
    });
    await t.db.deleteFrom('question_tallies').execute();
    await backfill(t.db);
    expect(await tallies()).toEqual(written);
  });

  it('is empty for a new student and refused without a token', async () => {
    const { ama } = await twoStudents();
    expect((await ama.query('mastery.overview')).data).toEqual({ programs: [], weakest: [] });
    expect((await rpc(t, null).query('mastery.overview')).status).toBe(401);
  });
});

describe('quiz.startTopicPractice', () => {
  it('serves the missed questions, then the unseen, then the rest, and runs like any practice', async () => {
    const { ama } = await twoStudents();
    await amasAttempts(ama);
    const ids = (qs: Array<{ id: number }>, ...at: number[]) => at.map((i) => qs[i].id);

    const start = await ama.mutate<Out['quiz']['start']>('quiz.startTopicPractice', {
      topic_id: cat.fluid.id,
    });
    expect(start.status).toBe(200);
    const { session, questions } = start.data;
    expect(session).toMatchObject({
      quiz_type: 'practice',
      quiz_id: 0,
      quiz_name: 'Weak topic: Fluid balance',
    });
    // F4 missed last time; set 2 never graded (its open session does not count); F1-F3 right last time.
    expect(questions.map((q) => q.id)).toEqual([
      ...ids(cat.fluid1.qs, 3),
      ...ids(cat.fluid2.qs, 0, 1, 2),
      ...ids(cat.fluid1.qs, 0, 1, 2),
    ]);
    expect(questions[0]).toMatchObject({ correct_answer: 'D', explanation: 'Explanation for F4' });

    // Saved, resumed (a second tap resumes too), submitted, listed like any practice session.
    const saved = await ama.mutate('quiz.saveAnswer', {
      session_id: session.id,
      question_id: questions[0].id,
      selected_answer: 'D',
    });
    expect(saved.status).toBe(200);
    const again = await ama.mutate<Out['quiz']['start']>('quiz.startTopicPractice', {
      topic_id: cat.fluid.id,
    });
    expect(again.data.session.id).toBe(session.id);
    expect(again.data.saved_answers).toEqual([{ question_id: questions[0].id, selected_answer: 'D' }]);
    const resumed = await ama.query<Out['quiz']['resume']>('quiz.resume', { session_id: session.id });
    expect(resumed.data.questions).toHaveLength(7);
    const result = await ama.mutate<Out['quiz']['submit']>('quiz.submit', { session_id: session.id });
    expect(result.data).toMatchObject({ correct_answers: 1, total_questions: 7, percentage: 14 });
    const list = await ama.query<Out['results']['list']>('results.list');
    expect(list.data[0].session).toMatchObject({
      quiz_name: 'Weak topic: Fluid balance',
      quiz_type: 'practice',
    });
    const detail = await ama.query<Out['results']['byId']>('results.byId', { id: result.data.id });
    expect(detail.data.user_answers.map((a) => a.question.id)).toEqual(questions.map((q) => q.id));
  });

  it('takes at most 10 questions and refuses bad input and unknown or hidden topics', async () => {
    const { ama } = await twoStudents();
    const big = await insertPracticeSet(t.db, cat.wound.id, 'Wounds 2');
    await insertQuestions(t.db, { practice_set_id: big.id }, 12, 'X');
    const start = await ama.mutate<Out['quiz']['start']>('quiz.startTopicPractice', {
      topic_id: cat.wound.id,
    });
    expect(start.data.questions).toHaveLength(10);

    for (const topic_id of ['abc', -1, 0, undefined]) {
      const bad = await ama.mutate('quiz.startTopicPractice', { topic_id });
      expect(bad.status).toBe(400);
    }
    expect((await ama.mutate('quiz.startTopicPractice', { topic_id: 999_999 })).status).toBe(404);
    await t.db.updateTable('topics').set({ is_active: 0 }).where('id', '=', cat.pharma.id).execute();
    expect((await ama.mutate('quiz.startTopicPractice', { topic_id: cat.pharma.id })).status).toBe(404);
  });
});

describe('quiz.startMistakesPractice', () => {
  it('holds exactly the missed questions of the own result, active ones only', async () => {
    const { ama, kofi } = await twoStudents();
    const { mock } = await amasAttempts(ama);

    const start = await ama.mutate<Out['quiz']['start']>('quiz.startMistakesPractice', {
      result_id: mock.id,
    });
    expect(start.status).toBe(200);
    expect(start.data.session).toMatchObject({
      quiz_type: 'practice',
      quiz_id: 0,
      quiz_name: 'Mistakes: Mock Exam 1',
    });
    expect(start.data.questions.map((q) => q.id)).toEqual([1, 2, 3].map((i) => cat.mock.qs[i].id));
    expect(start.data.questions.map((q) => 'correct_answer' in q && q.correct_answer)).toEqual([
      'B',
      'C',
      'D',
    ]);
    expect(start.data.seconds_left).toBeNull();

    // Another student's result is not found, as a missing one; bad ids are refused.
    const theirs = await kofi.mutate('quiz.startMistakesPractice', { result_id: mock.id });
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain('Mock Exam 1');
    for (const result_id of ['x', -3, 1.5, null]) {
      expect((await ama.mutate('quiz.startMistakesPractice', { result_id })).status).toBe(400);
    }

    // Submitted, then a question retired from the bank: the next mistakes session leaves it out.
    await ama.mutate('quiz.submit', { session_id: start.data.session.id });
    await t.db.updateTable('questions').set({ is_active: 0 }).where('id', '=', cat.mock.qs[2].id).execute();
    const next = await ama.mutate<Out['quiz']['start']>('quiz.startMistakesPractice', { result_id: mock.id });
    expect(next.data.session.id).not.toBe(start.data.session.id);
    expect(next.data.questions.map((q) => q.id)).toEqual([cat.mock.qs[1].id, cat.mock.qs[3].id]);
  });

  it('refuses a result with nothing missed', async () => {
    const { ama } = await twoStudents();
    const perfect = await takeSet(ama, practice(cat.fluid1.set), 'ABCD');
    const start = await ama.mutate('quiz.startMistakesPractice', { result_id: perfect.id });
    expect(start.status).toBe(400);
    expect(start.error?.message).toBe('You missed no questions in this result.');
  });
});
