// SQL of the learning backlog (db/migrations/0012): graded sessions whose tallies and review cards
// are still to be written.
import type { DB } from '../../db/client';
import type { LearningBacklogTable } from '../../db/schema';

export async function addToBacklog(db: DB, row: LearningBacklogTable): Promise<void> {
  await db.insertInto('learning_backlog').values(row).execute();
}

/** Whether the student has graded sessions waiting: one index probe, outside any transaction. */
export async function hasBacklog(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('learning_backlog')
    .select('session_id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Removes and answers the student's waiting sessions, oldest graded first. Deleting first claims
 * them: a concurrent call waits for this transaction and then finds none.
 */
export async function takeBacklog(db: DB, userId: number): Promise<LearningBacklogTable[]> {
  const rows = await db
    .deleteFrom('learning_backlog')
    .where('user_id', '=', userId)
    .returning(['user_id', 'session_id', 'graded_at'])
    .execute();
  return rows.sort((a, b) => a.graded_at.localeCompare(b.graded_at) || a.session_id - b.session_id);
}
