// Drawn mocks and the exam-day simulation, through HTTP as students and admins use them: each
// attempt drawn on the server from active questions, unseen first, kept in the session (a resume
// shows the same questions in the same order), graded like any mock; the admin's settings
// validated, and out of a student's reach.
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import {
  ageSession,
  insertMockSet,
  insertPaper,
  insertProgram,
  insertQuestions,
  rpc,
} from '../test/fixtures';
import { topicsOf, topicWithQuestions } from '../test/drawBank';
import { signUpAndIn } from '../test/harness';
import { useAdmin, useTestServer } from '../test/useTestServer';
import { gradeExpiredSessions } from '../services/quizSessions';

type Out = inferRouterOutputs<AppRouter>;
type Start = Out['quiz']['start'];

const t = useTestServer();
const admin = useAdmin(t);

let students = 0;
/** A new student, signed in. */
async function student() {
  students++;
  const tokens = await signUpAndIn(t, { email: `student${students}.${Date.now()}@example.com` });
  return rpc(t, tokens.access);
}

/** A programme with one paper of two topics (12 and 8 questions) and a mock of that paper. */
async function paperBank() {
  const program = await insertProgram(t.db, 'Midwifery');
  const paper = await insertPaper(t.db, program.id, 'Paper 1');
  const a = await topicWithQuestions(t.db, paper.id, 'Antenatal care', 12);
  const b = await topicWithQuestions(t.db, paper.id, 'Labour', 8);
  const mock = await insertMockSet(t.db, paper.id, 'Drawn mock', 30);
  return { program, paper, a, b, mock };
}

const blueprint = (input: Record<string, unknown>) =>
  admin.mutate<Out['admin']['setMockBlueprint']>('admin.setMockBlueprint', input);
const start = (api: ReturnType<typeof rpc>, quiz_id: number) =>
  api.mutate<Start>('quiz.start', { quiz_type: 'mock', quiz_id });
const ids = (s: Start) => s.questions.map((q) => q.id);
const mockRow = (id: number) =>
  t.db.selectFrom('mock_exam_sets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Starts, answers nothing and submits: the questions become seen once the tallies are written. */
async function takeAndSubmit(api: ReturnType<typeof rpc>, quiz_id: number) {
  const s = (await start(api, quiz_id)).data;
  const done = await api.mutate<Out['quiz']['submit']>('quiz.submit', { session_id: s.session.id });
  expect(done.status).toBe(200);
  return ids(s);
}

describe('a drawn mock', () => {
  it('draws its count from the paper for each attempt, no key sent, and resumes in the same order', async () => {
    const bank = await paperBank();
    const made = await blueprint({ id: bank.mock.id, draw_count: 10, time_limit_minutes: 15 });
    expect(made.status).toBe(200);
    expect(made.data.warnings).toEqual([]);
    expect(made.data.mock).toMatchObject({ draw_count: 10, total_questions: 10, time_limit_minutes: 15 });

    const ama = await student();
    const info = await ama.query<Out['quiz']['info']>('quiz.info', {
      quiz_type: 'mock',
      quiz_id: bank.mock.id,
    });
    expect(info.data).toMatchObject({
      total_questions: 10,
      time_limit_minutes: 15,
      drawn: { asked: 10, held: 10 },
    });

    const first = await start(ama, bank.mock.id);
    expect(first.status).toBe(200);
    const drawn = ids(first.data);
    expect(drawn).toHaveLength(10);
    expect(new Set(drawn).size).toBe(10);
    const pool = new Set([...bank.a.ids, ...bank.b.ids]);
    expect(drawn.every((id) => pool.has(id))).toBe(true);
    // Spread as the bank is: 12 and 8 of 20 make 6 and 4 of 10.
    const topics = [...(await topicsOf(t.db, drawn)).values()];
    expect(topics.filter((id) => id === bank.a.topic.id)).toHaveLength(6);
    expect(topics.filter((id) => id === bank.b.topic.id)).toHaveLength(4);
    // A timed attempt's start carries neither key nor explanation.
    expect(first.text).not.toMatch(/correct_answer|explanation|Explanation for/);

    const row = await t.db
      .selectFrom('quiz_sessions')
      .selectAll()
      .where('id', '=', first.data.session.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ quiz_type: 'mock', quiz_id: bank.mock.id, origin: 'set' });
    expect(JSON.parse(row.question_ids)).toEqual(drawn);
    expect(Date.parse(row.deadline_at!) - Date.parse(row.started_at)).toBe(15 * 60_000);

    const resumed = await ama.query<Start>('quiz.resume', { session_id: first.data.session.id });
    expect(ids(resumed.data)).toEqual(drawn);
    const again = await start(ama, bank.mock.id);
    expect([again.data.session.id, ids(again.data)]).toEqual([first.data.session.id, drawn]);
  });

  it('gives two students different draws, and a student the unseen questions first', async () => {
    const bank = await paperBank();
    await blueprint({ id: bank.mock.id, draw_count: 10, time_limit_minutes: 15 });
    const [ama, kofi] = [await student(), await student()];
    const amaFirst = await takeAndSubmit(ama, bank.mock.id);
    const kofiFirst = ids((await start(kofi, bank.mock.id)).data);
    expect(kofiFirst).not.toEqual(amaFirst);

    // 20 in the pool, 10 seen: the next attempt is the other 10.
    const amaSecond = ids((await start(ama, bank.mock.id)).data);
    expect(amaSecond.filter((id) => amaFirst.includes(id))).toEqual([]);
    expect(amaSecond).toHaveLength(10);
  });

  it('never draws a deactivated or replaced question, nor one of a deactivated set', async () => {
    const bank = await paperBank();
    const [off, edited] = [bank.a.ids[0], bank.b.ids[0]];
    expect((await admin.mutate('questions.setActive', { id: off, is_active: false })).status).toBe(200);
    const edit = await admin.mutate<{ id: number }>('questions.update', {
      id: edited,
      question_text: 'Labour1 edited: which option is right?',
      option_a: 'Option A',
      option_b: 'Option B',
      option_c: 'Option C',
      option_d: 'Option D',
      correct_answer: 'A',
      explanation: 'Edited',
    });
    expect(edit.status).toBe(200);
    // A deactivated practice set's questions are not drawn either.
    const retired = await topicWithQuestions(t.db, bank.paper.id, 'Retired', 3);
    await t.db.updateTable('practice_sets').set({ is_active: 0 }).where('id', '=', retired.set.id).execute();
    // Asked for the whole paper: every drawable question comes, and only those.
    await blueprint({ id: bank.mock.id, draw_count: 30, time_limit_minutes: 30 });
    const drawn = ids((await start(await student(), bank.mock.id)).data);
    expect(drawn).toHaveLength(19);
    expect(drawn.filter((id) => retired.ids.includes(id))).toEqual([]);
    expect(drawn).not.toContain(off);
    expect(drawn).not.toContain(edited);
    expect(drawn).toContain(edit.data.id);
  });

  it('draws a count per topic, and says when the paper holds fewer than asked', async () => {
    const bank = await paperBank();
    const made = await blueprint({
      id: bank.mock.id,
      draw_count: 13,
      time_limit_minutes: 20,
      topics: [
        { topic_id: bank.a.topic.id, question_count: 3 },
        { topic_id: bank.b.topic.id, question_count: 10 },
      ],
    });
    expect(made.status).toBe(200);
    expect(made.data.warnings).toEqual([
      'Labour holds 8 active questions: an attempt draws 8 of the 10 asked.',
    ]);
    const ama = await student();
    const info = await ama.query<Out['quiz']['info']>('quiz.info', {
      quiz_type: 'mock',
      quiz_id: bank.mock.id,
    });
    expect(info.data).toMatchObject({ total_questions: 11, drawn: { asked: 13, held: 11 } });
    const drawn = ids((await start(ama, bank.mock.id)).data);
    const topics = [...(await topicsOf(t.db, drawn)).values()];
    expect(topics.filter((id) => id === bank.a.topic.id)).toHaveLength(3);
    expect(topics.filter((id) => id === bank.b.topic.id)).toHaveLength(8);
    const editor = await admin.query<Out['admin']['mockBlueprint']>('admin.mockBlueprint', {
      id: bank.mock.id,
    });
    expect(editor.data).toMatchObject({
      draw_count: 13,
      spread: false,
      topics: [
        { topic_id: bank.a.topic.id, name: 'Antenatal care', available: 12, question_count: 3 },
        { topic_id: bank.b.topic.id, name: 'Labour', available: 8, question_count: 10 },
      ],
    });
  });

  it('is graded and listed like any mock, and starts through the REST path too', async () => {
    const bank = await paperBank();
    await blueprint({ id: bank.mock.id, draw_count: 6, time_limit_minutes: 10 });
    const { access } = await signUpAndIn(t, { email: 'rest.student@example.com' });
    const started = await t.api<Start>('POST', '/api/exams/quiz/start/', {
      token: access,
      body: { quiz_type: 'mock', quiz_id: bank.mock.id },
    });
    expect(started.status).toBe(200);
    expect(started.body.questions).toHaveLength(6);
    const resumed = await t.api<Start>('GET', `/api/exams/quiz/${started.body.session.id}/`, {
      token: access,
    });
    expect(ids(resumed.body)).toEqual(ids(started.body));
    const keys = new Map(
      (
        await t.db
          .selectFrom('questions')
          .select(['id', 'correct_answer'])
          .where('id', 'in', ids(started.body))
          .execute()
      ).map((q) => [q.id, q.correct_answer]),
    );
    const submitted = await t.api<Out['quiz']['submit']>(
      'POST',
      `/api/exams/quiz/${started.body.session.id}/submit/`,
      {
        token: access,
        body: {
          answers: ids(started.body)
            .slice(0, 4)
            .map((id) => ({ question_id: id, selected_answer: keys.get(id) })),
        },
      },
    );
    expect(submitted.status).toBe(200);
    // Options are not shuffled in this set (the fixture's), so the canonical keys are right.
    expect(submitted.body).toMatchObject({ correct_answers: 4, total_questions: 6 });
    const list = await t.api<Out['results']['list']>('GET', '/api/exams/results/', { token: access });
    expect(list.body.map((r) => [r.session.quiz_name, r.total_questions])).toEqual([['Drawn mock', 6]]);
  });

  it('is fixed again with the questions of its own once switched back', async () => {
    const bank = await paperBank();
    const own = await insertQuestions(t.db, { mock_exam_set_id: bank.mock.id }, 3, 'Own');
    await blueprint({
      id: bank.mock.id,
      draw_count: 5,
      time_limit_minutes: 20,
      topics: [{ topic_id: bank.a.topic.id, question_count: 5 }],
    });
    const back = await blueprint({ id: bank.mock.id, draw_count: null, time_limit_minutes: 25 });
    expect(back.data.mock).toMatchObject({ draw_count: null, total_questions: 3, time_limit_minutes: 25 });
    expect(await t.db.selectFrom('mock_blueprint_topics').selectAll().execute()).toEqual([]);
    expect(ids((await start(await student(), bank.mock.id)).data)).toEqual(own.map((q) => q.id));
  });

  it('refuses a bad blueprint with a clear message and changes nothing', async () => {
    const bank = await paperBank();
    const other = await insertPaper(t.db, bank.program.id, 'Paper 2');
    const elsewhere = await topicWithQuestions(t.db, other.id, 'Elsewhere', 3);
    const before = await mockRow(bank.mock.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ draw_count: 0 }, 'draw_count', 'Ask for at least 1 question.'],
      [{ draw_count: 301 }, 'draw_count', 'Ask for at most 300 questions.'],
      [{ draw_count: 'ten' }, 'draw_count', 'Must be a whole number of questions.'],
      [{ time_limit_minutes: 0 }, 'time_limit_minutes', 'The time limit must be at least 1 minute.'],
      [{ time_limit_minutes: 601 }, 'time_limit_minutes', 'The time limit must be at most 600 minutes.'],
      [
        { topics: [{ topic_id: bank.a.topic.id, question_count: 4 }] },
        'topics',
        'The topic counts add up to 4: they must add up to the 10 questions.',
      ],
      [
        {
          topics: [
            { topic_id: bank.a.topic.id, question_count: 5 },
            { topic_id: bank.a.topic.id, question_count: 5 },
          ],
        },
        'topics',
        'Each topic may be listed once.',
      ],
      [
        { topics: [{ topic_id: elsewhere.topic.id, question_count: 10 }] },
        'topics',
        `Topic ${elsewhere.topic.id} is not an active topic of this mock's paper.`,
      ],
    ];
    for (const [change, field, message] of cases) {
      const answer = await blueprint({ id: bank.mock.id, draw_count: 10, time_limit_minutes: 20, ...change });
      expect([answer.status, answer.error?.data.fieldErrors?.[field]]).toEqual([400, [message]]);
    }
    expect(await mockRow(bank.mock.id)).toEqual(before);
    expect(await t.db.selectFrom('mock_blueprint_topics').selectAll().execute()).toEqual([]);
  });

  it('cannot be made or changed by a student', async () => {
    const bank = await paperBank();
    const ama = await student();
    const input = { id: bank.mock.id, draw_count: 10, time_limit_minutes: 20 };
    expect((await ama.mutate('admin.setMockBlueprint', input)).status).toBe(403);
    expect((await ama.query('admin.mockBlueprint', { id: bank.mock.id })).status).toBe(403);
    expect((await mockRow(bank.mock.id)).draw_count).toBeNull();
  });
});

describe('exam day', () => {
  /** A programme of two papers: paper 1 with topics of 20 and 10 questions, paper 2 with 10. */
  async function programBank(size = { exam_day_questions: 20, exam_day_minutes: 25 }) {
    const program = await insertProgram(t.db, 'General Nursing');
    const one = await insertPaper(t.db, program.id, 'Paper 1');
    const two = await insertPaper(t.db, program.id, 'Paper 2');
    const a = await topicWithQuestions(t.db, one.id, 'Vital signs', 20);
    const b = await topicWithQuestions(t.db, one.id, 'Medication', 10);
    const c = await topicWithQuestions(t.db, two.id, 'Immunisation', 10);
    expect((await admin.mutate('admin.updateProgram', { id: program.id, ...size })).status).toBe(200);
    return { program, a, b, c };
  }
  const startDay = (api: ReturnType<typeof rpc>, program_id: number) =>
    api.mutate<Start>('quiz.startExamDay', { program_id });

  it('draws over the papers in proportion to the bank, timed, resumed in the same order', async () => {
    const bank = await programBank();
    const ama = await student();
    const info = await ama.query<Out['quiz']['examDayInfo']>('quiz.examDayInfo', {
      program_id: bank.program.id,
    });
    expect(info.data).toEqual({
      quiz_type: 'mock',
      quiz_id: 0,
      quiz_name: 'Exam day: General Nursing',
      total_questions: 20,
      time_limit_minutes: 25,
      shuffled: true,
      drawn: { asked: 20, held: 20 },
      in_progress: null,
      program_id: bank.program.id,
      asked_minutes: 25,
    });
    const first = await startDay(ama, bank.program.id);
    expect(first.status).toBe(200);
    expect(first.text).not.toMatch(/correct_answer|explanation|Explanation for/);
    const drawn = ids(first.data);
    expect(new Set(drawn).size).toBe(20);
    // Paper 1 holds 30 of 40 (15 of 20: its topics 10 and 5), paper 2 10 of 40 (5).
    const topics = [...(await topicsOf(t.db, drawn)).values()];
    const count = (topicId: number) => topics.filter((id) => id === topicId).length;
    expect([count(bank.a.topic.id), count(bank.b.topic.id), count(bank.c.topic.id)]).toEqual([10, 5, 5]);
    const row = await t.db
      .selectFrom('quiz_sessions')
      .selectAll()
      .where('id', '=', first.data.session.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      quiz_type: 'mock',
      quiz_id: 0,
      origin: 'exam_day',
      origin_id: bank.program.id,
      quiz_name: 'Exam day: General Nursing',
    });
    expect(Date.parse(row.deadline_at!) - Date.parse(row.started_at)).toBe(25 * 60_000);

    const resumed = await ama.query<Start>('quiz.resume', { session_id: first.data.session.id });
    expect(ids(resumed.data)).toEqual(drawn);
    const info2 = await ama.query<Out['quiz']['examDayInfo']>('quiz.examDayInfo', {
      program_id: bank.program.id,
    });
    expect(info2.data.in_progress?.session_id).toBe(first.data.session.id);
    // Two starts at once (two taps, two tabs) open one exam day, resumed.
    const [x, y] = await Promise.all([startDay(ama, bank.program.id), startDay(ama, bank.program.id)]);
    expect([x.data.session.id, y.data.session.id, ids(x.data)]).toEqual([
      first.data.session.id,
      first.data.session.id,
      drawn,
    ]);
    const open = await t.db
      .selectFrom('quiz_sessions')
      .select('id')
      .where('origin', '=', 'exam_day')
      .execute();
    expect(open).toHaveLength(1);
    // Another student's exam day is drawn apart.
    expect(ids((await startDay(await student(), bank.program.id)).data)).not.toEqual(drawn);
  });

  it('says how many the bank holds when fewer, and keeps the pace', async () => {
    const bank = await programBank({ exam_day_questions: 80, exam_day_minutes: 100 });
    const ama = await student();
    const info = await ama.query<Out['quiz']['examDayInfo']>('quiz.examDayInfo', {
      program_id: bank.program.id,
    });
    expect(info.data).toMatchObject({
      drawn: { asked: 80, held: 40 },
      asked_minutes: 100,
      total_questions: 40,
      time_limit_minutes: 50,
    });
    const s = (await startDay(ama, bank.program.id)).data;
    expect(s.questions).toHaveLength(40);
    expect(s.time_limit_minutes).toBe(50);
  });

  it('is graded at time up, listed by name, and has no percentile', async () => {
    const bank = await programBank();
    const ama = await student();
    const s = (await startDay(ama, bank.program.id)).data;
    await ama.mutate('quiz.saveAnswer', {
      session_id: s.session.id,
      question_id: s.questions[0].id,
      selected_answer: 'A',
    });
    await ageSession(t.db, s.session.id, 26);
    expect(await gradeExpiredSessions(t.db)).toBe(1);
    const list = await ama.query<Out['results']['list']>('results.list');
    expect(list.data.map((r) => [r.session.quiz_name, r.total_questions, r.session.timed_out])).toEqual([
      ['Exam day: General Nursing', 20, true],
    ]);
    const detail = await ama.query<Out['results']['byId']>('results.byId', { id: list.data[0].id });
    expect(detail.status).toBe(200);
    expect((await ama.query('results.percentile', { id: list.data[0].id })).data).toBeNull();
    // The next start draws a new exam day, the unseen questions first.
    const next = ids((await startDay(ama, bank.program.id)).data);
    expect(next.filter((id) => ids(s).includes(id))).toEqual([]);
  });

  it('refuses a bad size with a clear message, and a student, changing nothing', async () => {
    const bank = await programBank();
    const before = await t.db
      .selectFrom('programs')
      .selectAll()
      .where('id', '=', bank.program.id)
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ exam_day_questions: 0 }, 'exam_day_questions', 'Ask for at least 1 question.'],
      [{ exam_day_questions: 301 }, 'exam_day_questions', 'Ask for at most 300 questions.'],
      [{ exam_day_minutes: 0 }, 'exam_day_minutes', 'The time limit must be at least 1 minute.'],
      [{ exam_day_minutes: 601 }, 'exam_day_minutes', 'The time limit must be at most 600 minutes.'],
    ];
    for (const [change, field, message] of cases) {
      const answer = await admin.mutate('admin.updateProgram', { id: bank.program.id, ...change });
      expect([answer.status, answer.error?.data.fieldErrors?.[field]]).toEqual([400, [message]]);
    }
    const ama = await student();
    const refused = await ama.mutate('admin.updateProgram', { id: bank.program.id, exam_day_questions: 5 });
    expect(refused.status).toBe(403);
    const after = await t.db
      .selectFrom('programs')
      .selectAll()
      .where('id', '=', bank.program.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const missing = await ama.mutate('quiz.startExamDay', { program_id: 424242 });
    expect([missing.status, missing.error?.message]).toEqual([404, 'Program not found']);
  });
});
