// SQL of the sample-bank seed, besides the inserts it shares with the admins' (adminContent.ts).
import type { DB } from '../../db/client';

export async function hasPrograms(db: DB): Promise<boolean> {
  return (await db.selectFrom('programs').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function setMockDescription(db: DB, id: number, description: string): Promise<void> {
  await db.updateTable('mock_exam_sets').set({ description }).where('id', '=', id).execute();
}

/** Removes programs (and, by cascade, everything under them): undoes a seed that failed halfway. */
export async function deletePrograms(db: DB, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('programs').where('id', 'in', ids).execute();
}
