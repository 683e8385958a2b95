// Opens the SQLite file with the settings the app relies on: WAL for concurrent readers during
// writes, a busy timeout instead of instant SQLITE_BUSY, enforced foreign keys, and commits that
// are on the disk before they are acknowledged.
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import SQLite from './sqliteDriver';
import type pg from 'pg';
import { Kysely, SqliteDialect, type KyselyPlugin, type SqliteDatabase } from 'kysely';
import { createPostgresDb, isPostgresUrl } from './postgres';
import { ReadCache } from './readCache';
import type { UnreadColumns } from './writeMarks';
import type { Database } from './schema';

export type DB = Kysely<Database>;

/** SQLite gives -wal, -shm and journals the mode of the database file they belong to. */
const SIDE_FILES = ['', '-wal', '-shm', '-journal'];

/**
 * The database holds password hashes and personal data: readable by its owner only, whatever the
 * umask, like the JWT secret. A file an older version created 0644 is tightened at start.
 */
export function restrictToOwner(file: string) {
  for (const suffix of SIDE_FILES) {
    try {
      fs.chmodSync(file + suffix, 0o600);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A file owned by another user (EPERM) still opens; say so rather than refuse to start.
      if (code === 'EPERM')
        console.warn(`Could not make ${file + suffix} readable by its owner only (EPERM).`);
      else if (code !== 'ENOENT') throw err;
    }
  }
}

/**
 * FULL syncs the write-ahead log at every commit, so an answer the server has acknowledged is
 * still there after a power cut. NORMAL syncs only at checkpoints: faster, but a power cut can
 * roll back the last commits (the file itself stays consistent either way).
 */
export type SqliteSynchronous = 'FULL' | 'NORMAL';
export const DEFAULT_SYNCHRONOUS: SqliteSynchronous = 'FULL';

export function openSqlite(
  file: string,
  synchronous: SqliteSynchronous = DEFAULT_SYNCHRONOUS,
): BetterSqlite3.Database {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // Created 0600 before SQLite opens it, so there is no moment it is readable by others.
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    restrictToOwner(file);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  return sqlite;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely opens transactions with a plain (deferred) `begin`. In WAL mode a deferred transaction
 * that has read and then wants to write fails at once with SQLITE_BUSY, without waiting, if another
 * connection (an import or create-admin run from the command line, another process) committed in
 * between: a student's save would be lost to a 500. Taking the write lock at `begin` makes such
 * a transaction wait its turn under busy_timeout instead.
 */
const BEGIN_WRITE = 'begin immediate';

/**
 * Kysely prepares every query afresh, and SQLite then compiles it again: a measurable share of
 * each request's CPU (docs/performance.md). The app issues a small, fixed set
 * of query shapes, so compiled statements are kept and reused, least recently used dropped first.
 */
export function withStatementCache(
  sqlite: BetterSqlite3.Database,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(rawSql: string) {
      const sql = rawSql === 'begin' ? BEGIN_WRITE : rawSql;
      const cached = cache.get(sql);
      // A statement still iterating a stream cannot run again: compile a separate one.
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

/**
 * Each database's read cache (see readCache.ts), by its plugin: a transaction carries the same
 * plugin instances as the handle it came from, so it finds the same cache.
 */
const readCaches = new WeakMap<KyselyPlugin, ReadCache>();

/** What a handle from createDb stands on, for the stores that talk to the database themselves. */
export type Storage =
  | { engine: 'postgres'; pool: pg.Pool; caughtUp: () => Promise<void> }
  | { engine: 'sqlite'; file: string; synchronous: SqliteSynchronous };
const storages = new WeakMap<DB, Storage>();

export function storageOf(db: DB): Storage {
  const storage = storages.get(db);
  if (!storage) throw new Error('This database handle was not opened with createDb');
  return storage;
}

/** Mechanisms the bench can switch off to measure what each one keeps (`npm run bench -- --compare`). */
export interface DbOptions {
  readCache?: boolean;
  statementCache?: boolean;
  /** On SQLite: FULL (the default) or NORMAL, which the bench compares. */
  synchronous?: SqliteSynchronous;
  /** On PostgreSQL: the tables read-cache entries depend on (their writes are announced). */
  cachedTables?: readonly string[];
  /** Columns no read-cache entry reads (writeMarks.ts). */
  unreadColumns?: UnreadColumns;
}

/** A handle on the SQLite file at `target`, or on the PostgreSQL database when it is a postgres:// URL. */
export function createDb(target: string, opts: DbOptions = {}): DB {
  if (isPostgresUrl(target)) {
    const { db, cache, pool, caughtUp } = createPostgresDb(target, {
      readCache: opts.readCache,
      cachedTables: opts.cachedTables ?? [],
      unreadColumns: opts.unreadColumns,
    });
    readCaches.set(cache.plugin, cache);
    storages.set(db, { engine: 'postgres', pool, caughtUp });
    return db;
  }
  const file = target;
  const synchronous = opts.synchronous ?? DEFAULT_SYNCHRONOUS;
  const sqlite = openSqlite(file, synchronous);
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const cache = new ReadCache(() => dataVersion.get() as number, {
    enabled: opts.readCache ?? true,
    unreadColumns: opts.unreadColumns,
  });
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: withStatementCache(sqlite, opts.statementCache === false ? 0 : STATEMENT_CACHE_SIZE),
    }),
    plugins: [cache.plugin],
  });
  readCaches.set(cache.plugin, cache);
  storages.set(db, { engine: 'sqlite', file, synchronous });
  return db;
}

/**
 * Resolves once `db`'s read cache has heard of every write other processes committed before the
 * call: on PostgreSQL their news comes by NOTIFY, a moment after the commit; on SQLite the next
 * turn of the event loop reads data_version anew.
 */
export async function othersWritesHeard(db: DB): Promise<void> {
  const storage = storageOf(db);
  if (storage.engine === 'postgres') await storage.caughtUp();
  else await new Promise(setImmediate);
}

/** The read cache of a handle from createDb, or of a transaction on one. */
export function readCacheOf(db: DB): ReadCache {
  for (const plugin of db.getExecutor().plugins) {
    const cache = readCaches.get(plugin);
    if (cache) return cache;
  }
  throw new Error('This database handle was not opened with createDb');
}
