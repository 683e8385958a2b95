// Registrations waiting for the mailbox's reader, and sign-in address changes waiting for the new
// mailbox's link. A registration no longer overwrites another's password: each is kept here until
// someone opens a verification link and types the password of one of them.
// Frozen: later changes get a new migration file.
import type { Kysely } from 'kysely';
import { autoId } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('pending_registrations')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text')
    .addColumn('gender', 'text')
    .addColumn('region_of_institution', 'text')
    .addColumn('program_of_study', 'text')
    .addColumn('school', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_registrations_user')
    .on('pending_registrations')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
  await db.schema.dropTable('pending_registrations').execute();
}
