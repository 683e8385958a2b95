// The question bank's edits (docs/decisions/question-versions.md). A question row that exists is never
// rewritten: an edit or a move inserts a new version and retires the old row (is_active 0,
// replaced_by_id the new row), so a session holding the old id keeps grading and reviewing on
// exactly what it showed. Deactivating only flips is_active. Each change leaves an audit row.
// replaced_by_id has no foreign key: the copy to PostgreSQL inserts rows in id order, and an old
// version points at a newer id (db/copyToPostgres.ts).
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('questions').addColumn('replaced_by_id', 'integer').execute();

  await db.schema
    .createTable('question_edits')
    .addColumn('id', 'integer', autoId(db))
    // The version the change produced (or, for a deactivation, the row it flipped).
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    // The version an edit or a move replaced; null when the row itself changed.
    .addColumn('previous_question_id', 'integer')
    .addColumn('admin_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    // JSON: { field: { old, new } }
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('question_edits_question').on('question_edits').column('question_id').execute();

  // The bank's list order over current versions (server/queries/questionBank.ts): a page reads 25
  // index entries instead of sorting the whole bank, and a text search stops once it has a page.
  await db.schema
    .createIndex('questions_bank_order')
    .on('questions')
    .expression(sql`coalesce(mock_exam_set_id, 0), coalesce(practice_set_id, 0), position, id`)
    .where(sql.ref('replaced_by_id'), 'is', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('questions_bank_order').execute();
  await db.schema.dropTable('question_edits').execute();
  await db.schema.alterTable('questions').dropColumn('replaced_by_id').execute();
  await db.schema.alterTable('questions').dropColumn('is_active').execute();
}
