// Account mail is capped per recipient per hour, counted from the outbox: an index on
// (recipient, time) keeps that count cheap. The outbox stops storing secret links, and rows
// written before this held live verification and reset links, so their bodies are removed.
// Frozen: later changes get a new migration file.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('mail_outbox_recipient_time')
    .on('mail_outbox')
    .columns(['to_address', 'created_at'])
    .execute();
  await db.updateTable('mail_outbox').set({ text_body: '[not stored]' }).execute();
}

/** The removed bodies cannot come back; only the index goes. */
export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('mail_outbox_recipient_time').execute();
}
