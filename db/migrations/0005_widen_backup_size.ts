// A backup's size in bytes outgrows PostgreSQL's integer (2 GiB) once a database of many schools
// is dumped: recording such a pg_dump archive failed. SQLite's integer is 64-bit already.
// Frozen: later changes get a new migration file.
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('backups')
    .alterColumn('size_bytes', (c) => c.setDataType('bigint'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('backups')
    .alterColumn('size_bytes', (c) => c.setDataType('integer'))
    .execute();
}
