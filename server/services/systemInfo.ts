// What the admin Settings tab shows about the installation: version, database, last backup.
import fs from 'node:fs';
import path from 'node:path';
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

export async function systemInfo(db: DB, env: Env) {
  let status: 'Connected' | 'Error' = 'Connected';
  try {
    await db.selectFrom('users').select('id').limit(1).execute();
  } catch {
    status = 'Error';
  }
  return {
    version: readVersion(),
    database: { status, size_bytes: databaseSize(env.DATABASE_FILE), file: env.DATABASE_FILE },
    last_backup: status === 'Connected' ? await lastBackup(db) : null,
  };
}
