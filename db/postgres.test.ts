// Two app servers on one PostgreSQL database (run by the `postgres` test project only): what one
// writes, the other serves as soon as the news of the write arrives (NOTIFY, a moment after the
// commit), although each keeps a read cache of its own.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuizStart } from '../server/services/quizSessions';
import { ageSession, makeCatalog, rpc, signInAdmin } from '../server/test/fixtures';
import { sweepExpiredSessions } from '../server/background';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { onPostgres } from '../server/test/database';
import { othersWritesHeard, readCacheOf } from './client';
import { rowOf } from './writeMarks';
import { postgresBin } from './postgresBin';

const run = promisify(execFile);

let one: TestServer;
let two: TestServer;
beforeEach(async () => {
  one = await startTestServer();
  // The same data folder: the same database (server/test/database.ts) and the same JWT secret.
  two = await startTestServer({ dataDir: one.dataDir });
});
afterEach(async () => {
  await two.close();
  await one.close();
});

describe('two processes on one PostgreSQL database', () => {
  it('runs on PostgreSQL', () => {
    expect(onPostgres()).toBe(true);
    expect(one.deps.env.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(two.deps.env.DATABASE_URL).toBe(one.deps.env.DATABASE_URL);
  });

  it('starts a mock on one, saves on the other, submits on the first', async () => {
    const cat = await makeCatalog(one.db);
    const student = await signUpAndIn(one);
    const onOne = rpc(one, student.access);
    const onTwo = rpc(two, student.access);
    // Both servers have read (and cached) the catalogue and the session before the writes.
    expect((await onTwo.query<unknown[]>('catalog.mockExams', { paperId: cat.paper.id })).data).toHaveLength(
      1,
    );
    const start = await onOne.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: cat.mockSet.id });
    expect(start.status).toBe(200);
    const sessionId = start.data.session.id;
    const [q1, q2] = start.data.questions;
    for (const [q, letter] of [
      [q1, 'A'],
      [q2, 'C'],
    ] as const) {
      const saved = await onTwo.mutate('quiz.saveAnswer', {
        session_id: sessionId,
        question_id: q.id,
        selected_answer: letter,
      });
      expect(saved.status).toBe(200);
    }
    // A resume on the first server shows what the second saved.
    const resumed = await onOne.mutate<QuizStart>('quiz.start', {
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
    });
    expect(resumed.data.session.id).toBe(sessionId);
    expect(resumed.data.saved_answers).toEqual([
      { question_id: q1.id, selected_answer: 'A' },
      { question_id: q2.id, selected_answer: 'C' },
    ]);
    const submitted = await onOne.mutate<{ id: number; correct_answers: number }>('quiz.submit', {
      session_id: sessionId,
      answers: [],
      time_spent_minutes: 3,
    });
    expect(submitted.status).toBe(200);
    // Keys cycle A, B, C, D: the first answer is right, the second wrong.
    expect(submitted.data.correct_answers).toBe(1);
    // The second server refuses saves once the first has graded the session.
    await othersWritesHeard(two.db);
    const late = await onTwo.mutate('quiz.saveAnswer', {
      session_id: sessionId,
      question_id: q1.id,
      selected_answer: 'B',
    });
    expect(late.status).toBe(409);
    const rows = await two.db
      .selectFrom('session_answers')
      .selectAll()
      .where('session_id', '=', sessionId)
      .execute();
    expect(rows.map((r) => [r.question_id, r.selected_answer])).toEqual([
      [q1.id, 'A'],
      [q2.id, 'C'],
    ]);
  });

  it('lists content written through one on the other once its news arrives', async () => {
    const adminToken = await signInAdmin(one);
    const student = await signUpAndIn(one);
    const programs = async () =>
      (await rpc(two, student.access).query<Array<{ name: string }>>('catalog.programs')).data.map(
        (p) => p.name,
      );
    // The second server has read (and cached) the empty catalogue.
    expect(await programs()).toEqual([]);
    const cat = await makeCatalog(one.db);
    await othersWritesHeard(two.db);
    expect(await programs()).toEqual(['General Nursing']);
    const hidden = await rpc(one, adminToken).mutate('admin.updateProgram', {
      id: cat.program.id,
      is_active: false,
    });
    expect(hidden.status).toBe(200);
    await othersWritesHeard(two.db);
    expect(await programs()).toEqual([]);
  });

  it('refuses on the other a token revoked on one', async () => {
    const student = await signUpAndIn(one);
    expect((await rpc(two, student.access).query('profile.get')).status).toBe(200);
    const out = await rpc(one, student.access).mutate('auth.logout', { refresh: student.refresh });
    expect(out.status).toBe(200);
    await othersWritesHeard(two.db);
    expect((await rpc(two, student.access).query('profile.get')).status).toBe(401);
    expect((await rpc(one, student.access).query('profile.get')).status).toBe(401);
  });

  it("keeps on the other a student's cached session through a classmate's start and submit, not its own", async () => {
    const cat = await makeCatalog(one.db);
    const student = await signUpAndIn(one);
    const classmate = await signUpAndIn(one, { email: 'classmate@example.com', full_name: 'Akosua Mensah' });
    const start = await rpc(one, student.access).mutate<QuizStart>('quiz.start', {
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
    });
    const cache = readCacheOf(two.db);
    let rowLoads = 0;
    let tableLoads = 0;
    const onRows = () =>
      cache.get('row', [rowOf('quiz_sessions', start.data.session.id)], async () => ++rowLoads);
    // Once the other server's news has arrived, an entry on the whole table loads again.
    const heard = async () => {
      await othersWritesHeard(two.db);
      const before = tableLoads;
      await cache.get('table', ['quiz_sessions'], async () => ++tableLoads);
      expect(tableLoads).toBe(before + 1);
    };
    await onRows();
    await cache.get('table', ['quiz_sessions'], async () => ++tableLoads);

    const started = await rpc(one, classmate.access).mutate<QuizStart>('quiz.start', {
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
    });
    expect(started.status).toBe(200);
    await heard();
    await onRows();
    expect(rowLoads).toBe(1);
    const theirs = await rpc(one, classmate.access).mutate('quiz.submit', {
      session_id: started.data.session.id,
      answers: [],
      time_spent_minutes: 1,
    });
    expect(theirs.status).toBe(200);
    await heard();
    await onRows();
    expect(rowLoads).toBe(1);

    const submitted = await rpc(one, student.access).mutate('quiz.submit', {
      session_id: start.data.session.id,
      answers: [],
      time_spent_minutes: 2,
    });
    expect(submitted.status).toBe(200);
    await heard();
    await onRows();
    expect(rowLoads).toBe(2);
  });

  it('sweeps expired mocks in one process at a time', async () => {
    const cat = await makeCatalog(one.db);
    const student = await signUpAndIn(one);
    const start = await rpc(one, student.access).mutate<QuizStart>('quiz.start', {
      quiz_type: 'mock',
      quiz_id: cat.mockSet.id,
    });
    await ageSession(one.db, start.data.session.id, 90);
    const graded = async () => (await two.db.selectFrom('quiz_results').select('id').execute()).length;
    // Another process's sweep under way: it holds the sweep's lock on its own connection.
    const other = new pg.Client({ connectionString: one.deps.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query(`select pg_advisory_lock(hashtextextended('sweep:expired-sessions', 0))`);
      expect(await sweepExpiredSessions(two.deps)).toBe(false);
      expect(await graded()).toBe(0);
      await other.query(`select pg_advisory_unlock(hashtextextended('sweep:expired-sessions', 0))`);
      expect(await sweepExpiredSessions(two.deps)).toBe(true);
      expect(await graded()).toBe(1);
    } finally {
      await other.end();
    }
  });

  it('backs up with pg_dump: an archive pg_restore lists, readable by its owner only, recorded', async () => {
    await signUpAndIn(one);
    // Another program's tables in the same database, which the app's backup must leave out.
    const other = new pg.Client({ connectionString: one.deps.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('create schema other_program; create table other_program.users (id int)');
    } finally {
      await other.end();
    }
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
      env: {
        ...process.env,
        DATA_DIR: one.dataDir,
        DATABASE_URL: one.deps.env.DATABASE_URL,
        LOG_LEVEL: 'silent',
      },
    });
    expect(stdout).toMatch(/Backup written: .*\.dump \(\d+ KB, pg_dump, \d+ entries\)/);
    const [name] = fs.readdirSync(path.join(one.dataDir, 'backups'));
    const file = path.join(one.dataDir, 'backups', name);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    const schema = /search_path=(\w+)/.exec(decodeURIComponent(one.deps.env.DATABASE_URL!))![1];
    const list = (
      await run(path.join(postgresBin(), 'pg_restore'), ['--list', file], { maxBuffer: 64 << 20 })
    ).stdout;
    expect(list).toMatch(new RegExp(`TABLE DATA ${schema} users `));
    expect(list).toMatch(new RegExp(`TABLE DATA ${schema} quiz_results `));
    // Only the app's own schema: the other program's is not in it.
    expect(list).not.toMatch(new RegExp(`TABLE DATA (?!${schema} )\\w+ users `));
    const recorded = await one.db.selectFrom('backups').select('file_path').execute();
    expect(recorded).toEqual([{ file_path: path.resolve(file) }]);
  });
});
