// The database of a test's server: SQLite (a file in the test's folder, the default), or in the
// `postgres` test project a fresh schema of the cluster that project started, so the same tests
// run on both engines.
import pg from 'pg';
import { inject } from 'vitest';

let made = 0;
/** A server restarted on the same data folder finds the same database. */
const byDataDir = new Map<string, Record<string, string>>();

/** Environment settings that put a test's server (with its data folder) on its own database. */
export async function testDatabaseEnv(dataDir: string): Promise<Record<string, string>> {
  const base = inject('postgresUrl');
  if (!base) return {};
  const known = byDataDir.get(dataDir);
  if (known) return known;
  const schema = `test_${process.pid}_${++made}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const env = { DATABASE_URL: url.toString() };
  byDataDir.set(dataDir, env);
  return env;
}

/** Whether the tests run on PostgreSQL (for the few checks that read the engine's own files). */
export const onPostgres = () => Boolean(inject('postgresUrl'));
