// Offline practice (docs/offline.md): an attempt taken with no signal is sent later, maybe more
// than once (a lost answer, a retry after a reload). The phone gives each attempt a UUID; the
// unique index makes a second copy of the same attempt impossible on either database. NULL for
// every session started online (both databases let many rows hold NULL under a unique index).
// Frozen: later changes get a new migration file.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('quiz_sessions').addColumn('client_id', 'text').execute();
  await db.schema
    .createIndex('quiz_sessions_client_id')
    .on('quiz_sessions')
    .column('client_id')
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('quiz_sessions_client_id').execute();
  await db.schema.alterTable('quiz_sessions').dropColumn('client_id').execute();
}
