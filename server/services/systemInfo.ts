// What the admin Settings tab shows about the installation: version, database, last backup.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import type { Env } from '../env';
import { lastBackup } from '../queries/admin';
import { PROJECT_ROOT } from '../paths';

const PACKAGE_JSON = path.join(PROJECT_ROOT, 'package.json');

function readVersion(): string {
  try {
    const pkg: unknown = JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8'));
    const version = (pkg as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The database file plus its write-ahead log: together they are what the disk holds. */
function databaseSize(file: string): number {
  let size = 0;
  for (const f of [file, `${file}-wal`]) {
    try {
      size += fs.statSync(f).size;
    } catch {
      // the -wal file exists only while the database is open in WAL mode
    }
  }
  return size;
}

/** Where the data lives, as the Settings tab shows it: the file, or the server and database (no password). */
export function databaseLocation(env: Env): string {
  if (!env.DATABASE_URL) return env.DATABASE_FILE;
  const url = new URL(env.DATABASE_URL);
  return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

async function sizeOf(db: DB, env: Env): Promise<number> {
  if (!env.DATABASE_URL) return databaseSize(env.DATABASE_FILE);
  const { rows } = await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(
    db,
  );
  return Number(rows[0].size);
}

/** Whether the database answers a query: the health check's and the system page's probe. */
export async function databaseAnswers(db: DB): Promise<boolean> {
  try {
    await db.selectFrom('users').select('id').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}

export async function systemInfo(db: DB, env: Env) {
  const status = (await databaseAnswers(db)) ? 'Connected' : 'Error';
  return {
    version: readVersion(),
    database: {
      status,
      size_bytes: status === 'Connected' ? await sizeOf(db, env) : 0,
      file: databaseLocation(env),
    },
    last_backup: status === 'Connected' ? await lastBackup(db) : null,
  };
}
