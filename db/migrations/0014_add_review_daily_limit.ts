// The review deck's daily limit on new cards, as Anki has it: each student sets how many cards
// they have never reviewed come into their queue a day (20 unless they change it), so one bad mock
// does not put fifty new cards in front of them at once. A card records when the student first
// answered it in the deck, which is what the day's count reads.
// Frozen: later changes get a new migration file.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('review_new_per_day', 'integer', (c) => c.notNull().defaultTo(20))
    .execute();
  // ISO timestamp; null while the card was never answered in the deck.
  await db.schema.alterTable('review_cards').addColumn('introduced_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('review_cards').dropColumn('introduced_at').execute();
  await db.schema.alterTable('users').dropColumn('review_new_per_day').execute();
}
