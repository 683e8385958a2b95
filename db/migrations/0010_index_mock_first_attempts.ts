// The percentile of a mock result reads each student's first graded attempt at one
// mock set. The only index on quiz_sessions leads with user_id, so that read would scan every
// session of every student; this one finds one set's sessions, grouped by student, oldest first.
// Frozen: later changes get a new migration file.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('quiz_sessions_set_takers')
    .on('quiz_sessions')
    .columns(['quiz_type', 'quiz_id', 'user_id', 'started_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('quiz_sessions_set_takers').execute();
}
