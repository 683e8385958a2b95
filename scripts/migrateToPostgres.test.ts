// npm run migrate-to-postgres as an operator runs it (postgres test project only): a school's
// SQLite database, made through the app, copied into an empty PostgreSQL database; the student
// signs in there with their old password and finds their result. A second copy is refused.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import type { QuizStart } from '../server/services/quizSessions';
import { testDatabaseEnv } from '../server/test/database';
import { makeCatalog, rpc } from '../server/test/fixtures';
import { signUpAndIn, startTestServer, STUDENT, type TestServer } from '../server/test/harness';

const run = promisify(execFile);
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function migrate(file: string, databaseUrl: string) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/migrate-to-postgres.ts', '--from', file], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

it('copies a school from SQLite: same row counts, old password signs in, result there', async () => {
  // The school: SQLite (an empty DATABASE_URL means unset), a student who took a mock.
  const school = await startTestServer({ env: { DATABASE_URL: '' } });
  servers.push(school);
  expect(school.deps.env.DATABASE_URL).toBeUndefined();
  const cat = await makeCatalog(school.db);
  const student = await signUpAndIn(school);
  const api = rpc(school, student.access);
  const start = await api.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: cat.mockSet.id });
  const sessionId = start.data.session.id;
  await api.mutate('quiz.saveAnswer', {
    session_id: sessionId,
    question_id: start.data.questions[0].id,
    selected_answer: 'A',
  });
  expect((await api.mutate('quiz.submit', { session_id: sessionId, answers: [] })).status).toBe(200);
  const file = school.deps.env.DATABASE_FILE;

  const newDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-moved-'));
  const { DATABASE_URL: url } = await testDatabaseEnv(newDir);
  const { stdout } = await migrate(file, url);
  const counts = new Map(
    stdout
      .split('\n')
      .map((line) => /^(\w+)\s+(\d+)\s+(\d+)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [m[1], [Number(m[2]), Number(m[3])]]),
  );
  expect(counts.get('users')).toEqual([1, 1]);
  expect(counts.get('questions')?.[0]).toBeGreaterThan(0);
  expect(counts.get('session_answers')).toEqual([1, 1]);
  expect(counts.get('quiz_results')).toEqual([1, 1]);
  for (const [sqlite, postgres] of counts.values()) expect(postgres).toBe(sqlite);

  // The school now on PostgreSQL: the old password signs in, the result is there, and new rows
  // get ids past the copied ones.
  const moved = await startTestServer({ dataDir: newDir });
  servers.push(moved);
  expect(moved.deps.env.DATABASE_URL).toBe(url);
  const login = await moved.api<{ access: string }>('POST', '/api/auth/login/', {
    body: { email: STUDENT.email, password: STUDENT.password1 },
  });
  expect(login.status).toBe(200);
  const results = await rpc(moved, login.body.access).query<Array<{ id: number }>>('results.list');
  expect(results.data).toHaveLength(1);
  const other = await signUpAndIn(moved, { email: 'kofi.boateng@example.com' });
  expect(other.access).toBeTruthy();

  // A second copy into the now filled database is refused and writes nothing.
  const again = await migrate(file, url).catch((e: { code: number; stderr: string }) => e);
  expect(again).toMatchObject({ code: 1 });
  expect((again as { stderr: string }).stderr).toMatch(/^The PostgreSQL database is not empty \(users: 2/);
  const users = await moved.db.selectFrom('users').select('id').execute();
  expect(users).toHaveLength(2);
});
