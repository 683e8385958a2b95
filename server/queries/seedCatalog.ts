// SQL of the sample-bank seed: the catalogue rows the question files are loaded under.
import type { DB } from '../../db/client';

export async function hasPrograms(db: DB): Promise<boolean> {
  return (await db.selectFrom('programs').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function insertProgram(db: DB, name: string, description: string): Promise<number> {
  const row = await db
    .insertInto('programs')
    .values({ name, description, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPaper(
  db: DB,
  programId: number,
  name: string,
  description: string,
): Promise<number> {
  const row = await db
    .insertInto('papers')
    .values({ program_id: programId, name, description, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTopic(
  db: DB,
  paperId: number,
  name: string,
  description: string,
): Promise<number> {
  const row = await db
    .insertInto('topics')
    .values({ paper_id: paperId, name, description, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setMockDescription(db: DB, id: number, description: string): Promise<void> {
  await db.updateTable('mock_exam_sets').set({ description }).where('id', '=', id).execute();
}

/** Removes programs (and, by cascade, everything under them): undoes a seed that failed halfway. */
export async function deletePrograms(db: DB, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('programs').where('id', 'in', ids).execute();
}
