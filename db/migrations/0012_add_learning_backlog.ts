// Graded sessions whose learning data (question tallies and review cards) is still to be written
// (docs/learning.md "When grading's learning data is written"). Grading adds one row here instead
// of about 175 tally and card rows, so a class submitting a mock together does not wait for them;
// the student's next read of mastery or the review deck writes them and deletes the row.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('learning_backlog')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('quiz_sessions.id').onDelete('cascade'))
    .addColumn('graded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('learning_backlog_pk', ['user_id', 'session_id'])
    .$call((b) => (isPostgres(db) ? b : b.modifyEnd(sql`without rowid`)))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('learning_backlog').execute();
}
