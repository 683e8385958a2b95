// "Create a test" and what is left to do, through HTTP as the builder page calls them: the pools
// read from the caller's own history only, the live count, the refusals, and the sessions it
// starts (tutor and timed), resumed, submitted and listed as custom tests.
import type { inferRouterOutputs } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { COUNT_OUT_OF_RANGE, EMPTY_POOL } from '../../shared/schemas/customTests';
import type { AppRouter } from '../router';
import { takeSet } from '../test/attempts';
import {
  countRows,
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
type Left = Out['customTests']['left'];
type Count = Out['customTests']['count'];
type Start = Out['customTests']['start'];

const t = useTestServer();
let cat: Awaited<ReturnType<typeof makeBank>>;

/**
 * General Nursing > Paper 1 > Fluid balance (a set of 8, the 8th deactivated; and 2 questions of
 * the Paper 1 mock tagged Fluid balance, its other 2 untagged), Wound care (6); Paper 2 >
 * Pharmacology (5). Midwifery > Paper M > Labour (5). Keys cycle A, B, C, D.
 */
async function makeBank() {
  const nursing = await insertProgram(t.db, 'General Nursing');
  const p1 = await insertPaper(t.db, nursing.id, 'Paper 1');
  const p2 = await insertPaper(t.db, nursing.id, 'Paper 2');
  const fluid = await insertTopic(t.db, p1.id, 'Fluid balance');
  const wound = await insertTopic(t.db, p1.id, 'Wound care');
  const pharma = await insertTopic(t.db, p2.id, 'Pharmacology');
  const midwifery = await insertProgram(t.db, 'Midwifery');
  const labour = await insertTopic(t.db, (await insertPaper(t.db, midwifery.id, 'Paper M')).id, 'Labour');
  const practiceOf = async (topic: { id: number }, n: number, label: string) => {
    const set = await insertPracticeSet(t.db, topic.id, `${label} set`);
    const qs = await insertQuestions(t.db, { practice_set_id: set.id }, n, label);
    await tag(
      qs.map((q) => q.id),
      topic.id,
    );
    return { set, qs };
  };
  const f = await practiceOf(fluid, 8, 'F');
  await t.db.updateTable('questions').set({ is_active: 0 }).where('id', '=', f.qs[7].id).execute();
  const mock = await insertMockSet(t.db, p1.id);
  const mockQs = await insertQuestions(t.db, { mock_exam_set_id: mock.id }, 4, 'M');
  await tag([mockQs[0].id, mockQs[1].id], fluid.id);
  return {
    nursing,
    midwifery,
    fluid,
    wound,
    pharma,
    labour,
    f,
    mockQs,
    w: await practiceOf(wound, 6, 'W'),
    d: await practiceOf(pharma, 5, 'D'),
    l: await practiceOf(labour, 5, 'L'),
  };
}

async function tag(ids: number[], topicId: number) {
  await t.db.updateTable('questions').set({ topic_id: topicId }).where('id', 'in', ids).execute();
}

async function student(email: string, full_name: string): Promise<Api> {
  return rpc(t, (await signUpAndIn(t, { email, full_name })).access);
}

const practice = (set: { id: number }) => ({ quiz_type: 'practice' as const, quiz_id: set.id });

beforeEach(async () => {
  cat = await makeBank();
});

/**
 * Ama answers Fluid balance's 7 active questions "AAAAAAA" (right: F1, F5; wrong: F2, F3, F4, F6,
 * F7), then opens Wound care, flags W1 and marks W2 not sure, and leaves it unsubmitted. Kofi
 * answers Wound care "DDDDDD": all wrong but W4.
 */
async function histories() {
  const ama = await student('ama.mensah@example.com', 'Ama Mensah');
  const kofi = await student('kofi.boateng@example.com', 'Kofi Boateng');
  await takeSet(ama, practice(cat.f.set), 'AAAAAAA');
  await takeSet(kofi, practice(cat.w.set), 'DDDDDD');
  const open = await ama.mutate<Out['quiz']['start']>('quiz.start', practice(cat.w.set));
  const session_id = open.data.session.id;
  const [w1, w2] = open.data.questions;
  expect((await ama.mutate('quiz.setFlag', { session_id, question_id: w1.id, flagged: true })).status).toBe(
    200,
  );
  expect(
    (await ama.mutate('review.markNotSure', { session_id, question_id: w2.id, not_sure: true })).status,
  ).toBe(200);
  return { ama, kofi, w1: w1.id, w2: w2.id };
}

const wrongFluid = () => [1, 2, 3, 5, 6].map((i) => cat.f.qs[i].id).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

function countOf(api: Api, pool: string, topics: { id: number }[], program = cat.nursing) {
  return api.query<Count>('customTests.count', {
    program_id: program.id,
    pool,
    topic_ids: topics.map((x) => x.id),
  });
}

function start(api: Api, input: Record<string, unknown>) {
  return api.mutate<Start>('customTests.start', { program_id: cat.nursing.id, ...input });
}

describe('what is left to do', () => {
  it('counts the questions seen out of the active ones in the bank, per topic, paper and programme', async () => {
    const { ama, kofi } = await histories();
    const left = await ama.query<Left>('customTests.left');
    expect(left.status).toBe(200);
    const nursing = left.data.programs.find((p) => p.id === cat.nursing.id)!;
    // Fluid balance: 7 active in its set and 2 tagged mock questions; the deactivated one and
    // the untagged mock questions are in no topic's bank.
    expect(nursing.papers.map((p) => [p.name, p.bank, p.seen])).toEqual([
      ['Paper 1', 15, 7],
      ['Paper 2', 5, 0],
    ]);
    expect(nursing.papers[0].topics.map((x) => [x.name, x.bank, x.seen])).toEqual([
      ['Fluid balance', 9, 7],
      ['Wound care', 6, 0],
    ]);
    expect([nursing.bank, nursing.seen]).toEqual([20, 7]);
    expect(left.data.programs.find((p) => p.id === cat.midwifery.id)).toMatchObject({ bank: 5, seen: 0 });
    // Kofi's figures are his own.
    const his = await kofi.query<Left>('customTests.left');
    expect(his.data.programs[0].papers[0].topics.map((x) => x.seen)).toEqual([0, 6]);
  });

  it("makes the builder's unused pool the bank minus what was seen, topic by topic", async () => {
    const { ama } = await histories();
    const left = (await ama.query<Left>('customTests.left')).data;
    const topics = left.programs.find((p) => p.id === cat.nursing.id)!.papers.flatMap((p) => p.topics);
    const unused = await countOf(ama, 'unused', [cat.fluid, cat.wound, cat.pharma]);
    expect(unused.status).toBe(200);
    for (const topic of topics) {
      const counted = unused.data.topics.find((x) => x.topic_id === topic.id)!;
      expect(counted.available).toBe(topic.bank - topic.seen);
    }
    expect(unused.data.available).toBe(topics.reduce((n, x) => n + x.bank - x.seen, 0));
    expect(unused.data.available).toBe(13);
    // The start reads the same pool from the bank itself: all 13, exactly the unseen ones.
    const drawn = await start(ama, {
      pool: 'unused',
      topic_ids: [cat.fluid.id, cat.wound.id, cat.pharma.id],
      question_count: 13,
      mode: 'tutor',
    });
    expect(drawn.status).toBe(200);
    expect(sorted(drawn.data.questions.map((q) => q.id))).toEqual(
      sorted([cat.mockQs[0], cat.mockQs[1], ...cat.w.qs, ...cat.d.qs].map((q) => q.id)),
    );
  });
});

describe('the live count', () => {
  it('counts each pool from the caller’s own history only', async () => {
    const { ama, kofi } = await histories();
    const all = [cat.fluid, cat.wound, cat.pharma];
    const available = async (api: Api, pool: string) => {
      const res = await countOf(api, pool, all);
      expect(res.status).toBe(200);
      return res.data.topics.map((x) => x.available);
    };
    // In catalogue order: Fluid balance, Wound care (Paper 1), Pharmacology (Paper 2).
    expect(await available(ama, 'all')).toEqual([9, 6, 5]);
    expect(await available(ama, 'incorrect')).toEqual([5, 0, 0]);
    expect(await available(ama, 'flagged')).toEqual([0, 1, 0]);
    expect(await available(ama, 'not_sure')).toEqual([0, 1, 0]);
    // Kofi got all of Wound care but W4 wrong, and flagged nothing.
    expect(await available(kofi, 'incorrect')).toEqual([0, 5, 0]);
    expect(await available(kofi, 'flagged')).toEqual([0, 0, 0]);
    // The total is of the chosen topics, a topic named twice counted once.
    const chosen = await countOf(ama, 'incorrect', [cat.fluid, cat.fluid, cat.wound]);
    expect(chosen.data.available).toBe(5);
  });

  it('refuses topics of another programme and an unknown programme', async () => {
    const { ama } = await histories();
    const foreign = await countOf(ama, 'all', [cat.fluid, cat.labour]);
    expect(foreign.status).toBe(400);
    expect(foreign.error?.data.fieldErrors).toEqual({
      topic_ids: ['Choose topics of the chosen programme only.'],
    });
    const unknown = await ama.query('customTests.count', { program_id: 9999, pool: 'all', topic_ids: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe('Program not found');
  });
});

describe('customTests.start', () => {
  it('draws a tutor test from the incorrect pool, checked as practice and listed as a custom test', async () => {
    const { ama } = await histories();
    const res = await start(ama, {
      pool: 'incorrect',
      topic_ids: [cat.fluid.id, cat.wound.id],
      question_count: 5,
      mode: 'tutor',
    });
    expect(res.status).toBe(200);
    const ids = res.data.questions.map((q) => q.id);
    // The five Fluid balance questions Ama got wrong, none twice; Kofi's wrong Wound care ones are not hers.
    expect(sorted(ids)).toEqual(wrongFluid());
    expect(res.data.session).toMatchObject({
      quiz_type: 'practice',
      quiz_id: 0,
      quiz_name: 'Custom test: 5 questions, General Nursing (tutor)',
      deadline_at: null,
    });
    // Tutor mode checks each answer with its explanation, as practice does.
    expect(res.data.questions[0]).toMatchObject({ explanation: expect.stringMatching(/^Explanation for F/) });
    const row = await t.db
      .selectFrom('quiz_sessions')
      .select(['origin', 'origin_id', 'quiz_id', 'question_ids'])
      .where('id', '=', res.data.session.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ origin: 'custom', origin_id: null, quiz_id: 0, question_ids: JSON.stringify(ids) });

    // Tutor mode keeps the options in their own order: the stored key is the letter shown.
    const keys = await t.db
      .selectFrom('questions')
      .select(['id', 'correct_answer'])
      .where('id', 'in', ids)
      .execute();
    const answers = keys.map((q) => ({ question_id: q.id, selected_answer: q.correct_answer }));
    const done = await ama.mutate<Out['quiz']['submit']>('quiz.submit', {
      session_id: res.data.session.id,
      answers,
    });
    expect(done.data).toMatchObject({ correct_answers: 5, total_questions: 5 });
    const list = await ama.query<Out['results']['list']>('results.list');
    expect(list.data[0].session).toMatchObject({ origin: 'custom', quiz_name: res.data.session.quiz_name });
    // Now answered right, they leave the incorrect pool.
    expect((await countOf(ama, 'incorrect', [cat.fluid])).data.available).toBe(0);
  });

  it('starts a timed test without key or explanation, a minute a question, resumed as it was', async () => {
    const { ama, kofi } = await histories();
    const res = await start(ama, {
      pool: 'all',
      topic_ids: [cat.wound.id],
      question_count: 5,
      mode: 'timed',
    });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/correct_answer|explanation|Explanation for/);
    const { session, questions } = res.data;
    expect(session.quiz_type).toBe('mock');
    expect(session.quiz_name).toBe('Custom test: 5 questions, General Nursing (timed)');
    expect(new Date(session.deadline_at!).getTime() - new Date(session.started_at).getTime()).toBe(
      5 * 60_000,
    );
    expect(res.data.time_limit_minutes).toBe(5);
    const ids = questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(5);
    expect(cat.w.qs.map((q) => q.id)).toEqual(expect.arrayContaining(ids));

    await ama.mutate('quiz.saveAnswer', {
      session_id: session.id,
      question_id: ids[2],
      selected_answer: 'B',
    });
    const resumed = await ama.query<Out['quiz']['resume']>('quiz.resume', { session_id: session.id });
    expect(resumed.data.questions.map((q) => q.id)).toEqual(ids);
    expect(resumed.data.saved_answers).toEqual([{ question_id: ids[2], selected_answer: 'B' }]);
    expect(resumed.text).not.toMatch(/correct_answer|explanation/);
    // The builder offers it back while it runs.
    expect((await ama.query<Left>('customTests.left')).data.in_progress).toEqual({
      session_id: session.id,
      quiz_name: session.quiz_name,
      timed: true,
    });
    // Another student cannot open it.
    expect((await kofi.query('quiz.resume', { session_id: session.id })).status).toBe(404);

    const done = await ama.mutate<Out['quiz']['submit']>('quiz.submit', { session_id: session.id });
    expect(done.data.total_questions).toBe(5);
    expect((await ama.query('results.percentile', { id: done.data.id })).data).toBeNull();
    expect((await ama.query<Left>('customTests.left')).data.in_progress).toBeNull();
  });

  it('never serves a deactivated question, nor one twice', async () => {
    const { ama } = await histories();
    const res = await start(ama, {
      pool: 'all',
      topic_ids: [cat.fluid.id],
      question_count: 9,
      mode: 'tutor',
    });
    expect(res.status).toBe(200);
    const ids = res.data.questions.map((q) => q.id);
    expect(sorted(ids)).toEqual(
      sorted([...cat.f.qs.slice(0, 7).map((q) => q.id), cat.mockQs[0].id, cat.mockQs[1].id]),
    );
  });

  it('refuses bad requests with a clear message and starts nothing', async () => {
    const { ama } = await histories();
    const before = await countRows(t.db, 'quiz_sessions');
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ pool: 'all', topic_ids: [cat.wound.id], question_count: 4, mode: 'tutor' }, 400, COUNT_OUT_OF_RANGE],
      [
        { pool: 'all', topic_ids: [cat.wound.id], question_count: 101, mode: 'tutor' },
        400,
        COUNT_OUT_OF_RANGE,
      ],
      [{ pool: 'all', topic_ids: [], question_count: 5, mode: 'tutor' }, 400, 'Choose at least one topic.'],
      [{ pool: 'incorrect', topic_ids: [cat.pharma.id], question_count: 5, mode: 'timed' }, 400, EMPTY_POOL],
      [
        { pool: 'unused', topic_ids: [cat.fluid.id], question_count: 5, mode: 'tutor' },
        400,
        'This pool holds only 2 questions of the chosen topics; a test needs at least 5. Choose more topics or another pool.',
      ],
      [
        { pool: 'all', topic_ids: [cat.wound.id], question_count: 7, mode: 'tutor' },
        400,
        'This pool holds 6 questions of the chosen topics: choose 6 or fewer.',
      ],
      [
        { pool: 'all', topic_ids: [cat.fluid.id, cat.labour.id], question_count: 5, mode: 'tutor' },
        400,
        'Choose topics of the chosen programme only.',
      ],
      [
        { pool: 'mine', topic_ids: [cat.wound.id], question_count: 5, mode: 'tutor' },
        400,
        'Choose unused, incorrect, flagged, not sure or all questions.',
      ],
      [
        { program_id: 9999, pool: 'all', topic_ids: [cat.wound.id], question_count: 5, mode: 'tutor' },
        404,
        'Program not found',
      ],
    ];
    for (const [input, status, message] of refusals) {
      const res = await start(ama, input);
      expect([res.status, res.error?.message]).toEqual([status, message]);
      expect(res.text).not.toMatch(/\n\s+at |\.ts:\d+/);
    }
    expect(await countRows(t.db, 'quiz_sessions')).toBe(before);
    const anonymous = await rpc(t, null).mutate('customTests.start', {
      program_id: cat.nursing.id,
      pool: 'all',
      topic_ids: [cat.wound.id],
      question_count: 5,
      mode: 'tutor',
    });
    expect(anonymous.status).toBe(401);
  });
});
