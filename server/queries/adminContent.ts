// SQL of content management: name checks within a parent, inserts and updates. Names compare
// case-insensitively, so "Midwifery" and "midwifery" cannot sit side by side.
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import { LABEL_COLUMN, PARENT_COLUMN, type CatalogTable } from './catalog';

const now = () => new Date().toISOString();

/**
 * Whether an item of `table` under the same parent (any program, for programs) already has this
 * name or title, other than the item `exceptId`.
 */
async function siblingTaken(
  db: DB,
  table: CatalogTable,
  parentId: number | null,
  label: string,
  exceptId?: number,
): Promise<boolean> {
  const parent = PARENT_COLUMN[table];
  let q = db
    .selectFrom(table)
    .select('id')
    .where((eb) => eb(eb.fn('lower', [sql.ref(LABEL_COLUMN[table])]), '=', label.toLowerCase()));
  if (parent && parentId !== null) q = q.where(sql.ref(parent), '=', parentId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export const programNameTaken = (db: DB, name: string, exceptId?: number) =>
  siblingTaken(db, 'programs', null, name, exceptId);
export const paperNameTaken = (db: DB, programId: number, name: string, exceptId?: number) =>
  siblingTaken(db, 'papers', programId, name, exceptId);
export const topicNameTaken = (db: DB, paperId: number, name: string, exceptId?: number) =>
  siblingTaken(db, 'topics', paperId, name, exceptId);
export const practiceSetTitleTaken = (db: DB, topicId: number, title: string, exceptId?: number) =>
  siblingTaken(db, 'practice_sets', topicId, title, exceptId);
export const mockSetTitleTaken = (db: DB, paperId: number, title: string, exceptId?: number) =>
  siblingTaken(db, 'mock_exam_sets', paperId, title, exceptId);

/** An item with the id of its parent, or undefined when there is none with this id. */
export function parentOf(db: DB, table: Exclude<CatalogTable, 'programs'>, id: number) {
  return db
    .selectFrom(table)
    .select(['id', sql<number>`${sql.ref(PARENT_COLUMN[table])}`.as('parent_id')])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function exists(db: DB, table: 'programs' | 'papers' | 'topics', id: number): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Who new content belongs to: a school's id, or national content (null or left out). */
interface Owned {
  school_id?: number | null;
}

export async function insertProgram(db: DB, v: { name: string; description?: string } & Owned): Promise<number> {
  const row = await db
    .insertInto('programs')
    .values({ name: v.name, description: v.description ?? '', created_at: now(), school_id: v.school_id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPaper(db: DB, v: { program_id: number; name: string; description?: string }) {
  const row = await db
    .insertInto('papers')
    .values({ program_id: v.program_id, name: v.name, description: v.description ?? '', created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTopic(db: DB, v: { paper_id: number; name: string; description?: string }) {
  const row = await db
    .insertInto('topics')
    .values({ paper_id: v.paper_id, name: v.name, description: v.description ?? '', created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPracticeSet(db: DB, v: { topic_id: number; title: string } & Owned) {
  const row = await db
    .insertInto('practice_sets')
    .values({ topic_id: v.topic_id, title: v.title, created_at: now(), school_id: v.school_id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMockSet(
  db: DB,
  v: { paper_id: number; title: string; description?: string; time_limit_minutes: number } & Owned,
) {
  const row = await db
    .insertInto('mock_exam_sets')
    .values({
      paper_id: v.paper_id,
      title: v.title,
      description: v.description ?? '',
      time_limit_minutes: v.time_limit_minutes,
      created_at: now(),
      school_id: v.school_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Booleans of the API become the 0/1 the schema stores; absent fields stay unchanged. */
export function toPatch<T extends { is_active?: boolean; shuffle?: boolean }>(input: T) {
  const { is_active, shuffle, ...rest } = input;
  return { ...rest, ...flag('is_active', is_active), ...flag('shuffle', shuffle) };
}

function flag<K extends string>(key: K, value: boolean | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value ? 1 : 0 } as Record<K, number>);
}

export async function updateRow(
  db: DB,
  table: 'programs' | 'papers' | 'topics',
  id: number,
  patch: { name?: string; description?: string; is_active?: number },
) {
  if (Object.keys(patch).length) await db.updateTable(table).set(patch).where('id', '=', id).execute();
}

export async function updatePracticeSetRow(
  db: DB,
  id: number,
  patch: { title?: string; is_active?: number; shuffle?: number },
) {
  if (Object.keys(patch).length)
    await db.updateTable('practice_sets').set(patch).where('id', '=', id).execute();
}

export async function updateMockSetRow(
  db: DB,
  id: number,
  patch: {
    title?: string;
    description?: string;
    time_limit_minutes?: number;
    is_active?: number;
    shuffle?: number;
  },
) {
  if (Object.keys(patch).length)
    await db.updateTable('mock_exam_sets').set(patch).where('id', '=', id).execute();
}

/** A unique index refused the row (SQLite and PostgreSQL codes): a racing duplicate. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
