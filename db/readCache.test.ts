// Shared reads (catalogue, the user behind a token, a set's questions) must never outlive a write:
// one made by this server, or one made by another process on the same SQLite file.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, readCacheOf, type DB } from './client';
import { ReadCache, writtenTables } from './readCache';
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

  it('names the table of every kind of write', () => {
    expect(
      writtenTables(
        t.db
          .insertInto('programs')
          .values({ name: 'x' } as never)
          .toOperationNode(),
      ),
    ).toEqual(['programs']);
    expect(writtenTables(t.db.updateTable('users as u').set({ bio: '' }).toOperationNode())).toEqual([
      'users',
    ]);
    expect(writtenTables(t.db.deleteFrom('refresh_tokens').toOperationNode())).toEqual(['refresh_tokens']);
    expect(writtenTables(t.db.selectFrom('users').selectAll().toOperationNode())).toEqual([]);
  });
});
