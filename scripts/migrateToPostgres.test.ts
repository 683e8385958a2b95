// npm run migrate-to-postgres as an operator runs it (postgres test project only): a school's
// SQLite database, made through the app, copied into an empty PostgreSQL schema; the student
// signs in there with their old password and finds their result. A second copy is refused, and a
// copy that fails part-way leaves the target as it was.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDb, type DB } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import type { QuizStart } from '../server/services/quizSessions';
import { testDatabaseEnv } from '../server/test/database';
import { insertPracticeSet, insertQuestions, makeCatalog, rpc } from '../server/test/fixtures';
import { signUpAndIn, startTestServer, STUDENT, type TestServer } from '../server/test/harness';

const run = promisify(execFile);
const servers: TestServer[] = [];
const handles: DB[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(handles.splice(0).map((db) => db.destroy()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

type Failure = { code: number; stdout: string; stderr: string };

function migrate(file: string, databaseUrl: string) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/migrate-to-postgres.ts', '--from', file], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

const migrateFails = (file: string, databaseUrl: string) =>
  migrate(file, databaseUrl).then(
    () => {
      throw new Error('migrate-to-postgres succeeded');
    },
    (e: Failure) => e,
  );

/** A fresh PostgreSQL schema of the test cluster, and a handle on it. */
async function emptyTarget(): Promise<{ url: string; target: DB }> {
  const { DATABASE_URL: url } = await testDatabaseEnv(tempDir('nmc-target-'));
  const target = createDb(url, { readCache: false });
  handles.push(target);
  return { url, target };
}

/** Every row of every app table, in a stable order, as the database hands them to the app. */
async function contents(db: DB, tables: string[]) {
  const all: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await db
      .selectFrom(table as 'users')
      .selectAll()
      .execute();
    all[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return all;
}

/** The lines "table sqlite postgres" the script prints. */
function countsIn(stdout: string): Map<string, [number, number]> {
  return new Map(
    stdout
      .split('\n')
      .map((line) => /^(\w+)\s+(\d+)\s+(\d+)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [m[1], [Number(m[2]), Number(m[3])]]),
  );
}

it('copies a school from SQLite: same rows, old password signs in, result there; a second copy is refused', async () => {
  // The school: SQLite (an empty DATABASE_URL means unset), a student who took a mock.
  const school = await startTestServer({ env: { DATABASE_URL: '' } });
  servers.push(school);
  expect(school.deps.env.DATABASE_URL).toBeUndefined();
  const cat = await makeCatalog(school.db);
  // More questions than one insert carries (500), so the copy goes in several batches.
  const big = await insertPracticeSet(school.db, cat.topic.id, 'Practice Set 2');
  await insertQuestions(school.db, { practice_set_id: big.id }, 1_234, 'B');
  const student = await signUpAndIn(school);
  const api = rpc(school, student.access);
  const start = await api.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: cat.mockSet.id });
  const sessionId = start.data.session.id;
  await api.mutate('quiz.saveAnswer', {
    session_id: sessionId,
    question_id: start.data.questions[0].id,
    selected_answer: 'A',
  });
  const submitted = await api.mutate<{ percentage: number }>('quiz.submit', {
    session_id: sessionId,
    answers: [],
  });
  expect(submitted.status).toBe(200);
  // A wrong-password count, as several workers on SQLite keep it: its expiry is past 32 bits.
  await school.db
    .insertInto('rate_limits')
    .values({ key: 'login:ama', points: 3, expire: Date.now() + 900_000 })
    .execute();
  // A backup past 2 GiB, as a large school's can be.
  await school.db
    .insertInto('backups')
    .values({ file_path: '/srv/nmc/backups/app.db', size_bytes: 3 * 2 ** 30, created_at: '2026-11-01' })
    .execute();
  const file = school.deps.env.DATABASE_FILE;

  const { url, target } = await emptyTarget();
  const { stdout } = await migrate(file, url);
  const counts = countsIn(stdout);
  const tables = [...counts.keys()];
  const sqliteTables = (
    await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(school.db)
  ).rows.map((r) => r.name);
  // Every table of the file but Kysely's bookkeeping and SQLite's own, parents before children.
  expect(tables.sort()).toEqual(sqliteTables.filter((t) => !/^(kysely_|sqlite_)/.test(t)).sort());
  expect(counts.get('users')).toEqual([1, 1]);
  expect(counts.get('questions')).toEqual([4 + 5 + 1_234, 4 + 5 + 1_234]);
  expect(counts.get('session_answers')).toEqual([1, 1]);
  expect(counts.get('quiz_results')).toEqual([1, 1]);
  expect(counts.get('rate_limits')).toEqual([1, 1]);
  expect(counts.get('backups')).toEqual([1, 1]);
  for (const [sqlite, postgres] of counts.values()) expect(postgres).toBe(sqlite);
  // Every value as the app reads it: 0/1 flags, ISO times, ids, the 64-bit expiry and size.
  expect(await contents(target, tables)).toEqual(await contents(school.db, tables));

  // The school now on PostgreSQL: the old password signs in, the result is there, and new rows
  // get ids past the copied ones.
  const moved = await startTestServer({ dataDir: school.dataDir, env: { DATABASE_URL: url } });
  servers.push(moved);
  const login = await moved.api<{ access: string }>('POST', '/api/auth/login/', {
    body: { email: STUDENT.email, password: STUDENT.password1 },
  });
  expect(login.status).toBe(200);
  const results = await rpc(moved, login.body.access).query<Array<{ percentage: number }>>('results.list');
  expect(results.data).toEqual([expect.objectContaining({ percentage: submitted.data.percentage })]);
  await signUpAndIn(moved, { email: 'kofi.boateng@example.com' });
  const ids = await moved.db.selectFrom('users').select('id').orderBy('id').execute();
  expect(ids.map((u) => u.id)).toEqual([1, 2]);

  // A second copy into the now filled database is refused and writes nothing.
  const filled = await contents(target, tables);
  const again = await migrateFails(file, url);
  expect(again.code).toBe(1);
  expect(again.stderr.trim()).toMatch(
    /^The PostgreSQL database is not empty \(.*users: 2.*\); nothing was copied\.$/,
  );
  expect(await contents(target, tables)).toEqual(filled);
});

it('rolls the whole copy back when a row cannot be written, and says why', async () => {
  const dir = tempDir('nmc-school-');
  const file = path.join(dir, 'app.db');
  const school = createDb(file);
  handles.push(school);
  await migrateToLatest(school);
  await makeCatalog(school);
  // PostgreSQL's text cannot hold a NUL character; SQLite's can. The bad row comes last in
  // foreign-key order, after every content table has been copied.
  const bad = await school
    .insertInto('mail_outbox')
    .values({ to_address: 'x@example.com', subject: 'a\u0000b', text_body: '', created_at: '2026-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(bad.id).toBe(1);

  const { url, target } = await emptyTarget();
  const failed = await migrateFails(file, url);
  expect(failed.code).toBe(1);
  expect(failed.stderr).toMatch(/0x00/);
  expect(failed.stdout).toBe('');
  for (const table of ['programs', 'questions', 'mail_outbox']) {
    const { n } = await target
      .selectFrom(table as 'programs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect([table, Number(n)]).toEqual([table, 0]);
  }
});

it('asks for DATABASE_URL in one line when it is not set', async () => {
  const failed = await migrateFails('data/app.db', '');
  expect(failed.code).toBe(1);
  expect(failed.stderr.trim().split('\n')).toEqual([
    'Set DATABASE_URL to the PostgreSQL database to copy into (postgres://user:pass@host/db).',
  ]);
});
