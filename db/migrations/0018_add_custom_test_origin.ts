// Sessions a student builds from the bank ("Create a test"): quiz_sessions.origin takes 'custom'
// (no set, no origin_id), and 'exam_day' (the programme's exam-day simulation). The check of
// migration 0008 named only the first three, and neither database changes a column's check in
// place on both, so the column is rebuilt: renamed, added anew with the wider check, copied, and
// the old one dropped.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

async function rebuildOrigin(db: AnyDb, allowed: string[]): Promise<void> {
  await db.schema.alterTable('quiz_sessions').renameColumn('origin', 'origin_before').execute();
  await db.schema
    .alterTable('quiz_sessions')
    .addColumn('origin', 'text', (c) =>
      c
        .notNull()
        .defaultTo('set')
        .check(sql`origin in (${sql.join(allowed.map((o) => sql.lit(o)))})`),
    )
    .execute();
  await sql`update quiz_sessions set origin = origin_before`.execute(db);
  await db.schema.alterTable('quiz_sessions').dropColumn('origin_before').execute();
}

export async function up(db: AnyDb): Promise<void> {
  await rebuildOrigin(db, ['set', 'topic', 'mistakes', 'exam_day', 'custom']);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from quiz_sessions where origin in ('exam_day', 'custom')`.execute(db);
  await rebuildOrigin(db, ['set', 'topic', 'mistakes']);
}
