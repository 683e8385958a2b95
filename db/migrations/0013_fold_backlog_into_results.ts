// The learning backlog of migration 0012 becomes a flag on the result: grading writes the result
// row anyway, so marking it pending costs no statement of its own (on PostgreSQL a round trip in
// every submit). The partial index holds only pending results, so the check before each learning
// read stays one probe however many results a student has.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';
import { up as addLearningBacklog } from './0012_add_learning_backlog';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('quiz_results')
    .addColumn('learning_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('quiz_results')
    .set({ learning_pending: 1 })
    .where('session_id', 'in', db.selectFrom('learning_backlog').select('session_id'))
    .execute();
  await db.schema.dropTable('learning_backlog').execute();
  await db.schema
    .createIndex('quiz_results_learning_pending')
    .on('quiz_results')
    .column('user_id')
    .where(sql.ref('learning_pending'), '=', 1)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await addLearningBacklog(db);
  await db
    .insertInto('learning_backlog')
    .columns(['user_id', 'session_id', 'graded_at'])
    .expression(
      db
        .selectFrom('quiz_results')
        .select(['user_id', 'session_id', 'created_at'])
        .where('learning_pending', '=', 1),
    )
    .execute();
  await db.schema.dropIndex('quiz_results_learning_pending').execute();
  await db.schema.alterTable('quiz_results').dropColumn('learning_pending').execute();
}
