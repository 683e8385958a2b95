// Opens the SQLite file with the settings the app relies on: WAL for concurrent readers during
// writes, a busy timeout instead of instant SQLITE_BUSY, and enforced foreign keys.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  return sqlite;
}

export function createDb(file: string): DB {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(file) }) });
}
