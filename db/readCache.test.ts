// Shared reads (catalogue, the user behind a token, a set's questions) must never outlive a write:
// one made by this server, or one made by another process on the same SQLite file.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, readCacheOf, type DB } from './client';
import { ReadCache } from './readCache';
import { rowOf, rowsOf, unknownRowsOf } from './writeMarks';
import type { QuizStart } from '../server/services/quizSessions';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { insertProgram, makeCatalog, rpc } from '../server/test/fixtures';

let t: TestServer;
let other: DB;
beforeEach(async () => {
  t = await startTestServer();
  // A second connection, as `npm run import-questions` or create-admin would open.
  other = createDb(path.join(t.dataDir, 'app.db'));
});
afterEach(async () => {
  await other.destroy();
  await t.close();
});

const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name).sort();

describe('read cache', () => {
  it('is the same for a handle and for its transactions, and distinct per database', async () => {
    const cache = readCacheOf(t.db);
    await t.db.transaction().execute(async (trx) => {
      expect(readCacheOf(trx)).toBe(cache);
    });
    expect(readCacheOf(other)).not.toBe(cache);
  });

  it('shows a program added or hidden by this server at once', async () => {
    await makeCatalog(t.db);
    const api = rpc(t, (await signUpAndIn(t)).access);
    expect(names((await api.query<Array<{ name: string }>>('catalog.programs')).data)).toEqual([
      'General Nursing',
    ]);
    const added = await insertProgram(t.db, 'Midwifery');
    expect(names((await api.query<Array<{ name: string }>>('catalog.programs')).data)).toEqual([
      'General Nursing',
      'Midwifery',
    ]);
    await t.db.updateTable('programs').set({ is_active: 0 }).where('id', '=', added.id).execute();
    expect(names((await api.query<Array<{ name: string }>>('catalog.programs')).data)).toEqual([
      'General Nursing',
    ]);
  });

  it('shows a program added by another process at once', async () => {
    await makeCatalog(t.db);
    const api = rpc(t, (await signUpAndIn(t)).access);
    await api.query('catalog.programs');
    await insertProgram(other, 'Public Health Nursing');
    expect(names((await api.query<Array<{ name: string }>>('catalog.programs')).data)).toEqual([
      'General Nursing',
      'Public Health Nursing',
    ]);
  });

  it('refuses an access token as soon as its sign-in is revoked, here or by another process', async () => {
    const a = await signUpAndIn(t);
    expect((await t.api('GET', '/api/profile/', { token: a.access })).status).toBe(200);
    await t.api('POST', '/api/auth/logout/', { token: a.access, body: { refresh: a.refresh } });
    expect((await t.api('GET', '/api/profile/', { token: a.access })).status).toBe(401);

    const login = await t.api<{ access: string }>('POST', '/api/auth/login/', {
      body: { email: a.email, password: a.password },
    });
    const token = login.body.access;
    expect((await t.api('GET', '/api/profile/', { token })).status).toBe(200);
    await other.updateTable('refresh_tokens').set({ revoked_at: new Date().toISOString() }).execute();
    expect((await t.api('GET', '/api/profile/', { token })).status).toBe(401);
  });

  it('serves a changed profile, not the cached one', async () => {
    const a = await signUpAndIn(t);
    await t.api('GET', '/api/profile/', { token: a.access });
    await t.api('PATCH', '/api/profile/', { token: a.access, body: { bio: 'Night shifts at Korle Bu' } });
    const after = await t.api<{ bio: string }>('GET', '/api/profile/', { token: a.access });
    expect(after.body.bio).toBe('Night shifts at Korle Bu');
  });

  it("reads the other processes' version once per turn of the event loop", async () => {
    let version = 1;
    let reads = 0;
    const cache = new ReadCache(() => (reads++, version));
    let loads = 0;
    const get = () => cache.get('k', ['programs'], async () => ++loads);
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    expect(reads).toBe(1);
    // Another process commits: the next turn sees it and loads again.
    version = 2;
    await new Promise((next) => setImmediate(next));
    expect(await get()).toBe(2);
    expect(reads).toBe(2);
    await new Promise((next) => setImmediate(next));
    expect(await get()).toBe(2);
    expect(reads).toBe(3);
  });

  it('keeps an entry on rows through inserts and through writes of other rows, and never keeps a miss', async () => {
    const cache = new ReadCache(null);
    const loads = { rows: 0, row: 0, table: 0, miss: 0 };
    const get = () =>
      Promise.all([
        cache.get('rows', [rowsOf('users')], async () => ++loads.rows),
        cache.get('row', [rowOf('users', 1)], async () => ++loads.row),
        cache.get('table', ['users'], async () => ++loads.table),
        cache.get('miss', [rowOf('users', 3)], async () => (loads.miss++, null)),
      ]);
    await get();
    cache.changedElsewhere(['users']); // an insert
    await get();
    expect(loads).toEqual({ rows: 1, row: 1, table: 2, miss: 2 });
    cache.changedElsewhere(['users', rowsOf('users'), rowOf('users', 2)]); // an update of another row
    await get();
    expect(loads).toEqual({ rows: 2, row: 1, table: 3, miss: 3 });
    cache.changedElsewhere(['users', rowsOf('users'), rowOf('users', 1)]);
    await get();
    expect(loads).toEqual({ rows: 3, row: 2, table: 4, miss: 4 });
    cache.changedElsewhere(['users', rowsOf('users'), unknownRowsOf('users')]);
    await get();
    expect(loads).toEqual({ rows: 4, row: 3, table: 5, miss: 5 });
  });

  it('forgets which rows were written past its size, dropping the entries on rows once', async () => {
    const cache = new ReadCache(null, { maxEntries: 10 });
    let loads = 0;
    const get = () => cache.get('row', [rowOf('quiz_sessions', 1)], async () => ++loads);
    await get();
    for (let id = 2; id <= 11; id++) cache.changedElsewhere([rowOf('quiz_sessions', id)]);
    await get();
    expect(loads).toBe(1);
    cache.changedElsewhere([rowOf('quiz_sessions', 12)]);
    await get();
    await get();
    expect(loads).toBe(2);
  });

  it("keeps a student's session and sign-in cached while classmates sign in, start and submit, not past their own submit", async () => {
    const cat = await makeCatalog(t.db);
    const student = await signUpAndIn(t);
    const classmate = await signUpAndIn(t, { email: 'classmate@example.com', full_name: 'Akosua Mensah' });
    const api = rpc(t, student.access);
    const start = await api.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: cat.mockSet.id });
    const save = (q: number, letter: string) =>
      api.mutate('quiz.saveAnswer', {
        session_id: start.data.session.id,
        question_id: start.data.questions[q].id,
        selected_answer: letter,
      });
    expect((await save(0, 'A')).status).toBe(200);

    // Which cached reads the next saves load again, by the kind of their key.
    const cache = readCacheOf(t.db);
    const loaded: string[] = [];
    const original = cache.get.bind(cache);
    cache.get = (async (key: string, deps: readonly string[], load: () => Promise<unknown>) =>
      original(key, deps, async () => (loaded.push(key.split(':')[0]), load()))) as typeof cache.get;
    try {
      // A classmate signs in again (an insert into refresh_tokens, their own row's last_login) and
      // starts the same mock (an insert into quiz_sessions) ...
      const again = await t.api<{ access: string }>('POST', '/api/auth/login/', {
        body: { email: classmate.email, password: classmate.password },
      });
      const other = rpc(t, again.body.access);
      const theirs = await other.mutate<QuizStart>('quiz.start', {
        quiz_type: 'mock',
        quiz_id: cat.mockSet.id,
      });
      expect(theirs.status).toBe(200);
      loaded.length = 0;
      expect((await save(1, 'B')).status).toBe(200);
      expect(loaded).toEqual([]);
      // ... and submits it: an update of the classmate's own session row (its grading loads the key).
      expect(
        (
          await other.mutate('quiz.submit', {
            session_id: theirs.data.session.id,
            answers: [],
            time_spent_minutes: 1,
          })
        ).status,
      ).toBe(200);
      loaded.length = 0;
      expect((await save(2, 'C')).status).toBe(200);
      expect(loaded).toEqual([]);

      // The student's own submit changes the row: the next save reads it again and is refused.
      expect(
        (
          await api.mutate('quiz.submit', {
            session_id: start.data.session.id,
            answers: [],
            time_spent_minutes: 2,
          })
        ).status,
      ).toBe(200);
      loaded.length = 0;
      const late = await save(3, 'D');
      expect(late.status).toBe(409);
      expect(loaded).toContain('session-for-saves');
    } finally {
      cache.get = original;
    }
  });
});
