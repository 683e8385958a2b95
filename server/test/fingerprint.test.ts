// The database watch of the refusal tests (server/badInput.test.ts and others): it hashes again
// only when a write may have happened, so it must see every write, whichever connection makes it,
// and leave out only the rate-limit counters.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import SQLite from '../../db/sqliteDriver';
import { onCluster } from '../../scripts/postgres/cluster';
import { makeCatalog } from './fixtures';
import { fingerprint } from './fingerprint';
import { useTestServer } from './useTestServer';

const t = useTestServer({ smtp: false });

/** Runs a statement on a connection of its own, as another process would. */
async function fromElsewhere(statement: string) {
  const url = t.deps.env.DATABASE_URL;
  if (url) return onCluster(url, statement);
  const conn = new SQLite(t.deps.env.DATABASE_FILE);
  try {
    conn.prepare(statement).run();
  } finally {
    conn.close();
  }
}

it('sees the writes of the server and of another connection, and leaves out the rate-limit counters', async () => {
  const empty = await fingerprint(t.db);
  expect(await fingerprint(t.db)).toEqual(empty);

  const catalog = await makeCatalog(t.db);
  const withCatalog = await fingerprint(t.db);
  expect(Object.keys(empty).filter((k) => empty[k] !== withCatalog[k])).toEqual(
    expect.arrayContaining(['programs', 'papers', 'questions']),
  );

  await fromElsewhere(`update programs set description = 'changed elsewhere' where id = ${catalog.program.id}`);
  const changedElsewhere = await fingerprint(t.db);
  expect(Object.keys(withCatalog).filter((k) => withCatalog[k] !== changedElsewhere[k])).toEqual(['programs']);

  // A write of no rows, and one rolled back, change nothing.
  await sql`update programs set name = 'none' where id = -1`.execute(t.db);
  await expect(
    t.db.transaction().execute(async (trx) => {
      await sql`delete from questions`.execute(trx);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await fingerprint(t.db)).toEqual(changedElsewhere);

  await sql`insert into rate_limits (key, points, expire) values ('login:127.0.0.1', 1, null)`.execute(t.db);
  expect(await fingerprint(t.db)).toEqual(changedElsewhere);

  await sql`delete from questions where id = ${catalog.mockQuestions[0].id}`.execute(t.db);
  const deleted = await fingerprint(t.db);
  expect(Object.keys(changedElsewhere).filter((k) => changedElsewhere[k] !== deleted[k])).toContain(
    'questions',
  );
});
