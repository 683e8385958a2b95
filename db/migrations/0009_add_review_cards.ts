// The spaced-review deck (docs/learning.md "Spaced review"). One card per
// student and question, holding the FSRS card state ts-fsrs reads and writes (server/services/
// reviewDeck.ts); and the "not sure" marks a student sets on a session's questions, kept on the
// server so a mock's marks become cards only when it is graded.
// Frozen: later changes get a new migration file.
import type { Kysely } from 'kysely';
import { autoId } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('review_cards')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    // ISO timestamps, as everywhere: they sort as text on both databases.
    .addColumn('due', 'text', (c) => c.notNull())
    // Double precision: PostgreSQL's "real" would round ts-fsrs's figures to 6 digits.
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    // ts-fsrs's State: 0 new, 1 learning, 2 review, 3 relearning.
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'text')
    // 1 while the question is deactivated: the card keeps its schedule but leaves the queue.
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('review_cards_user_question', ['user_id', 'question_id'])
    .execute();
  // The due count and the next card read the student's due cards in due order from this alone.
  await db.schema
    .createIndex('review_cards_user_due')
    .on('review_cards')
    .columns(['user_id', 'due'])
    .execute();
  // A question's edit, move or deactivation updates its cards; a deletion cascades here.
  await db.schema.createIndex('review_cards_question').on('review_cards').column('question_id').execute();

  await db.schema
    .createTable('not_sure_marks')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('quiz_sessions.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('not_sure_marks_pk', ['session_id', 'question_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('not_sure_marks').execute();
  await db.schema.dropTable('review_cards').execute();
}
