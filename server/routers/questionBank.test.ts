// The question bank over /trpc: search, filters and pages; edits as new
// versions with their audit rows; deactivation and moves as students then see them; a student's
// FORBIDDEN and bad input that changes nothing.
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { signUpAndIn } from '../test/harness';
import {
  ADMIN,
  insertMockSet,
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
  rpc,
} from '../test/fixtures';
import { useAdmin, useCatalog, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;
type Page = Out['questions']['search'];
type Detail = Out['questions']['byId'];
type Bank = Out['questions']['update'];

const t = useTestServer();
const cat = useCatalog(t);
const admin = useAdmin(t);

const search = async (input: Record<string, unknown>) => {
  const res = await admin.query<Page>('questions.search', input);
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return res.data;
};
const texts = (page: Page) => page.items.map((q) => q.question_text);

/** Every row of the tables an edit writes, to show that a refused call wrote nothing. */
const snapshot = async () => ({
  questions: await t.db.selectFrom('questions').selectAll().orderBy('id').execute(),
  edits: await t.db.selectFrom('question_edits').selectAll().orderBy('id').execute(),
});

const edited = (q: { id: number }, patch: Record<string, unknown>) => ({
  id: q.id,
  question_text: 'P1: which option is right?',
  option_a: 'Option A',
  option_b: 'Option B',
  option_c: 'Option C',
  option_d: 'Option D',
  correct_answer: 'A',
  explanation: 'Explanation for P1',
  ...patch,
});

describe('questions.search', () => {
  it('finds by text in any case, filters by program, paper, topic, set and explanation, and pages', async () => {
    const midwifery = await insertProgram(t.db, 'Midwifery');
    const paper = await insertPaper(t.db, midwifery.id, 'Labour Ward');
    const topic = await insertTopic(t.db, paper.id, 'Postpartum care');
    const set = await insertPracticeSet(t.db, topic.id, 'Postpartum Set');
    const mock = await insertMockSet(t.db, paper.id, 'Midwifery Mock');
    await insertQuestions(t.db, { practice_set_id: set.id }, 60, 'Bleeding');
    await insertQuestions(t.db, { mock_exam_set_id: mock.id }, 3, 'Labour');
    await t.db
      .updateTable('questions')
      .set({ explanation: '' })
      .where('question_text', 'like', 'M2:%')
      .execute();

    const all = await search({});
    expect(all).toMatchObject({ total: 72, page: 1, page_size: 25 });
    expect(all.items).toHaveLength(25);
    const last = await search({ page: 3 });
    expect(last.items).toHaveLength(22);
    expect(await search({ page: 4 })).toMatchObject({ total: 72, items: [] });
    // Pages do not overlap and cover every question once.
    const ids = new Set([...all.items, ...(await search({ page: 2 })).items, ...last.items].map((q) => q.id));
    expect(ids.size).toBe(72);

    expect(texts(await search({ search: 'BLEEDING59' }))).toEqual(['Bleeding59: which option is right?']);
    expect((await search({ search: 'bleeding5' })).total).toBe(11);
    expect((await search({ search: '%' })).total).toBe(0);
    // A text search pages in the list's own order (it is sorted apart from the browsing query).
    for (const page of [1, 2, 3, 4]) {
      const found = await search({ search: 'OPTION IS RIGHT', page });
      const listed = page === 1 ? all : await search({ page });
      expect(found.total).toBe(72);
      expect(found.items.map((q) => q.id)).toEqual(listed.items.map((q) => q.id));
    }
    expect((await search({ program_id: midwifery.id })).total).toBe(63);
    expect((await search({ program_id: cat.program.id })).total).toBe(9);
    expect((await search({ paper_id: paper.id, quiz_type: 'mock' })).total).toBe(3);
    expect((await search({ topic_id: cat.topic.id })).total).toBe(4);
    expect((await search({ quiz_type: 'mock' })).total).toBe(8);
    const inSet = await search({ quiz_type: 'practice', set_id: cat.practiceSet.id });
    expect(texts(inSet)).toEqual(['P1', 'P2', 'P3', 'P4'].map((p) => `${p}: which option is right?`));
    expect(inSet.items[0]).toMatchObject({
      quiz_type: 'practice',
      set_id: cat.practiceSet.id,
      set_title: 'Practice Set 1',
      topic_name: 'Fluid balance',
      paper_name: 'Paper 1',
      program_name: 'General Nursing',
      correct_answer: 'A',
      is_active: true,
    });
    const bare = await search({ no_explanation: true });
    expect(texts(bare)).toEqual(['M2: which option is right?']);
    expect((await search({ no_explanation: true, program_id: midwifery.id })).total).toBe(0);
    expect((await search({ search: 'labour', paper_id: paper.id, no_explanation: false })).total).toBe(3);
  });
});

describe('questions.update', () => {
  it('writes a new version in the same set and place, retires the old row, and records who and what', async () => {
    const [p1] = cat.practiceQuestions;
    const res = await admin.mutate<Bank>('questions.update', edited(p1, { explanation: 'Fluids first.' }));
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const next = res.data;
    expect(next.id).not.toBe(p1.id);
    expect(next).toMatchObject({ explanation: 'Fluids first.', set_id: cat.practiceSet.id, position: 1 });

    const old = await t.db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', p1.id)
      .executeTakeFirstOrThrow();
    expect(old).toMatchObject({ explanation: 'Explanation for P1', is_active: 0, replaced_by_id: next.id });
    const adminId = (
      await t.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()
    ).id;
    const edits = await t.db.selectFrom('question_edits').selectAll().execute();
    expect(edits).toEqual([
      {
        id: expect.any(Number),
        question_id: next.id,
        previous_question_id: p1.id,
        admin_user_id: adminId,
        action: 'edit',
        changes: JSON.stringify({ explanation: { old: 'Explanation for P1', new: 'Fluids first.' } }),
        edited_at: expect.any(String),
        draft_id: null,
      },
    ]);
    expect(Date.now() - new Date(edits[0].edited_at).getTime()).toBeLessThan(60_000);

    // The list shows the new version in the old one's place; the count is unchanged.
    const inSet = await search({ quiz_type: 'practice', set_id: cat.practiceSet.id });
    expect(inSet.total).toBe(4);
    expect(inSet.items[0]).toMatchObject({ id: next.id, explanation: 'Fluids first.' });

    // A second edit, of the key and text: the history covers both versions, newest first.
    const again = await admin.mutate<Bank>(
      'questions.update',
      edited(next, { explanation: 'Fluids first.', correct_answer: 'C', question_text: 'P1, reworded?' }),
    );
    expect(again.status).toBe(200);
    const detail = await admin.query<Detail>('questions.byId', { id: again.data.id });
    expect(detail.data.history.map((h) => [h.action, h.changes, h.admin_email])).toEqual([
      [
        'edit',
        {
          question_text: { old: 'P1: which option is right?', new: 'P1, reworded?' },
          correct_answer: { old: 'A', new: 'C' },
        },
        ADMIN.email,
      ],
      ['edit', { explanation: { old: 'Explanation for P1', new: 'Fluids first.' } }, ADMIN.email],
    ]);
    const row = await t.db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', again.data.id)
      .executeTakeFirstOrThrow();
    expect(row.text_key).toBe('p1 reworded');

    // Saving unchanged content writes nothing.
    const before = await snapshot();
    const same = await admin.mutate<Bank>('questions.update', edited(again.data, { ...again.data }));
    expect(same.data.id).toBe(again.data.id);
    expect(await snapshot()).toEqual(before);
  });

  it('deactivates and reactivates: students are not served it, and a set with none active is hidden', async () => {
    const student = rpc(t, (await signUpAndIn(t)).access);
    const [p1, ...rest] = cat.practiceQuestions;
    const off = await admin.mutate<Bank>('questions.setActive', { id: p1.id, is_active: false });
    expect(off.data).toMatchObject({ id: p1.id, is_active: false });
    const sets = () =>
      student.query<Out['catalog']['practiceSets']>('catalog.practiceSets', { topicId: cat.topic.id });
    expect((await sets()).data).toEqual([
      expect.objectContaining({ id: cat.practiceSet.id, total_questions: 3 }),
    ]);
    const start = await student.mutate<Out['quiz']['start']>('quiz.start', {
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
    });
    expect(start.data.questions.map((q) => q.id)).toEqual(rest.map((q) => q.id));
    expect((await search({ status: 'inactive' })).items.map((q) => q.id)).toEqual([p1.id]);
    expect((await search({ status: 'active' })).total).toBe(8);

    for (const q of rest) await admin.mutate('questions.setActive', { id: q.id, is_active: false });
    expect((await sets()).data).toEqual([]);
    const content = await admin.query<Out['admin']['content']>('admin.content');
    expect(content.data.practiceSets).toEqual([expect.objectContaining({ total_questions: 0 })]);
    expect((await admin.query<Out['admin']['stats']>('admin.stats')).data.total_questions).toBe(9);

    const on = await admin.mutate<Bank>('questions.setActive', { id: p1.id, is_active: true });
    expect(on.data.is_active).toBe(true);
    expect((await sets()).data).toEqual([expect.objectContaining({ total_questions: 1 })]);
    const history = (await admin.query<Detail>('questions.byId', { id: p1.id })).data.history;
    expect(history.map((h) => [h.action, h.changes])).toEqual([
      ['reactivate', { is_active: { old: false, new: true } }],
      ['deactivate', { is_active: { old: true, new: false } }],
    ]);
  });

  it('moves a question to the end of another set of its kind', async () => {
    const other = await insertPracticeSet(t.db, cat.topic.id, 'Practice Set 2');
    await insertQuestions(t.db, { practice_set_id: other.id }, 2, 'S');
    const [, p2] = cat.practiceQuestions;
    const res = await admin.mutate<Bank>('questions.move', {
      id: p2.id,
      quiz_type: 'practice',
      set_id: other.id,
    });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toMatchObject({ set_id: other.id, set_title: 'Practice Set 2', position: 3 });
    expect(
      (await search({ quiz_type: 'practice', set_id: other.id })).items.map((q) => q.question_text),
    ).toEqual(['S1: which option is right?', 'S2: which option is right?', 'P2: which option is right?']);
    expect((await search({ quiz_type: 'practice', set_id: cat.practiceSet.id })).total).toBe(3);
    const detail = await admin.query<Detail>('questions.byId', { id: res.data.id });
    expect(detail.data.history.map((h) => [h.action, h.changes])).toEqual([
      ['move', { set: { old: 'Practice Set 1', new: 'Practice Set 2' } }],
    ]);
  });
});

describe('question bank access and bad input', () => {
  it('refuses a student with FORBIDDEN on every bank procedure, and writes nothing', async () => {
    const student = rpc(t, (await signUpAndIn(t)).access);
    const [p1] = cat.practiceQuestions;
    const before = await snapshot();
    const calls = [
      student.query('questions.search', {}),
      student.query('questions.byId', { id: p1.id }),
      student.mutate('questions.update', edited(p1, { explanation: 'Hijacked' })),
      student.mutate('questions.setActive', { id: p1.id, is_active: false }),
      student.mutate('questions.move', { id: p1.id, quiz_type: 'practice', set_id: cat.practiceSet.id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.error?.data.code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers an unknown id, empty text, a bad letter, a set of another kind or a replaced version clearly, changing nothing', async () => {
    const [p1] = cat.practiceQuestions;
    const secondSet = await insertPracticeSet(t.db, cat.topic.id, 'Practice Set 2');
    const newer = (
      await admin.mutate<Bank>('questions.update', edited(p1, { option_d: 'Option D, revised' }))
    ).data;
    const before = await snapshot();
    const cases: Array<[string, Record<string, unknown>, number, string, string | null]> = [
      ['questions.update', edited({ id: 999_999 }, {}), 404, 'Question not found.', null],
      [
        'questions.update',
        edited(newer, { question_text: '   ' }),
        400,
        'This field is required.',
        'question_text',
      ],
      [
        'questions.update',
        edited(newer, { correct_answer: 'E' }),
        400,
        'Choose A, B, C or D.',
        'correct_answer',
      ],
      ['questions.update', edited(newer, { option_b: '' }), 400, 'This field is required.', 'option_b'],
      [
        'questions.update',
        edited(p1, { explanation: 'Stale' }),
        409,
        'This question has been replaced',
        null,
      ],
      ['questions.setActive', { id: 999_999, is_active: false }, 404, 'Question not found.', null],
      ['questions.setActive', { id: newer.id, is_active: 'no' }, 400, 'Must be true or false.', 'is_active'],
      [
        'questions.move',
        { id: newer.id, quiz_type: 'mock', set_id: cat.mockSet.id },
        400,
        "A practice set's question can only move to another practice set.",
        'quiz_type',
      ],
      [
        'questions.move',
        { id: newer.id, quiz_type: 'practice', set_id: 999_999 },
        400,
        'There is no practice set with id 999999.',
        'set_id',
      ],
      [
        'questions.move',
        { id: newer.id, quiz_type: 'practice', set_id: cat.practiceSet.id },
        400,
        'The question is already in this practice set.',
        'set_id',
      ],
      [
        'questions.move',
        { id: 999_999, quiz_type: 'practice', set_id: secondSet.id },
        404,
        'Question not found.',
        null,
      ],
      ['questions.search', { page: 0 }, 400, 'Pages start at 1.', 'page'],
      [
        'questions.search',
        { set_id: cat.practiceSet.id },
        400,
        'Choose mock or practice with a set.',
        'quiz_type',
      ],
      ['questions.byId', { id: 999_999 }, 404, 'Question not found.', null],
    ];
    for (const [name, input, status, message, field] of cases) {
      const res =
        name === 'questions.search' || name === 'questions.byId'
          ? await admin.query(name, input)
          : await admin.mutate(name, input);
      expect(res.status, `${name} ${JSON.stringify(input)}`).toBe(status);
      expect(res.error?.message, name).toContain(message);
      if (field) expect(res.error?.data.fieldErrors?.[field]?.[0], name).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});
