// Rate-limit counters shared by every process serving one database: the table
// rate-limiter-flexible's PostgreSQL and SQLite stores read and write (db/rateLimitStore.ts), in
// the layout those stores create for themselves. Created here so the app's database user needs
// no right to create tables at run time.
// Frozen: later changes get a new migration file.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    // Milliseconds since 1970, past the 32 bits of an integer.
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
