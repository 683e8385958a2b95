// The whole database's content, hashed table by table, so a test can show that a refused call
// wrote nothing: any insert, update or delete changes its table's hash.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import { isPostgres } from '../../db/dialect';

/** The app's tables, but for the migrations' own and the rate-limit counters (counting a refused request is what they are for). */
async function tablesToWatch(db: DB): Promise<string[]> {
  const tables = isPostgres(db)
    ? sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`
    : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  return (await tables.execute(db)).rows
    .map((r) => r.name)
    .filter((name) => !name.startsWith('kysely_') && name !== 'rate_limits')
    .sort();
}

/** The tables of a database: its schema does not change while a test watches it. */
const tablesOf = new WeakMap<DB, Promise<string[]>>();

function watchedTables(db: DB): Promise<string[]> {
  let watched = tablesOf.get(db);
  if (!watched) tablesOf.set(db, (watched = tablesToWatch(db)));
  return watched;
}

/** On PostgreSQL one query hashes every table, rather than a round trip per table. */
async function hashTables(db: DB): Promise<Record<string, string>> {
  const names = await watchedTables(db);
  if (isPostgres(db)) {
    const perTable = names.map(
      (name) =>
        sql`select ${name} as name, md5(coalesce(string_agg(r::text, chr(10) order by r::text), '')) as hash
            from ${sql.table(name)} r`,
    );
    const { rows } = await sql<{
      name: string;
      hash: string;
    }>`${sql.join(perTable, sql` union all `)}`.execute(db);
    return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
  }
  const out: Record<string, string> = {};
  for (const name of names) {
    const rows = (await sql`select * from ${sql.table(name)}`.execute(db)).rows;
    out[name] = crypto.createHash('sha1').update(JSON.stringify(rows)).digest('hex');
  }
  return out;
}

/**
 * What moves with any write to the watched tables; while it stands still, no table can have
 * changed. On SQLite: this connection's count of rows inserted, updated or deleted, the count of
 * other connections' commits, and the schema's version. On PostgreSQL: a sequence that a trigger
 * on every watched table advances at each insert, update, delete or truncate, from any connection,
 * even one rolled back (a sequence ignores rollbacks), which can only cost a needless hashing.
 */
async function writeCounters(db: DB): Promise<string> {
  if (isPostgres(db)) {
    let counting = countersOf.get(db);
    if (!counting) countersOf.set(db, (counting = countWrites(db)));
    await counting;
    // Its first value leaves last_value as it was and sets is_called.
    const { rows } = await sql<{ writes: string }>`select last_value || ' ' || is_called as writes
      from ${sql.table(WRITES)}`.execute(db);
    return rows[0].writes;
  }
  const { rows } = await sql<{
    changes: number;
    commits: number;
    schema: number;
  }>`select total_changes() as changes,
      (select data_version from pragma_data_version) as commits,
      (select schema_version from pragma_schema_version) as schema`.execute(db);
  return JSON.stringify(rows[0]);
}

const WRITES = 'test_watch_writes';
const countersOf = new WeakMap<DB, Promise<void>>();

/** Puts the write counter's sequence and a statement trigger on each watched table (PostgreSQL). */
async function countWrites(db: DB): Promise<void> {
  const names = await watchedTables(db);
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const counter = `${rows[0].schema}.${WRITES}`;
  await sql`create sequence ${sql.table(WRITES)}`.execute(db);
  await sql`create function ${sql.raw(`${WRITES}_count`)}() returns trigger language plpgsql as
    ${sql.raw(`$$begin perform nextval('${counter}'); return null; end$$`)}`.execute(db);
  for (const name of names)
    await sql`create trigger ${sql.raw(WRITES)} after insert or update or delete or truncate
      on ${sql.table(name)} for each statement execute function ${sql.raw(`${WRITES}_count`)}()`.execute(db);
}

const lastHashed = new WeakMap<DB, { counters: string; hashes: Record<string, string> }>();

/** The hash of every watched table, hashed again only when a write may have happened. */
export async function fingerprint(db: DB): Promise<Record<string, string>> {
  // Read before hashing: a write in between then makes the next call hash again.
  const counters = await writeCounters(db);
  const last = lastHashed.get(db);
  if (last?.counters === counters) return { ...last.hashes };
  const hashes = await hashTables(db);
  lastHashed.set(db, { counters, hashes });
  return { ...hashes };
}
