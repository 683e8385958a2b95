// Online backup through SQLite's backup API (safe while the app is serving), recorded in the
// backups table so the admin Settings tab can show the last one.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { restrictToOwner, type DB } from '../../db/client';

export async function backupDatabase(
  db: DB,
  databaseFile: string,
  backupDir: string,
): Promise<{ file: string; size: number }> {
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(backupDir, `app-${stamp}.db`);
  // A copy of every password hash: created readable by the owner only, like the database.
  fs.writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  // A separate connection: the backup API copies pages consistently while writers carry on.
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
  // The copy inherits WAL mode; switch it back so the backup is one self-contained file.
  const copy = new SQLite(file);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  restrictToOwner(file);
  const size = fs.statSync(file).size;
  await db
    .insertInto('backups')
    .values({ file_path: path.resolve(file), size_bytes: size, created_at: new Date().toISOString() })
    .execute();
  return { file, size };
}

/** PRAGMA integrity_check of a database file: 'ok' when sound. */
export function integrityCheck(file: string): string {
  const conn = new SQLite(file, { fileMustExist: true });
  try {
    return String(conn.pragma('integrity_check', { simple: true }));
  } finally {
    conn.close();
  }
}
