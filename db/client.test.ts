import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import SQLite from './sqliteDriver';
import { sql } from 'kysely';
import { createDb, openSqlite, withStatementCache } from './client';

describe('statement cache', () => {
  it('reuses the compiled statement for the same SQL and still returns fresh results', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    db.prepare('create table t (n integer)').run([]);
    const select = 'select count(*) as c from t';
    const first = db.prepare(select);
    expect(first.all([])).toEqual([{ c: 0 }]);
    db.prepare('insert into t values (?)').run([1]);
    const second = db.prepare(select);
    expect(second).toBe(first);
    expect(second.all([])).toEqual([{ c: 1 }]);
    db.close();
  });

  it('compiles a separate statement while the cached one is still iterating', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    db.prepare('create table t (n integer)').run([]);
    db.prepare('insert into t values (1), (2)').run([]);
    const sql = 'select n from t order by n';
    const iterating = db.prepare(sql).iterate([]);
    iterating.next();
    const other = db.prepare(sql);
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    iterating.return?.();
    db.close();
  });

  it('keeps at most the configured number of statements, dropping the least recently used', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(a);
    const twoAgain = db.prepare('select 2');
    expect(twoAgain.all([])).toEqual([{ 2: 2 }]);
    db.close();
  });
});

describe('transactions', () => {
  it('take the write lock at begin, so a writer in another process waits instead of failing the transaction', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-db-'));
    const file = path.join(dir, 'app.db');
    const db = createDb(file);
    await sql`create table t (n integer)`.execute(db);
    const other = openSqlite(file);
    other.pragma('busy_timeout = 0');
    let otherError = '';
    await db.transaction().execute(async (trx) => {
      await sql`select count(*) from t`.execute(trx);
      try {
        other.prepare('insert into t values (2)').run();
      } catch (err) {
        otherError = (err as { code?: string }).code ?? String(err);
      }
      await sql`insert into t values (1)`.execute(trx);
    });
    expect(otherError).toBe('SQLITE_BUSY');
    expect(other.prepare('select n from t').all()).toEqual([{ n: 1 }]);
    other.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('durability', () => {
  it('opens the database and the rate-limit connection with synchronous FULL unless told NORMAL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-db-'));
    const file = path.join(dir, 'app.db');
    // PRAGMA synchronous reads back 2 for FULL, 1 for NORMAL.
    const modeOf = async (db: ReturnType<typeof createDb>) =>
      (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0].synchronous;
    const db = createDb(file);
    expect(await modeOf(db)).toBe(2);
    const limits = openSqlite(file);
    expect(limits.pragma('synchronous', { simple: true })).toBe(2);
    expect(limits.pragma('journal_mode', { simple: true })).toBe('wal');
    const normal = createDb(file, { synchronous: 'NORMAL' });
    expect(await modeOf(normal)).toBe(1);
    limits.close();
    await normal.destroy();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
