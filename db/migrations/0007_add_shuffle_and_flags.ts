// Fair mocks (shuffled options) and flagged questions. A set says whether its sessions are shuffled
// (on for mocks, off for practice sets by default); a session stores the option order it showed
// per question (its question order is already the order of question_ids), and the questions the
// student flagged. session_answers keeps canonical letters: shuffling is mapped at the service.
// Frozen: later changes get a new migration file.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('mock_exam_sets')
    .addColumn('shuffle', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('practice_sets')
    .addColumn('shuffle', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // JSON { "<question id>": "CADB" }: shown letter A is canonical C, and so on. Null: canonical.
  await db.schema.alterTable('quiz_sessions').addColumn('option_orders', 'text').execute();

  await db.schema
    .createTable('session_flags')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('quiz_sessions.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('flagged_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_flags_pk', ['session_id', 'question_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('session_flags').execute();
  await db.schema.alterTable('quiz_sessions').dropColumn('option_orders').execute();
  await db.schema.alterTable('practice_sets').dropColumn('shuffle').execute();
  await db.schema.alterTable('mock_exam_sets').dropColumn('shuffle').execute();
}
