// Question topics in the bank over /trpc: each question's topic ("untagged" for a mock question
// nobody tagged), the topic filter, setting the topic of one or several questions in place with
// an audit row each, refusals that change nothing, and the topic a move gives.
import type { inferRouterOutputs } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { signUpAndIn } from '../test/harness';
import {
  insertMockSet,
  insertPaper,
  insertPracticeSet,
  insertQuestions,
  insertTopic,
  rpc,
} from '../test/fixtures';
import { useAdmin, useCatalog, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>['questions'];

const t = useTestServer();
const cat = useCatalog(t);
const admin = useAdmin(t);

/** A second topic of the catalogue's paper, and a second paper with a topic and a mock of 2. */
let wound: { id: number };
let otherPaper: { id: number };
let otherMock: { id: number };
let otherMockQuestions: Array<{ id: number }>;
beforeEach(async () => {
  wound = await insertTopic(t.db, cat.paper.id, 'Wound care');
  otherPaper = await insertPaper(t.db, cat.program.id, 'Paper 2');
  await insertTopic(t.db, otherPaper.id, 'Pharmacology');
  otherMock = await insertMockSet(t.db, otherPaper.id, 'Paper 2 Mock');
  otherMockQuestions = await insertQuestions(t.db, { mock_exam_set_id: otherMock.id }, 2, 'X');
});

const search = async (input: Record<string, unknown>) => {
  const res = await admin.query<Out['search']>('questions.search', input);
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return res.data;
};
const setTopic = (ids: number[], topic_id: number | null) =>
  admin.mutate<Out['setTopic']>('questions.setTopic', { ids, topic_id });
const topicsOf = async (ids: number[]) =>
  (
    await t.db
      .selectFrom('questions')
      .select(['id', 'topic_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()
  ).map((q) => q.topic_id);
const snapshot = async () => ({
  questions: await t.db.selectFrom('questions').selectAll().orderBy('id').execute(),
  edits: await t.db.selectFrom('question_edits').selectAll().orderBy('id').execute(),
});

describe('question topics in the bank', () => {
  it('shows each question topic, filters by topic and by untagged, and tags several mock questions at once in place', async () => {
    const [m1, m2, m3, m4] = cat.mockQuestions;
    const mocks = await search({ quiz_type: 'mock', paper_id: cat.paper.id });
    expect(mocks.items.map((q) => [q.topic_id, q.topic_name])).toEqual(Array(5).fill([null, null]));
    expect((await search({ quiz_type: 'practice' })).items[0]).toMatchObject({
      topic_id: cat.topic.id,
      topic_name: 'Fluid balance',
    });
    expect((await search({ topic_id: 'untagged' })).total).toBe(7);
    const before = await snapshot();

    const tagged = await setTopic([m1.id, m2.id, m3.id], wound.id);
    expect(tagged.status, JSON.stringify(tagged.error)).toBe(200);
    expect(tagged.data).toEqual({
      changed: 3,
      unchanged: 0,
      topic_id: wound.id,
      message: 'Topic set to "Wound care" for 3 questions.',
    });
    // The same rows, tagged: no new version, one audit row each.
    const after = await snapshot();
    expect(after.questions.map((q) => q.id)).toEqual(before.questions.map((q) => q.id));
    expect(await topicsOf([m1.id, m2.id, m3.id, m4.id])).toEqual([wound.id, wound.id, wound.id, null]);
    expect(after.edits.map((e) => [e.question_id, e.previous_question_id, e.action, e.changes])).toEqual(
      [m1, m2, m3].map((q) => [
        q.id,
        null,
        'topic',
        JSON.stringify({ topic: { old: 'Untagged', new: 'Wound care' } }),
      ]),
    );

    const inWound = await search({ topic_id: wound.id });
    expect(inWound.items.map((q) => [q.id, q.topic_name, q.quiz_type])).toEqual(
      [m1, m2, m3].map((q) => [q.id, 'Wound care', 'mock']),
    );
    expect((await search({ topic_id: String(wound.id) })).total).toBe(3);
    expect((await search({ topic_id: 'untagged' })).total).toBe(4);
    expect((await search({ topic_id: 'untagged', paper_id: cat.paper.id })).total).toBe(2);
    expect((await search({ topic_id: cat.topic.id })).total).toBe(4);

    const again = await setTopic([m3.id, m4.id], wound.id);
    expect(again.data.message).toBe('Topic set to "Wound care" for 1 question. 1 question already had it.');
    const same = await setTopic([m4.id], wound.id);
    expect(same.data).toMatchObject({
      changed: 0,
      message: 'Nothing changed: the question already has the topic "Wound care".',
    });
    const detail = await admin.query<Out['byId']>('questions.byId', { id: m1.id });
    expect(detail.data.history.map((h) => [h.action, h.changes])).toEqual([
      ['topic', { topic: { old: 'Untagged', new: 'Wound care' } }],
    ]);

    const untagged = await setTopic([m1.id], null);
    expect(untagged.data.message).toBe('1 question is now untagged.');
    expect(await topicsOf([m1.id])).toEqual([null]);

    // An edit of the content is a new version, which keeps the topic.
    const edit = await admin.mutate<Out['update']>('questions.update', { ...m2, explanation: 'Dress it.' });
    expect(edit.data).toMatchObject({ topic_id: wound.id, topic_name: 'Wound care' });
    expect(edit.data.id).not.toBe(m2.id);
  });

  it('refuses a topic of another paper, practice questions, older versions, unknown ids and students, changing nothing', async () => {
    const [m1, , , , m5] = cat.mockQuestions;
    const [p1] = cat.practiceQuestions;
    const [x1] = otherMockQuestions;
    const newer = await admin.mutate<Out['update']>('questions.update', { ...m5, explanation: 'Newer.' });
    expect(newer.status).toBe(200);
    const before = await snapshot();
    const cases: Array<[Record<string, unknown>, number, string, string | null]> = [
      [
        { ids: [m1.id, x1.id], topic_id: wound.id },
        400,
        '"Wound care" is a topic of Paper 1; 1 of the 2 chosen questions is in another paper. Nothing was changed.',
        'topic_id',
      ],
      [
        { ids: [m1.id, p1.id], topic_id: cat.topic.id },
        400,
        "1 of the 2 chosen questions is in a practice set, and takes its set's topic: move it to a set of another topic instead. Nothing was changed.",
        'ids',
      ],
      [{ ids: [p1.id], topic_id: null }, 400, 'The question is in a practice set', 'ids'],
      [
        { ids: [m5.id], topic_id: wound.id },
        409,
        'The question is an older version: reload the list and choose again. Nothing was changed.',
        null,
      ],
      [{ ids: [m1.id, 999_999], topic_id: wound.id }, 404, '1 of the 2 chosen questions is not found.', null],
      [{ ids: [m1.id], topic_id: 999_999 }, 400, 'There is no topic with id 999999.', 'topic_id'],
      [{ ids: [], topic_id: wound.id }, 400, 'Choose at least one question.', 'ids'],
      [
        { ids: Array.from({ length: 101 }, (_, i) => i + 1), topic_id: wound.id },
        400,
        'Choose at most 100 questions at a time.',
        'ids',
      ],
      [{ ids: [m1.id], topic_id: 'Wound care' }, 400, 'Must be a whole number.', 'topic_id'],
    ];
    for (const [input, status, message, field] of cases) {
      const res = await admin.mutate('questions.setTopic', input);
      expect(res.status, JSON.stringify(input)).toBe(status);
      expect(res.error?.message, JSON.stringify(input)).toContain(message);
      if (field) expect(res.error?.data.fieldErrors?.[field]?.[0]).toContain(message);
    }
    const badFilter = await admin.query('questions.search', { topic_id: 'everything' });
    expect(badFilter.status).toBe(400);
    expect(badFilter.error?.message).toBe('Choose a topic, or untagged.');

    const student = rpc(t, (await signUpAndIn(t)).access);
    const forbidden = await student.mutate('questions.setTopic', { ids: [m1.id], topic_id: wound.id });
    expect(forbidden.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('gives a moved practice question its new set topic; a mock question keeps its tag in its paper only', async () => {
    const [, p2] = cat.practiceQuestions;
    const [m1] = cat.mockQuestions;
    const woundSet = await insertPracticeSet(t.db, wound.id, 'Wound Set');
    const moved = await admin.mutate<Out['move']>('questions.move', {
      id: p2.id,
      quiz_type: 'practice',
      set_id: woundSet.id,
    });
    expect(moved.data).toMatchObject({ set_id: woundSet.id, topic_id: wound.id, topic_name: 'Wound care' });
    expect(await topicsOf([p2.id])).toEqual([cat.topic.id]);
    const history = async (id: number) =>
      (await admin.query<Out['byId']>('questions.byId', { id })).data.history.map((h) => h.changes);
    expect(await history(moved.data.id)).toEqual([
      {
        set: { old: 'Practice Set 1', new: 'Wound Set' },
        topic: { old: 'Fluid balance', new: 'Wound care' },
      },
    ]);

    await setTopic([m1.id], wound.id);
    const secondMock = await insertMockSet(t.db, cat.paper.id, 'Mock Exam 2');
    const samePaper = await admin.mutate<Out['move']>('questions.move', {
      id: m1.id,
      quiz_type: 'mock',
      set_id: secondMock.id,
    });
    expect(samePaper.data).toMatchObject({ set_id: secondMock.id, topic_id: wound.id });
    const otherPaperMove = await admin.mutate<Out['move']>('questions.move', {
      id: samePaper.data.id,
      quiz_type: 'mock',
      set_id: otherMock.id,
    });
    expect(otherPaperMove.data).toMatchObject({ set_id: otherMock.id, topic_id: null, topic_name: null });
    expect((await history(otherPaperMove.data.id))[0]).toEqual({
      set: { old: 'Mock Exam 2', new: 'Paper 2 Mock' },
      topic: { old: 'Wound care', new: 'Untagged' },
    });
  });
});
