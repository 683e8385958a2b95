// Sessions of two new origins: 'exam_day' (a programme's exam-day simulation, drawn over its
// papers) and 'custom' (a test the student builds). Migration 0008 limited quiz_sessions.origin
// with a CHECK; this widens it. It also adds the index a draw reads its pool from.
// - PostgreSQL: the constraint is dropped and added again.
// - SQLite cannot change a constraint in place: the table is rebuilt as SQLite's documentation
//   says (foreign keys off, new table, copy, drop, rename, indexes, foreign_key_check), with the
//   DDL read from the file itself so no column or index is lost. Foreign keys can only be switched
//   off outside a transaction, so the migrations' transaction is committed before and begun again
//   after; a second process then finds the check widened and changes nothing.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

const NARROW = `origin in ('set','topic','mistakes')`;
const WIDE = `origin in ('set','topic','mistakes','exam_day','custom')`;

export async function up(db: AnyDb): Promise<void> {
  await setOriginCheck(db, NARROW, WIDE);
  // A draw reads a programme's tagged questions with their sets: all from this index, none from
  // the table (docs/draws.md).
  await db.schema
    .createIndex('questions_draw')
    .on('questions')
    .columns(['topic_id', 'is_active', 'replaced_by_id', 'practice_set_id', 'mock_exam_set_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('questions_draw').execute();
  await setOriginCheck(db, WIDE, NARROW);
}

async function setOriginCheck(db: AnyDb, from: string, to: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table quiz_sessions drop constraint quiz_sessions_origin_check`.execute(db);
    await sql`alter table quiz_sessions add constraint quiz_sessions_origin_check check (${sql.raw(to)})`.execute(
      db,
    );
    return;
  }
  await rebuildSqliteSessions(db, (ddl) => ddl.replace(from, to));
}

/**
 * Rebuilds quiz_sessions under `rewrite` of its CREATE TABLE text, keeping every row, id, index
 * and the autoincrement counter. Called inside the migrations' `begin immediate` (migrate.ts).
 * Exported for its test.
 */
export async function rebuildSqliteSessions(db: AnyDb, rewrite: (ddl: string) => string): Promise<void> {
  const one = async (query: ReturnType<typeof sql>) =>
    (await query.execute(db)).rows as Record<string, unknown>[];
  const [table] = await one(
    sql`select sql from sqlite_master where type = 'table' and name = 'quiz_sessions'`,
  );
  const ddl = String(table.sql);
  const wanted = rewrite(ddl);
  if (wanted === ddl) return;
  const indexes = (
    await one(
      sql`select sql from sqlite_master where type = 'index' and tbl_name = 'quiz_sessions' and sql is not null`,
    )
  ).map((r) => String(r.sql));
  const [counter] = await one(sql`select seq from sqlite_sequence where name = 'quiz_sessions'`);

  await sql`commit`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql
        .raw(
          wanted.replace(
            /^CREATE TABLE\s+("quiz_sessions"|quiz_sessions)/i,
            'CREATE TABLE quiz_sessions_new',
          ),
        )
        .execute(db);
      await sql`insert into quiz_sessions_new select * from quiz_sessions`.execute(db);
      await sql`drop table quiz_sessions`.execute(db);
      await sql`alter table quiz_sessions_new rename to quiz_sessions`.execute(db);
      for (const index of indexes) await sql.raw(index).execute(db);
      if (counter)
        await sql`update sqlite_sequence set seq = ${counter.seq} where name = 'quiz_sessions'`.execute(db);
      const broken = await one(sql`pragma foreign_key_check`);
      if (broken.length) throw new Error(`quiz_sessions rebuild broke ${broken.length} foreign keys`);
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
    await sql`begin immediate`.execute(db);
  }
}
