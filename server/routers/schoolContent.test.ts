// National and school-own content over /trpc: what students of two schools (and of none) see,
// start and draw, and what school staff may change; refusals write nothing.
import type { inferRouterOutputs } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../db/client';
import type { AppRouter } from '../router';
import { NATIONAL_READ_ONLY, TUTORS_NO_PROGRAMMES } from '../services/contentAccess';
import {
  insertMockSet,
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
  rpc,
  signInAdmin,
} from '../test/fixtures';
import { signUpAndIn } from '../test/harness';
import { csvFile, goodRows } from '../test/importFiles';
import { signInSchoolStaff } from '../test/schools';
import { useCatalog, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;

const t = useTestServer();
const cat = useCatalog(t);

// Both are schools of the register form's list; the harness's student names the first.
const SCHOOL_A = 'Kumasi Nurses and Midwifery Training College';
const SCHOOL_B = 'Tamale Nursing and Midwifery Training College';

async function schoolIdOf(db: DB, name: string): Promise<number> {
  const row = await db.selectFrom('schools').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** Hands a set and its questions to a school, as its staff would have written them. */
async function giveToSchool(
  db: DB,
  set: { practice_set_id: number } | { mock_exam_set_id: number },
  school: number,
) {
  const [table, column, id] =
    'practice_set_id' in set
      ? (['practice_sets', 'practice_set_id', set.practice_set_id] as const)
      : (['mock_exam_sets', 'mock_exam_set_id', set.mock_exam_set_id] as const);
  await db.updateTable(table).set({ school_id: school }).where('id', '=', id).execute();
  await db.updateTable('questions').set({ school_id: school }).where(column, '=', id).execute();
}

interface World {
  a: number;
  b: number;
  aSet: { id: number; questionIds: number[] };
  bSet: { id: number; questionIds: number[] };
  bMock: { id: number; questionIds: number[] };
  aProgram: { id: number; paperId: number };
}
let w: World;

beforeEach(async () => {
  const db = t.db;
  const a = await schoolIdOf(db, SCHOOL_A);
  const b = await schoolIdOf(db, SCHOOL_B);
  const ownSet = async (title: string, school: number, label: string) => {
    const set = await insertPracticeSet(db, cat.topic.id, title);
    const questions = await insertQuestions(db, { practice_set_id: set.id }, 3, label);
    await giveToSchool(db, { practice_set_id: set.id }, school);
    return { id: set.id, questionIds: questions.map((q) => q.id) };
  };
  const aSet = await ownSet('Kumasi revision', a, 'KA');
  const bSet = await ownSet('Tamale revision', b, 'TB');
  const mock = await insertMockSet(db, cat.paper.id, 'Tamale mock');
  const mockQuestions = await insertQuestions(db, { mock_exam_set_id: mock.id }, 2, 'TM');
  await giveToSchool(db, { mock_exam_set_id: mock.id }, b);
  const program = await insertProgram(db, 'Kumasi bridging');
  await db.updateTable('programs').set({ school_id: a }).where('id', '=', program.id).execute();
  const paper = await insertPaper(db, program.id, 'Bridging paper');
  const set = await insertPracticeSet(
    db,
    (await insertTopic(db, paper.id, 'Bridging topic')).id,
    'Bridging set',
  );
  await insertQuestions(db, { practice_set_id: set.id }, 2, 'BR');
  await giveToSchool(db, { practice_set_id: set.id }, a);
  w = {
    a,
    b,
    aSet,
    bSet,
    bMock: { id: mock.id, questionIds: mockQuestions.map((q) => q.id) },
    aProgram: { id: program.id, paperId: paper.id },
  };
});

async function studentOf(school: string, email: string) {
  return rpc(t, (await signUpAndIn(t, { email, school })).access);
}

type Api = ReturnType<typeof rpc>;
const programNames = async (api: Api) =>
  (await api.query<Out['catalog']['programs']>('catalog.programs')).data.map((p) => p.name);
const practiceTitles = async (api: Api) =>
  (
    await api.query<Out['catalog']['practiceSets']>('catalog.practiceSets', { topicId: cat.topic.id })
  ).data.map((s) => s.title);
const mockTitles = async (api: Api) =>
  (await api.query<Out['catalog']['mockExams']>('catalog.mockExams', { paperId: cat.paper.id })).data.map(
    (s) => s.title,
  );
const nationalIds = () => [...cat.practiceQuestions, ...cat.mockQuestions].map((q) => q.id);
const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);

describe('students see national content and their own school’s', () => {
  it("school A's student sees A's sets and programme, never B's, which answer 404 by id", async () => {
    const api = await studentOf(SCHOOL_A, 'kofi.a@example.com');
    expect(await programNames(api)).toEqual(['General Nursing', 'Kumasi bridging']);
    expect(await practiceTitles(api)).toEqual(['Kumasi revision', 'Practice Set 1']);
    expect(await mockTitles(api)).toEqual(['Mock Exam 1']);

    const practiceOfB = { quiz_type: 'practice', quiz_id: w.bSet.id };
    const refusals = [
      await api.mutate('quiz.start', practiceOfB),
      await api.query('quiz.info', practiceOfB),
      await api.query('quiz.info', { quiz_type: 'mock', quiz_id: w.bMock.id }),
      await api.mutate('quiz.start', { quiz_type: 'mock', quiz_id: w.bMock.id }),
    ];
    expect(refusals.map((r) => [r.status, r.error?.message])).toEqual([
      [404, 'Practice set not found'],
      [404, 'Practice set not found'],
      [404, 'Mock exam not found'],
      [404, 'Mock exam not found'],
    ]);
    const started = await api.mutate<Out['quiz']['start']>('quiz.start', {
      quiz_type: 'practice',
      quiz_id: w.aSet.id,
    });
    expect(started.status).toBe(200);
    expect(started.data.questions.map((q) => q.id)).toEqual(w.aSet.questionIds);
    // Only the allowed start wrote a session.
    const sessions = await t.db.selectFrom('quiz_sessions').select('quiz_id').execute();
    expect(sessions).toEqual([{ quiz_id: w.aSet.id }]);
  });

  it("school B's student sees B's own sets and mock, and A's programme is not found", async () => {
    const api = await studentOf(SCHOOL_B, 'esi.b@example.com');
    expect(await programNames(api)).toEqual(['General Nursing']);
    expect(await practiceTitles(api)).toEqual(['Practice Set 1', 'Tamale revision']);
    expect(await mockTitles(api)).toEqual(['Mock Exam 1', 'Tamale mock']);
    const papers = await api.query('catalog.papers', { programId: w.aProgram.id });
    expect([papers.status, papers.error?.message]).toEqual([404, 'Program not found']);
    const exam = await api.query('quiz.examDayInfo', { program_id: w.aProgram.id });
    expect(exam.status).toBe(404);
    const mock = await api.mutate<Out['quiz']['start']>('quiz.start', {
      quiz_type: 'mock',
      quiz_id: w.bMock.id,
    });
    expect(sorted(mock.data.questions.map((q) => q.id))).toEqual(w.bMock.questionIds);
  });

  it('a student of no school sees national content only, as do the landing page figures', async () => {
    const api = await studentOf('Evening classes, Accra', 'yaw.none@example.com');
    const user = await t.db
      .selectFrom('users')
      .select('school_id')
      .where('email', '=', 'yaw.none@example.com')
      .executeTakeFirstOrThrow();
    expect(user.school_id).toBeNull();
    expect(await programNames(api)).toEqual(['General Nursing']);
    expect(await practiceTitles(api)).toEqual(['Practice Set 1']);
    expect(await mockTitles(api)).toEqual(['Mock Exam 1']);
    const download = await api.mutate('offline.downloadSet', { quiz_type: 'practice', quiz_id: w.aSet.id });
    expect(download.status).toBe(404);
    const figures = await rpc(t, null).query<Out['catalog']['figures']>('catalog.figures');
    expect(figures.data).toEqual({ questions: 9, programs: 1, topics: 1 });
  });
});

describe('draws and custom tests take national questions and the own school’s only', () => {
  it("a drawn mock and an exam day take every question a student may see, none of another school's", async () => {
    // Larger than the pool: the draw takes all it may.
    await t.db
      .updateTable('mock_exam_sets')
      .set({ draw_count: 100 })
      .where('id', '=', cat.mockSet.id)
      .execute();
    const a = await studentOf(SCHOOL_A, 'kofi.a@example.com');
    const mock = await a.mutate<Out['quiz']['start']>('quiz.start', {
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
    });
    const expected = sorted([...nationalIds(), ...w.aSet.questionIds]);
    expect(sorted(mock.data.questions.map((q) => q.id))).toEqual(expected);
    const day = await a.mutate<Out['quiz']['startExamDay']>('quiz.startExamDay', {
      program_id: cat.program.id,
    });
    expect(sorted(day.data.questions.map((q) => q.id))).toEqual(expected);

    const b = await studentOf(SCHOOL_B, 'esi.b@example.com');
    const info = await b.query<Out['quiz']['info']>('quiz.info', {
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
    });
    // B's drawn pool: the national questions, B's practice set and B's mock's untagged questions.
    expect(info.data.total_questions).toBe(9 + 3 + 2);
  });

  it("a custom test's count, pool and what is left hold national and own questions only", async () => {
    const a = await studentOf(SCHOOL_A, 'kofi.a@example.com');
    const input = { program_id: cat.program.id, pool: 'all', topic_ids: [cat.topic.id] };
    const count = await a.query<Out['customTests']['count']>('customTests.count', input);
    expect(count.data.available).toBe(4 + 3);
    const test = await a.mutate<Out['quiz']['start']>('customTests.start', {
      ...input,
      question_count: 7,
      mode: 'tutor',
    });
    expect(sorted(test.data.questions.map((q) => q.id))).toEqual(
      sorted([...cat.practiceQuestions.map((q) => q.id), ...w.aSet.questionIds]),
    );
    const left = await a.query<Out['customTests']['left']>('customTests.left');
    expect(left.data.programs.map((p) => [p.name, p.bank])).toEqual([
      ['General Nursing', 7],
      ['Kumasi bridging', 2],
    ]);
    const ofA = await a.query('customTests.count', { ...input, program_id: w.aProgram.id, topic_ids: [] });
    expect(ofA.status).toBe(200);
    const b = await studentOf(SCHOOL_B, 'esi.b@example.com');
    const refused = await b.query('customTests.count', {
      ...input,
      program_id: w.aProgram.id,
      topic_ids: [],
    });
    expect(refused.status).toBe(404);
  });
});

describe('mastery counts national questions and the own school’s', () => {
  it("gives a topic's questions as the student's school has them", async () => {
    const a = await studentOf(SCHOOL_A, 'kofi.a@example.com');
    const start = await a.mutate<Out['quiz']['start']>('quiz.start', {
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
    });
    await a.mutate('quiz.submit', { session_id: start.data.session.id, answers: [] });
    const mastery = await a.query<Out['mastery']['overview']>('mastery.overview');
    const topic = mastery.data.programs[0].papers[0].topics[0];
    // National 4 and school A's 3; school B's 3 are not the student's to meet.
    expect([topic.name, topic.total_questions]).toEqual([cat.topic.name, 4 + 3]);
  });
});

/** The rows a refused change must leave as they were. */
const snapshot = (db: DB) =>
  Promise.all([
    db.selectFrom('programs').selectAll().orderBy('id').execute(),
    db.selectFrom('papers').selectAll().orderBy('id').execute(),
    db.selectFrom('practice_sets').selectAll().orderBy('id').execute(),
    db.selectFrom('mock_exam_sets').selectAll().orderBy('id').execute(),
    db.selectFrom('questions').selectAll().orderBy('id').execute(),
    db.selectFrom('question_edits').selectAll().orderBy('id').execute(),
  ]);

describe('school staff change their own school’s content only', () => {
  it('a tutor sees national and own content, is refused national (403) and other schools’ (404) changes', async () => {
    const tutor = await signInSchoolStaff(t, { schoolId: w.a, role: 'tutor', email: 'tutor.a@example.com' });
    const content = await tutor.query<Out['admin']['content']>('admin.content');
    expect(content.data.programs.map((p) => [p.name, p.school_id])).toEqual([
      ['General Nursing', null],
      ['Kumasi bridging', w.a],
    ]);
    expect(content.data.practiceSets.map((s) => [s.title, s.school_id])).toEqual([
      ['Bridging set', w.a],
      ['Kumasi revision', w.a],
      ['Practice Set 1', null],
    ]);
    expect(content.data.mockExamSets.map((s) => s.title)).toEqual(['Mock Exam 1']);

    const before = await snapshot(t.db);
    const national = [
      await tutor.mutate('admin.updatePracticeSet', { id: cat.practiceSet.id, title: 'Mine now' }),
      await tutor.mutate('admin.updatePracticeSet', { id: cat.practiceSet.id, is_active: false }),
      await tutor.mutate('admin.updatePaper', { id: cat.paper.id, name: 'Renamed' }),
      await tutor.mutate('admin.updateMockExamSet', { id: cat.mockSet.id, title: 'Renamed' }),
      await tutor.mutate('admin.createPaper', { program_id: cat.program.id, name: 'Paper 9' }),
      await tutor.mutate('questions.setActive', { id: cat.practiceQuestions[0].id, is_active: false }),
      await tutor.mutate('questions.move', {
        id: w.aSet.questionIds[0],
        quiz_type: 'practice',
        set_id: cat.practiceSet.id,
      }),
    ];
    for (const r of national) expect([r.status, r.error?.message]).toEqual([403, NATIONAL_READ_ONLY]);
    const otherSchool = [
      await tutor.mutate('admin.updatePracticeSet', { id: w.bSet.id, title: 'Mine now' }),
      await tutor.mutate('admin.updateMockExamSet', { id: w.bMock.id, is_active: false }),
      await tutor.query('admin.mockBlueprint', { id: w.bMock.id }),
      await tutor.query('questions.byId', { id: w.bSet.questionIds[0] }),
      await tutor.mutate('questions.setActive', { id: w.bSet.questionIds[0], is_active: false }),
    ];
    expect(otherSchool.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    const intoB = await tutor.mutate('questions.move', {
      id: w.aSet.questionIds[0],
      quiz_type: 'practice',
      set_id: w.bSet.id,
    });
    expect([intoB.status, intoB.error?.message]).toEqual([
      400,
      `There is no practice set with id ${w.bSet.id}.`,
    ]);
    const programme = await tutor.mutate('admin.createProgram', { name: 'Tutor programme' });
    expect([programme.status, programme.error?.message]).toEqual([403, TUTORS_NO_PROGRAMMES]);
    expect(await snapshot(t.db)).toEqual(before);

    const search = await tutor.query<Out['questions']['search']>('questions.search', { page: 1 });
    const ids = search.data.items.map((q) => q.id);
    expect(ids).toEqual(expect.arrayContaining([...nationalIds(), ...w.aSet.questionIds]));
    expect(ids.filter((id) => [...w.bSet.questionIds, ...w.bMock.questionIds].includes(id))).toEqual([]);

    const renamed = await tutor.mutate('admin.updatePracticeSet', { id: w.aSet.id, title: 'Kumasi week 2' });
    expect(renamed.status).toBe(200);
    const row = await t.db
      .selectFrom('practice_sets')
      .selectAll()
      .where('id', '=', w.aSet.id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Kumasi week 2');
  });

  it("what school staff create is their school's, under national topics too; the platform admin chooses", async () => {
    const tutor = await signInSchoolStaff(t, { schoolId: w.a, role: 'tutor', email: 'tutor.a@example.com' });
    const set = await tutor.mutate<Out['admin']['createPracticeSet']>('admin.createPracticeSet', {
      topic_id: cat.topic.id,
      title: 'Ward round drill',
    });
    expect([set.status, set.data.school_id]).toEqual([200, w.a]);
    const mock = await tutor.mutate<Out['admin']['createMockExamSet']>('admin.createMockExamSet', {
      paper_id: cat.paper.id,
      title: 'Kumasi mock',
      time_limit_minutes: 20,
    });
    expect(mock.data.school_id).toBe(w.a);
    const foreign = await tutor.mutate('admin.createPracticeSet', {
      topic_id: cat.topic.id,
      title: 'For B',
      school_id: w.b,
    });
    expect([foreign.status, foreign.error?.message]).toEqual([
      400,
      'School staff add content for their own school only.',
    ]);

    const schoolAdmin = await signInSchoolStaff(t, {
      schoolId: w.a,
      role: 'school_admin',
      email: 'head.a@example.com',
    });
    const program = await schoolAdmin.mutate<Out['admin']['createProgram']>('admin.createProgram', {
      name: 'Kumasi top-up',
    });
    expect(program.data.school_id).toBe(w.a);

    const admin = rpc(t, await signInAdmin(t));
    const forB = await admin.mutate<Out['admin']['createPracticeSet']>('admin.createPracticeSet', {
      topic_id: cat.topic.id,
      title: 'Sent to Tamale',
      school_id: w.b,
    });
    const nationalSet = await admin.mutate<Out['admin']['createPracticeSet']>('admin.createPracticeSet', {
      topic_id: cat.topic.id,
      title: 'For everyone',
    });
    expect([forB.data.school_id, nationalSet.data.school_id]).toEqual([w.b, null]);
    const rows = await t.db
      .selectFrom('practice_sets')
      .select(['title', 'school_id'])
      .where('title', 'in', ['Ward round drill', 'Sent to Tamale', 'For everyone'])
      .orderBy('title')
      .execute();
    expect(rows).toEqual([
      { title: 'For everyone', school_id: null },
      { title: 'Sent to Tamale', school_id: w.b },
      { title: 'Ward round drill', school_id: w.a },
    ]);
  });

  // A school admin's upload goes live; a tutor's becomes drafts for review (questionDrafts.test.ts).
  it("an upload by a school admin lands as their school's; another school's or a national set is refused", async () => {
    const tutor = await signInSchoolStaff(t, {
      schoolId: w.a,
      role: 'school_admin',
      email: 'admin.a@example.com',
    });
    const file = {
      file_name: 'kumasi.csv',
      file_base64: csvFile(goodRows(3)).toString('base64'),
      quiz_type: 'practice',
      program_id: cat.program.id,
      paper_id: cat.paper.id,
      topic_id: cat.topic.id,
    };
    const before = await snapshot(t.db);
    const intoB = await tutor.mutate<Out['questions']['upload']>('questions.upload', {
      ...file,
      set_id: w.bSet.id,
    });
    expect(intoB.data.error).toBe(`There is no practice set with id ${w.bSet.id} under the chosen topic.`);
    const intoNational = await tutor.mutate<Out['questions']['upload']>('questions.upload', {
      ...file,
      set_id: cat.practiceSet.id,
    });
    expect([intoNational.data.error_code, intoNational.data.error]).toEqual([
      'not_allowed',
      NATIONAL_READ_ONLY,
    ]);
    expect(await snapshot(t.db)).toEqual(before);

    // Into their school's own programme, and into a new set under a national topic.
    const own = await tutor.mutate<Out['questions']['upload']>('questions.upload', {
      ...file,
      quiz_type: 'mock',
      program_id: w.aProgram.id,
      paper_id: w.aProgram.paperId,
      topic_id: null,
    });
    expect(own.data.success).toBe(true);
    const upload = await tutor.mutate<Out['questions']['upload']>('questions.upload', file);
    expect(upload.data.success).toBe(true);
    const setId = upload.data.set!.id;
    const set = await t.db
      .selectFrom('practice_sets')
      .selectAll()
      .where('id', '=', setId)
      .executeTakeFirstOrThrow();
    expect(set.school_id).toBe(w.a);
    const appended = await tutor.mutate<Out['questions']['upload']>('questions.upload', {
      ...file,
      file_base64: csvFile([goodRows(5)[0], ...goodRows(5).slice(4)]).toString('base64'),
      set_id: setId,
    });
    expect(appended.data.success).toBe(true);
    const questions = await t.db
      .selectFrom('questions')
      .select('school_id')
      .where('practice_set_id', '=', setId)
      .execute();
    expect(questions).toEqual(Array.from({ length: 5 }, () => ({ school_id: w.a })));
  });
});
