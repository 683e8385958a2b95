// The few places where SQLite and PostgreSQL need different SQL. Queries elsewhere stay portable.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- used by migrations, which have no app types
type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * An integer primary key the database numbers itself: SQLite's `autoincrement` (ids never
 * reused), PostgreSQL's identity column.
 */
export function autoId(db: AnyDb) {
  return (c: ColumnDefinitionBuilder) =>
    isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

/**
 * The locking clause of a select that decides a write on a row another transaction may be changing:
 * PostgreSQL's `for share` waits for that transaction and then reads the row as it left it. SQLite
 * runs one write at a time, so there it is empty.
 */
export function forShare(db: AnyDb) {
  return isPostgres(db) ? sql`for share` : sql``;
}

/**
 * Runs `work` in a transaction (or the one `db` already is) that holds the named locks until it
 * ends, so transactions naming one key run one after another. On SQLite every write transaction
 * takes the database's one write lock at begin (client.ts), which already orders them; PostgreSQL
 * runs transactions side by side, so there the keys become advisory transaction locks.
 */
export async function serialized<DB, T>(
  db: Kysely<DB>,
  keys: string[],
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) {
    await lockKeys(db, keys);
    return work(db);
  }
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx, keys);
    return work(trx);
  });
}

/** Takes the advisory locks of `keys` (PostgreSQL; in a stable order, so two callers cannot deadlock). */
export async function lockKeys<DB>(trx: Kysely<DB>, keys: string[]): Promise<void> {
  if (!isPostgres(trx as AnyDb)) return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

/**
 * Runs `work` while no other process runs work under `key`: when one does, waits for it with
 * `wait`, else skips `work`; says whether `work` ran. On PostgreSQL (where several machines may
 * serve one database) a session advisory lock on a reserved connection, so it goes with the
 * process if that dies. On SQLite the processes of one machine are node:cluster workers, whose
 * primary alone runs such work.
 */
export async function exclusively<DB>(
  db: Kysely<DB>,
  key: string,
  work: () => Promise<void>,
  { wait = false } = {},
): Promise<boolean> {
  if (!isPostgres(db as AnyDb)) {
    await work();
    return true;
  }
  return db.connection().execute(async (conn) => {
    if (wait) await sql`select pg_advisory_lock(hashtextextended(${key}, 0))`.execute(conn);
    else {
      const lock = sql<{ got: boolean }>`select pg_try_advisory_lock(hashtextextended(${key}, 0)) as got`;
      if (!(await lock.execute(conn)).rows[0].got) return false;
    }
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(conn);
    }
    return true;
  });
}
