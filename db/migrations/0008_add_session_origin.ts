// Practice sessions built from a list of questions rather than one set (issue 19, points 1 and
// 2): a weak topic's questions, or the questions missed in one result. Such a session belongs to
// no set, so its quiz_id is 0 (no set has that id: every query that looks a session's set up
// finds none); `origin` says what it was built from and `origin_id` which topic or result.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('quiz_sessions')
    .addColumn('origin', 'text', (c) =>
      c
        .notNull()
        .defaultTo('set')
        .check(sql`origin in ('set','topic','mistakes')`),
    )
    .execute();
  await db.schema.alterTable('quiz_sessions').addColumn('origin_id', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('quiz_sessions').dropColumn('origin_id').execute();
  await db.schema.alterTable('quiz_sessions').dropColumn('origin').execute();
}
