// The admin procedures over /trpc and /api/admin: role enforcement, users without secrets,
// statistics, filtered results, content rules (parents, unique names, deactivation), system info.
import fs from 'node:fs';
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appRouter, type AppRouter } from '../router';
import { takeQuiz } from '../test/attempts';
import { signUpAndIn } from '../test/harness';
import { insertPaper, insertProgram, rpc } from '../test/fixtures';
import { useAdmin, useCatalog, useTestServer } from '../test/useTestServer';
import { databaseLocation } from '../services/systemInfo';

type Out = inferRouterOutputs<AppRouter>;
type Admin = Out['admin'];

const t = useTestServer();
const cat = useCatalog(t);
const admin = useAdmin(t);

describe('admin access', () => {
  it('refuses every admin procedure to a student with FORBIDDEN, and writes nothing', async () => {
    const studentToken = (await signUpAndIn(t)).access;
    const student = rpc(t, studentToken);
    // Every staff procedure the router has (by its access, whatever its namespace), so one added
    // later is covered too.
    const all = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; meta?: { access?: string } } }
    >;
    const procedures = Object.keys(all).filter((name) => all[name]._def.meta?.access === 'admin');
    expect(procedures.filter((name) => name.startsWith('admin.')).length).toBe(42);
    expect(procedures).toEqual(expect.arrayContaining(['enrol.upload', 'questionDrafts.approve']));
    for (const name of procedures) {
      const type = all[name]._def.type;
      const input = { id: cat.program.id, name: 'Hijacked', program_id: cat.program.id, title: 'X' };
      const res = type === 'query' ? await student.query(name, {}) : await student.mutate(name, input);
      expect(res.status, name).toBe(403);
      expect(res.error?.data.code, name).toBe('FORBIDDEN');
    }
    for (const path of [
      '/api/admin/users/',
      '/api/admin/stats/',
      '/api/admin/results/',
      '/api/admin/content/',
    ]) {
      const res = await t.api('GET', path, { token: studentToken });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    const names = await t.db.selectFrom('programs').select('name').execute();
    expect(names).toEqual([{ name: 'General Nursing' }]);
    expect((await rpc(t, null).query('admin.stats')).status).toBe(401);
  });
});

describe('admin views', () => {
  it('lists users with their public fields and never a password hash; searches name, e-mail and school', async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    await signUpAndIn(t, {
      email: 'kofi@example.com',
      full_name: 'Kofi Boateng',
      school: 'Tamale Nurses Training College',
    });
    const result = await takeQuiz(ama, cat, 'mock', 'A');
    const users = await admin.query<Admin['users']>('admin.users', {});
    expect(users.text).not.toMatch(/password|argon2/);
    expect(users.data.map((u) => u.email).sort()).toEqual(
      ['ama.mensah@example.com', 'kofi@example.com', 'tutor.admin@example.com'].sort(),
    );
    const amaRow = users.data.find((u) => u.email === 'ama.mensah@example.com');
    expect(amaRow).toEqual({
      id: expect.any(Number),
      full_name: 'Ama Mensah',
      email: 'ama.mensah@example.com',
      date_of_birth: '2001-04-12',
      gender: 'Female',
      region_of_institution: 'Ashanti',
      program_of_study: 'General Nursing',
      school: 'Kumasi Nurses and Midwifery Training College',
      bio: '',
      avatar: null,
      is_active: true,
      is_staff: false,
      is_superuser: false,
      role: 'student',
      staff_role: null,
      school_id: expect.any(Number),
      state: 'verified',
      date_joined: expect.any(String),
      sessions_taken: 1,
      last_result: { id: result.id, percentage: 40, created_at: result.created_at, quiz_name: 'Mock Exam 1' },
    });
    expect(users.data.find((u) => u.email === 'tutor.admin@example.com')?.role).toBe('admin');

    const search = async (s: string) =>
      (await admin.query<Admin['users']>('admin.users', { search: s })).data.map((u) => u.full_name);
    expect(await search('KOFI')).toEqual(['Kofi Boateng']);
    expect(await search('tamale')).toEqual(['Kofi Boateng']);
    expect(await search('mensah@EXAMPLE')).toEqual(['Ama Mensah']);
    expect(await search('%')).toEqual([]);
  });

  it('counts the platform and filters all results by type, program, paper and set', async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    const kofi = rpc(
      t,
      (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng' })).access,
    );
    const mock1 = await takeQuiz(ama, cat, 'mock', 'A'); // 2 of 5 = 40
    const practice = await takeQuiz(ama, cat, 'practice', 'B'); // 1 of 4 = 25
    const mock2 = await takeQuiz(kofi, cat, 'mock', 'C'); // 1 of 5 = 20
    await ama.mutate('quiz.start', { quiz_type: 'practice', quiz_id: cat.practiceSet.id }); // unfinished

    const stats = await admin.query<Admin['stats']>('admin.stats');
    expect(stats.data).toEqual({
      total_users: 3,
      total_questions: 9,
      total_quiz_sessions: 4,
      avg_score: 28.3,
      mock_sessions: 2,
      practice_sessions: 2,
      mock_results: 2,
      practice_results: 1,
      mock_avg_score: 30,
      practice_avg_score: 25,
      total_programs: 1,
      total_papers: 1,
      total_topics: 1,
      total_mock_sets: 1,
      total_practice_sets: 1,
    });

    const all = await admin.query<Admin['results']>('admin.results', {});
    expect(all.data.map((r) => r.id)).toEqual([mock2.id, practice.id, mock1.id]);
    expect(all.data[1].session).toEqual({
      id: expect.any(Number),
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
      quiz_name: 'Practice Set 1',
      origin: 'set',
      user_name: 'Ama Mensah',
      timed_out: false,
      user_email: 'ama.mensah@example.com',
      program_id: cat.program.id,
      program_name: 'General Nursing',
      paper_id: cat.paper.id,
      paper_name: 'Paper 1',
    });
    const ids = async (filter: Record<string, unknown>) =>
      (await admin.query<Admin['results']>('admin.results', filter)).data.map((r) => r.id);
    expect(await ids({ quiz_type: 'mock' })).toEqual([mock2.id, mock1.id]);
    expect(await ids({ quiz_type: 'all' })).toHaveLength(3);
    expect(await ids({ program_id: cat.program.id, quiz_type: 'practice' })).toEqual([practice.id]);
    expect(await ids({ paper_id: cat.paper.id })).toHaveLength(3);
    expect(await ids({ quiz_type: 'mock', set_id: cat.mockSet.id })).toEqual([mock2.id, mock1.id]);
    const other = await insertProgram(t.db, 'Midwifery');
    expect(await ids({ program_id: other.id })).toEqual([]);

    const rest = await t.api<unknown[]>(
      'GET',
      `/api/admin/results/?quiz_type=practice&program_id=&paper_id=${cat.paper.id}`,
      {
        token: admin.token,
      },
    );
    expect(rest.status).toBe(200);
    expect(rest.body).toHaveLength(1);
    const restStats = await t.api('GET', '/api/admin/stats/', { token: admin.token });
    expect(restStats.body).toEqual({ ...stats.data, total_programs: 2 });
    const restUsers = await t.api<unknown[]>('GET', '/api/admin/users/?search=kofi', { token: admin.token });
    expect(restUsers.body).toHaveLength(1);
  });

  it('reports the version, the database and the last backup', async () => {
    const version = JSON.parse(fs.readFileSync('package.json', 'utf8')).version;
    const first = await admin.query<Admin['system']>('admin.system');
    expect(first.data).toEqual({
      version,
      database: { status: 'Connected', size_bytes: expect.any(Number), file: databaseLocation(t.deps.env) },
      last_backup: null,
    });
    expect(first.data.database.size_bytes).toBeGreaterThan(4096);
    await t.db
      .insertInto('backups')
      .values([
        { file_path: '/backups/a.db', size_bytes: 100, created_at: '2026-01-01T00:00:00.000Z' },
        { file_path: '/backups/b.db', size_bytes: 200, created_at: '2026-02-01T00:00:00.000Z' },
      ])
      .execute();
    const after = await admin.query<Admin['system']>('admin.system');
    expect(after.data.last_backup).toEqual({
      file_path: '/backups/b.db',
      size_bytes: 200,
      created_at: '2026-02-01T00:00:00.000Z',
    });
  });
});

describe('content management', () => {
  it('creates each kind under an existing parent, with names unique within the parent', async () => {
    const program = await admin.mutate<Admin['createProgram']>('admin.createProgram', {
      name: 'Midwifery',
      description: 'Registered midwives',
    });
    expect(program.status).toBe(200);
    expect(program.data).toMatchObject({
      name: 'Midwifery',
      description: 'Registered midwives',
      is_active: true,
    });
    const dupProgram = await admin.mutate('admin.createProgram', { name: '  general NURSING ' });
    expect(dupProgram.status).toBe(409);
    expect(dupProgram.error?.data.fieldErrors).toEqual({
      name: ['A program with this name already exists.'],
    });

    const noParent = await admin.mutate('admin.createPaper', { program_id: 9999, name: 'Paper 1' });
    expect(noParent.status).toBe(400);
    expect(noParent.error?.data.fieldErrors).toEqual({ program_id: ['Program not found.'] });
    const dupPaper = await admin.mutate('admin.createPaper', { program_id: cat.program.id, name: 'paper 1' });
    expect(dupPaper.status).toBe(409);
    expect(dupPaper.error?.message).toBe('A paper with this name already exists in this program.');
    // The same name under another program is fine.
    const paper = await admin.mutate<Admin['createPaper']>('admin.createPaper', {
      program_id: program.data.id,
      name: 'Paper 1',
    });
    expect(paper.data).toMatchObject({
      program: program.data.id,
      program_name: 'Midwifery',
      name: 'Paper 1',
    });

    expect(
      (await admin.mutate('admin.createTopic', { paper_id: 9999, name: 'Labour' })).error?.data.fieldErrors,
    ).toEqual({ paper_id: ['Paper not found.'] });
    const topic = await admin.mutate<Admin['createTopic']>('admin.createTopic', {
      paper_id: paper.data.id,
      name: 'Labour',
    });
    expect(topic.data).toMatchObject({ paper: paper.data.id, paper_name: 'Paper 1', description: '' });
    expect(
      (await admin.mutate('admin.createTopic', { paper_id: paper.data.id, name: 'LABOUR' })).error?.message,
    ).toBe('A topic with this name already exists in this paper.');

    const set = await admin.mutate<Admin['createPracticeSet']>('admin.createPracticeSet', {
      topic_id: topic.data.id,
      title: 'Stages of labour',
    });
    expect(set.data).toMatchObject({ topic: topic.data.id, topic_name: 'Labour', total_questions: 0 });
    const dupSet = await admin.mutate('admin.createPracticeSet', {
      topic_id: topic.data.id,
      title: 'Stages of Labour',
    });
    expect(dupSet.error?.data.fieldErrors).toEqual({
      title: ['A practice set with this title already exists in this topic.'],
    });
    expect((await admin.mutate('admin.createPracticeSet', { topic_id: 9999, title: 'X' })).status).toBe(400);

    const mock = await admin.mutate<Admin['createMockExamSet']>('admin.createMockExamSet', {
      paper_id: paper.data.id,
      title: 'Midwifery Mock 1',
      time_limit_minutes: 90,
    });
    expect(mock.data).toMatchObject({
      paper_name: 'Paper 1',
      program_name: 'Midwifery',
      time_limit_minutes: 90,
    });
    expect(
      (
        await admin.mutate('admin.createMockExamSet', {
          paper_id: paper.data.id,
          title: 'midwifery mock 1',
          time_limit_minutes: 90,
        })
      ).error?.message,
    ).toBe('A mock exam set with this title already exists in this paper.');
    const badLimit = await admin.mutate('admin.createMockExamSet', {
      paper_id: paper.data.id,
      title: 'Mock 2',
      time_limit_minutes: 0,
    });
    expect(badLimit.error?.data.fieldErrors).toEqual({
      time_limit_minutes: ['The time limit must be at least 1 minute.'],
    });

    const counts = await Promise.all(
      (['programs', 'papers', 'topics', 'practice_sets', 'mock_exam_sets'] as const).map(async (table) =>
        Number(
          (
            await t.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
    expect(counts).toEqual([2, 2, 2, 2, 2]);
  });

  it('updates, renames within the rules, deactivates (hiding from students) and reactivates', async () => {
    const student = rpc(t, (await signUpAndIn(t)).access);
    await insertPaper(t.db, cat.program.id, 'Paper 2');
    const clash = await admin.mutate('admin.updatePaper', { id: cat.paper.id, name: 'PAPER 2' });
    expect(clash.status).toBe(409);
    expect(clash.error?.message).toBe('A paper with this name already exists in this program.');
    // Renaming to its own name (another case) is not a clash with itself.
    const renamed = await admin.mutate<Admin['updatePaper']>('admin.updatePaper', {
      id: cat.paper.id,
      name: 'PAPER 1',
    });
    expect(renamed.data.name).toBe('PAPER 1');
    expect((await admin.mutate('admin.updateTopic', { id: 9999, name: 'X' })).error?.message).toBe(
      'Topic not found',
    );

    const mock = await admin.mutate<Admin['updateMockExamSet']>('admin.updateMockExamSet', {
      id: cat.mockSet.id,
      time_limit_minutes: 45,
      description: 'Harder',
    });
    expect(mock.data).toMatchObject({ time_limit_minutes: 45, description: 'Harder', title: 'Mock Exam 1' });

    const off = await admin.mutate<Admin['updateProgram']>('admin.updateProgram', {
      id: cat.program.id,
      is_active: false,
    });
    expect(off.data.is_active).toBe(false);
    expect((await t.db.selectFrom('programs').select('is_active').executeTakeFirstOrThrow()).is_active).toBe(
      0,
    );
    expect((await student.query<unknown[]>('catalog.programs')).data).toEqual([]);
    const content = await admin.query<Admin['content']>('admin.content');
    expect(content.data.programs).toEqual([
      expect.objectContaining({ id: cat.program.id, is_active: false }),
    ]);
    expect(content.data.papers).toHaveLength(2);
    expect(content.data.mockExamSets[0]).toMatchObject({ id: cat.mockSet.id, total_questions: 5 });
    expect(content.data.practiceSets[0]).toMatchObject({ id: cat.practiceSet.id, total_questions: 4 });

    const set = await admin.mutate<Admin['updatePracticeSet']>('admin.updatePracticeSet', {
      id: cat.practiceSet.id,
      is_active: false,
      title: 'Renamed set',
    });
    expect(set.data).toMatchObject({ title: 'Renamed set', is_active: false });
    await admin.mutate('admin.updateProgram', { id: cat.program.id, is_active: true });
    expect((await student.query<unknown[]>('catalog.programs')).data).toHaveLength(1);
    expect((await student.query<unknown[]>('catalog.practiceSets', { topicId: cat.topic.id })).data).toEqual(
      [],
    );
  });

  it('answers the content paths under /api/admin with 201 on create and string ids', async () => {
    const created = await t.api<{ id: number }>('POST', '/api/admin/programs/', {
      token: admin.token,
      body: { name: 'Public Health' },
    });
    expect(created.status).toBe(201);
    const paper = await t.api<{ id: number }>('POST', '/api/admin/papers/', {
      token: admin.token,
      body: { program_id: String(created.body.id), name: 'Community Health' },
    });
    expect(paper.status).toBe(201);
    const dup = await t.api('POST', '/api/admin/papers/', {
      token: admin.token,
      body: { program_id: created.body.id, name: 'Community Health' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      name: ['A paper with this name already exists in this program.'],
      detail: 'A paper with this name already exists in this program.',
    });
    const topic = await t.api<{ id: number }>('POST', '/api/admin/topics/', {
      token: admin.token,
      body: { paper_id: paper.body.id, name: 'Epidemiology' },
    });
    const set = await t.api('POST', '/api/admin/practice-sets/', {
      token: admin.token,
      body: { topic_id: topic.body.id, title: 'Set A' },
    });
    expect(set.status).toBe(201);
    const mock = await t.api<{ id: number }>('POST', '/api/admin/mock-exams/', {
      token: admin.token,
      body: { paper_id: paper.body.id, title: 'PH Mock', time_limit_minutes: '60' },
    });
    expect(mock.status).toBe(201);
    const patched = await t.api('PATCH', `/api/admin/mock-exams/${mock.body.id}/`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(patched.body).toMatchObject({ id: mock.body.id, is_active: false, time_limit_minutes: 60 });
    const program = await t.api('PATCH', `/api/admin/programs/${created.body.id}/`, {
      token: admin.token,
      body: { description: 'Community and public health nursing' },
    });
    expect(program.body).toMatchObject({
      name: 'Public Health',
      description: 'Community and public health nursing',
    });
    const content = await t.api<{ programs: unknown[]; mockExamSets: unknown[] }>(
      'GET',
      '/api/admin/content/',
      {
        token: admin.token,
      },
    );
    expect(content.body.programs).toHaveLength(2);
    expect(content.body.mockExamSets).toHaveLength(2);
    expect((await t.api('GET', '/api/admin/system/', { token: admin.token })).status).toBe(200);
  });
});
