// The catalogue over /trpc: the answer shapes, active-only for students, 404 for unknown or hidden ids.
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import {
  insertMockSet,
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
  rpc,
} from '../test/fixtures';
import { useCatalog, useStudent, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>['catalog'];

const t = useTestServer();
const cat = useCatalog(t);
const api = useStudent(t);

describe('catalog', () => {
  it('counts on each paper only the mock exams a student can start', async () => {
    const none = await insertPaper(t.db, cat.program.id, 'Paper 2');
    const hidden = await insertPaper(t.db, cat.program.id, 'Paper 3');
    await insertMockSet(t.db, hidden.id, 'Waiting for its questions');
    await insertQuestions(
      t.db,
      { mock_exam_set_id: (await insertMockSet(t.db, hidden.id, 'Retired', 30, 0)).id },
      2,
    );
    await insertQuestions(
      t.db,
      { mock_exam_set_id: (await insertMockSet(t.db, cat.paper.id, 'Mock Exam 2')).id },
      2,
    );
    const papers = await api.query<Out['papers']>('catalog.papers', { programId: cat.program.id });
    expect(papers.data.map((p) => [p.id, p.mock_exams])).toEqual([
      [cat.paper.id, 2],
      [none.id, 0],
      [hidden.id, 0],
    ]);
  });

  it('counts the bank students can reach for the landing page, signed out, as it changes', async () => {
    const figures = () => rpc(t, null).query<Out['figures']>('catalog.figures');
    expect((await figures()).data).toEqual({ questions: 9, programs: 1, topics: 1 });
    // A hidden program's branch and a deactivated question count for nothing.
    const hidden = await insertProgram(t.db, 'Retired', 0);
    await insertTopic(t.db, (await insertPaper(t.db, hidden.id)).id, 'Old topic');
    await t.db
      .updateTable('questions')
      .set({ is_active: 0 })
      .where('id', '=', cat.mockQuestions[0].id)
      .execute();
    await insertTopic(t.db, cat.paper.id, 'Pharmacology');
    expect((await figures()).data).toEqual({ questions: 8, programs: 1, topics: 2 });
  });

  it('lists each level with its public fields and counted questions', async () => {
    const programs = await api.query<Out['programs']>('catalog.programs');
    expect(programs.data).toEqual([
      {
        id: cat.program.id,
        name: 'General Nursing',
        description: 'General Nursing program',
        is_active: true,
        created_at: cat.program.created_at,
        school_id: null,
      },
    ]);
    const papers = await api.query<Out['papers']>('catalog.papers', { programId: cat.program.id });
    expect(papers.data).toEqual([
      {
        id: cat.paper.id,
        name: 'Paper 1',
        description: 'Paper 1 description',
        program: cat.program.id,
        program_name: 'General Nursing',
        is_active: true,
        created_at: cat.paper.created_at,
        school_id: null,
        mock_exams: 1,
      },
    ]);
    const topics = await api.query<Out['topics']>('catalog.topics', { paperId: cat.paper.id });
    expect(topics.data).toEqual([
      {
        id: cat.topic.id,
        name: 'Fluid balance',
        description: 'Fluid balance description',
        paper: cat.paper.id,
        paper_name: 'Paper 1',
        is_active: true,
        created_at: cat.topic.created_at,
        school_id: null,
      },
    ]);
    const sets = await api.query<Out['practiceSets']>('catalog.practiceSets', { topicId: cat.topic.id });
    expect(sets.data).toEqual([
      {
        id: cat.practiceSet.id,
        title: 'Practice Set 1',
        topic: cat.topic.id,
        topic_name: 'Fluid balance',
        paper_name: 'Paper 1',
        total_questions: 4,
        created_at: cat.practiceSet.created_at,
        is_active: true,
        school_id: null,
      },
    ]);
    const mocks = await api.query<Out['mockExams']>('catalog.mockExams', { paperId: cat.paper.id });
    expect(mocks.data).toEqual([
      {
        id: cat.mockSet.id,
        title: 'Mock Exam 1',
        description: 'Mock Exam 1 description',
        paper: cat.paper.id,
        paper_name: 'Paper 1',
        program_name: 'General Nursing',
        total_questions: 5,
        time_limit_minutes: 30,
        is_active: true,
        school_id: null,
      },
    ]);
    const trail = await api.query<Out['trail']>('catalog.trail', {
      programId: cat.program.id,
      paperId: cat.paper.id,
      topicId: cat.topic.id,
    });
    expect(trail.data).toEqual({
      program: { id: cat.program.id, name: 'General Nursing' },
      paper: { id: cat.paper.id, name: 'Paper 1' },
      topic: { id: cat.topic.id, name: 'Fluid balance' },
    });
    expect((await api.query<Out['trail']>('catalog.trail', {})).data).toEqual({
      program: null,
      paper: null,
      topic: null,
    });
  });

  it('hides inactive items and everything under an inactive parent', async () => {
    await insertProgram(t.db, 'Retired Program', 0);
    await insertPaper(t.db, cat.program.id, 'Old Paper', 0);
    await insertTopic(t.db, cat.paper.id, 'Old Topic', 0);
    await insertPracticeSet(t.db, cat.topic.id, 'Old Set', 0);
    await insertMockSet(t.db, cat.paper.id, 'Old Mock', 20, 0);
    expect((await api.query<Out['programs']>('catalog.programs')).data.map((p) => p.name)).toEqual([
      'General Nursing',
    ]);
    expect(
      (await api.query<Out['papers']>('catalog.papers', { programId: cat.program.id })).data.map(
        (p) => p.name,
      ),
    ).toEqual(['Paper 1']);
    expect(
      (await api.query<Out['topics']>('catalog.topics', { paperId: cat.paper.id })).data.map((p) => p.name),
    ).toEqual(['Fluid balance']);
    expect(
      (await api.query<Out['practiceSets']>('catalog.practiceSets', { topicId: cat.topic.id })).data.map(
        (p) => p.title,
      ),
    ).toEqual(['Practice Set 1']);
    expect(
      (await api.query<Out['mockExams']>('catalog.mockExams', { paperId: cat.paper.id })).data.map(
        (p) => p.title,
      ),
    ).toEqual(['Mock Exam 1']);

    // Deactivating the program hides the whole branch, though the children stay active themselves.
    await t.db.updateTable('programs').set({ is_active: 0 }).where('id', '=', cat.program.id).execute();
    expect((await api.query<Out['programs']>('catalog.programs')).data).toEqual([]);
    for (const [path, input, message] of [
      ['catalog.papers', { programId: cat.program.id }, 'Program not found'],
      ['catalog.topics', { paperId: cat.paper.id }, 'Paper not found'],
      ['catalog.mockExams', { paperId: cat.paper.id }, 'Paper not found'],
      ['catalog.practiceSets', { topicId: cat.topic.id }, 'Topic not found'],
      ['catalog.trail', { programId: cat.program.id }, 'Program not found'],
    ] as const) {
      const res = await api.query(path, input);
      expect(res.status, path).toBe(404);
      expect(res.error?.message, path).toBe(message);
    }
    const quiz = await api.query('quiz.info', { quiz_type: 'practice', quiz_id: cat.practiceSet.id });
    expect(quiz.status).toBe(404);
  });

  it('answers NOT_FOUND for unknown ids, and refuses signed-out callers', async () => {
    for (const [path, input, message] of [
      ['catalog.papers', { programId: 9999 }, 'Program not found'],
      ['catalog.topics', { paperId: 9999 }, 'Paper not found'],
      ['catalog.mockExams', { paperId: 9999 }, 'Paper not found'],
      ['catalog.practiceSets', { topicId: 9999 }, 'Topic not found'],
      ['catalog.trail', { topicId: 9999 }, 'Topic not found'],
    ] as const) {
      const res = await api.query(path, input);
      expect(res.status, path).toBe(404);
      expect(res.error?.data.code, path).toBe('NOT_FOUND');
      expect(res.error?.message, path).toBe(message);
    }
    const other = await insertProgram(t.db, 'Midwifery');
    const mismatch = await api.query('catalog.trail', { programId: other.id, paperId: cat.paper.id });
    expect(mismatch.error?.message).toBe('Paper not found');
    expect((await api.query('catalog.papers', { programId: 'abc' })).status).toBe(400);
    expect((await rpc(t, null).query('catalog.programs')).status).toBe(401);
  });
});
