// npm run migrate-to-postgres -- --from data/app.db: copies a school's SQLite database into the
// empty PostgreSQL database of DATABASE_URL, in one transaction: every table in foreign-key order
// with its ids, the id counters moved past them, then the row counts of both compared. Any
// difference or error rolls it all back. Rate-limit counters are not copied (they expire anyway).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb, type DB } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { loadEnv } from '../server/env';
import { CONTENT_TABLES } from '../server/queries/catalog';

/** Parents before children, so every foreign key finds its row. */
const TABLES: Array<keyof Database> = [
  'users',
  'email_verifications',
  'password_resets',
  'refresh_tokens',
  // programs > papers > topics > practice sets, papers > mock sets, questions last
  ...CONTENT_TABLES,
  'quiz_sessions',
  'session_answers',
  'quiz_results',
  'mail_outbox',
  'notifications',
  'backups',
];
/** Rows per insert: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 500;

type Counts = Map<string, number>;

async function countRows(db: DB): Promise<Counts> {
  const counts: Counts = new Map();
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts.set(table, Number(row.n));
  }
  return counts;
}

/** Moves each identity column's counter past the copied ids, so new rows do not collide. */
async function moveIdCounters(trx: DB): Promise<void> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'id' and is_identity = 'YES'`.execute(trx);
  for (const { table_name } of rows) {
    await sql`select setval(pg_get_serial_sequence(${table_name}, 'id'),
      (select coalesce(max(id), 0) + 1 from ${sql.table(table_name)}), false)`.execute(trx);
  }
}

async function copy(source: DB, target: DB): Promise<{ before: Counts; after: Counts }> {
  const before = await countRows(source);
  const after = await target.transaction().execute(async (trx) => {
    for (const table of TABLES) {
      const rows = await source.selectFrom(table).selectAll().execute();
      for (let i = 0; i < rows.length; i += BATCH) {
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + BATCH) as never)
          .execute();
      }
    }
    await moveIdCounters(trx);
    const copied = await countRows(trx);
    const differ = TABLES.filter((t) => copied.get(t) !== before.get(t));
    if (differ.length)
      throw new Error(`Row counts differ after the copy (${differ.join(', ')}); nothing was written.`);
    return copied;
  });
  return { before, after };
}

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const env = loadEnv();
  if (!env.DATABASE_URL) throw new Error('Set DATABASE_URL to the PostgreSQL database to copy into.');
  if (!values.from || !fs.existsSync(values.from))
    throw new Error(`--from: the SQLite file to copy (${values.from ?? 'none given'} does not exist)`);
  const source = createDb(values.from, { readCache: false });
  const target = createDb(env.DATABASE_URL, { readCache: false });
  try {
    // Both at the same schema version: the school's file may be from an older release.
    await migrateToLatest(source);
    await migrateToLatest(target);
    const holding = [...(await countRows(target))].filter(([, n]) => n > 0);
    if (holding.length)
      throw new Error(
        `The PostgreSQL database is not empty (${holding.map(([t, n]) => `${t}: ${n}`).join(', ')}); nothing was copied.`,
      );
    const { before, after } = await copy(source, target);
    console.log('table                  sqlite  postgres');
    for (const table of TABLES)
      console.log(
        `${table.padEnd(20)} ${String(before.get(table)).padStart(8)} ${String(after.get(table)).padStart(9)}`,
      );
    console.log('Copied: every table holds as many rows as in the SQLite file.');
  } finally {
    await source.destroy();
    await target.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
