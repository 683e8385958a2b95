// Class mocks: a school's staff schedule one mock set for the school (or one programme of it)
// between an opening and a closing time, and release its results at the close or by hand.
// - class_mocks: the schedule; released_at is set when the results were released.
// - quiz_sessions.class_mock_id: the attempt a student took of one (null for every other
//   session); at most one per student and class mock, which the partial unique index holds.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('class_mocks')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('mock_exam_set_id', 'integer', (c) =>
      c.notNull().references('mock_exam_sets.id').onDelete('cascade'),
    )
    .addColumn('program_of_study', 'text')
    .addColumn('opens_at', 'text', (c) => c.notNull())
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addColumn('release', 'text', (c) => c.notNull().check(sql`release in ('at_close','manual')`))
    .addColumn('released_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('class_mocks_school').on('class_mocks').columns(['school_id', 'opens_at']).execute();
  await db.schema.createIndex('class_mocks_closes').on('class_mocks').column('closes_at').execute();

  await db.schema
    .alterTable('quiz_sessions')
    .addColumn('class_mock_id', 'integer', (c) => c.references('class_mocks.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('quiz_sessions_class_mock')
    .on('quiz_sessions')
    .columns(['class_mock_id', 'user_id'])
    .unique()
    .where(sql.ref('class_mock_id'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('quiz_sessions_class_mock').execute();
  await db.schema.alterTable('quiz_sessions').dropColumn('class_mock_id').execute();
  await db.schema.dropTable('class_mocks').execute();
}
