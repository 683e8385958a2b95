// Invitations: a school enrols students from a class list. Each row is one address invited to one
// school, with the name and programme its account will get and the hash of the one-time link that
// was mailed (a resend replaces it). `state` is stored for pending, accepted and withdrawn; an
// invitation still pending past expires_at reads as expired.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('program_of_study', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending','accepted','withdrawn')`),
    )
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'text')
    .addColumn('accepted_at', 'text')
    .addColumn('withdrawn_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invitations_school')
    .on('invitations')
    .columns(['school_id', 'state'])
    .execute();
  await db.schema.createIndex('invitations_email').on('invitations').column('email').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
