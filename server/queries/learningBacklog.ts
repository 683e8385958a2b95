// SQL of the learning backlog: results whose session's tallies and review cards are still to be
// written (quiz_results.learning_pending, migration 0013).
import { sql } from 'kysely';
import type { DB } from '../../db/client';

// Written as a literal, as in the partial index's own condition: a plan made before any value is
// bound (a prepared statement's) can then still use the index.
const PENDING = sql.lit(1);

/** Whether the student has graded sessions waiting: one index probe, outside any transaction. */
export async function hasBacklog(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('quiz_results')
    .select('id')
    .where('user_id', '=', userId)
    .where('learning_pending', '=', PENDING)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface WaitingSession {
  session_id: number;
  graded_at: string;
}

/**
 * Clears and answers the student's waiting sessions, oldest graded first. Clearing first claims
 * them: a concurrent call waits for this transaction and then finds none.
 */
export async function takeBacklog(db: DB, userId: number): Promise<WaitingSession[]> {
  const rows = await db
    .updateTable('quiz_results')
    .set({ learning_pending: 0 })
    .where('user_id', '=', userId)
    .where('learning_pending', '=', PENDING)
    .returning(['session_id', 'created_at as graded_at'])
    .execute();
  return rows.sort((a, b) => a.graded_at.localeCompare(b.graded_at) || a.session_id - b.session_id);
}
