// The database of a test's server: SQLite (a file in the test's folder, the default), or in the
// `postgres` test project a database of its own on the cluster that project started, so the same
// tests run on both engines. Each is a copy of one the project's global setup migrated once
// (server/test/postgresSetup.ts) rather than migrated anew, which cost PostgreSQL twice the CPU.
// The copies are left for the cluster's removal at the end of the run (about 9 MB each): dropping
// each one cost nearly as much as the copy saved. The app's tables sit in a schema the URL names
// rather than in `public`, as they do for a school that shares its database with other programs.
// A test server's new SQLite file is likewise a copy of one migrated once per test process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { onCluster } from '../../scripts/postgres/cluster';
import { createDb } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';

/** The migrated database every test's database is copied from, and the app's schema in it. */
export const TEMPLATE_DATABASE = 'migrated_template';
const SCHEMA = 'app';

/** A database of the cluster, with the app's schema first in its search path. */
export function databaseUrl(clusterUrl: string, database: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${database}`;
  url.searchParams.set('options', `-c search_path=${SCHEMA}`);
  return url.toString();
}

/** Makes the template: an empty database with the app's schema. The global setup migrates it. */
export async function createTemplateDatabase(clusterUrl: string): Promise<string> {
  await onCluster(clusterUrl, `create database ${TEMPLATE_DATABASE}`);
  const url = databaseUrl(clusterUrl, TEMPLATE_DATABASE);
  await onCluster(url, `create schema ${SCHEMA}`);
  return url;
}

let made = 0;
/** A server restarted on the same data folder finds the same database. */
const byDataDir = new Map<string, Record<string, string>>();

/** Environment settings that put a test's server (with its data folder) on its own database. */
export async function testDatabaseEnv(dataDir: string): Promise<Record<string, string>> {
  const base = inject('postgresUrl');
  if (!base) return {};
  const known = byDataDir.get(dataDir);
  if (known) return known;
  const database = `test_${process.pid}_${++made}_${Math.random().toString(36).slice(2, 8)}`;
  await onCluster(base, `create database ${database} template ${TEMPLATE_DATABASE}`);
  const env = { DATABASE_URL: databaseUrl(base, database) };
  byDataDir.set(dataDir, env);
  return env;
}

/** Whether the tests run on PostgreSQL (for the few checks that read the engine's own files). */
export const onPostgres = () => Boolean(inject('postgresUrl'));

let sqliteTemplate: Promise<Buffer> | undefined;

/**
 * A migrated SQLite file's bytes, made once per test process. The file itself goes at once: a
 * folder left for the process's exit stayed behind in /tmp, as Vitest ends its workers by signal.
 */
function migratedSqliteBytes(): Promise<Buffer> {
  sqliteTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-sqlite-template-'));
    try {
      const file = path.join(dir, 'app.db');
      const db = createDb(file, { synchronous: 'NORMAL' });
      try {
        await migrateToLatest(db);
      } finally {
        // Closing the last connection folds the write-ahead log into the file: the file is whole.
        await db.destroy();
      }
      return fs.readFileSync(file);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  })();
  return sqliteTemplate;
}

/**
 * Puts a migrated database at `file`, as a copy rather than by running every migration again
 * (the same reason as the PostgreSQL template). The server still runs its migrations on start,
 * and finds nothing left to do.
 */
export async function copyMigratedSqlite(file: string): Promise<void> {
  // Readable by its owner only, as the server makes it; `wx`: never over an existing database.
  fs.writeFileSync(file, await migratedSqliteBytes(), { flag: 'wx', mode: 0o600 });
}
