// SQL of the review of questions: drafts with their place and people, the thread of each, and the
// lists of drafts a staff account works on. Nothing here is read by a student's procedure.
import type { DB } from '../../db/client';
import type { DraftCommentKind, DraftStatus, QuestionDraft, QuestionDraftTable } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';

export function findDraft(db: DB, id: number): Promise<QuestionDraft | undefined> {
  return db.selectFrom('question_drafts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertDraft(db: DB, row: Insertable<QuestionDraftTable>): Promise<number> {
  const { id } = await db.insertInto('question_drafts').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Changes a draft while it is still in one of `from`; false when it moved on meanwhile. */
export async function updateDraft(
  db: DB,
  id: number,
  from: DraftStatus[],
  patch: Updateable<QuestionDraftTable>,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('question_drafts')
    .set(patch)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export async function insertComment(
  db: DB,
  row: { draft_id: number; user_id: number; kind: DraftCommentKind; body: string; created_at: string },
): Promise<void> {
  await db.insertInto('question_draft_comments').values(row).execute();
}

/** A draft's thread, oldest first, with who wrote each entry. */
export function draftComments(db: DB, draftId: number) {
  return db
    .selectFrom('question_draft_comments as c')
    .leftJoin('users', 'users.id', 'c.user_id')
    .select(['c.id', 'c.kind', 'c.body', 'c.created_at', 'c.user_id', 'users.full_name as user_name'])
    .where('c.draft_id', '=', draftId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** Drafts with where they go and who wrote and approved them. */
function placedDrafts(db: DB) {
  return db
    .selectFrom('question_drafts as d')
    .leftJoin('practice_sets', 'practice_sets.id', 'd.practice_set_id')
    .leftJoin('mock_exam_sets', 'mock_exam_sets.id', 'd.mock_exam_set_id')
    .leftJoin('topics', 'topics.id', 'd.topic_id')
    .leftJoin('users as author', 'author.id', 'd.author_id')
    .leftJoin('users as approver', 'approver.id', 'd.approved_by_id')
    .selectAll('d')
    .select((eb) => [
      eb.fn.coalesce('practice_sets.title', 'mock_exam_sets.title').as('set_title'),
      'topics.name as topic_name',
      'author.full_name as author_name',
      'approver.full_name as approved_by_name',
    ]);
}

export function findPlacedDraft(db: DB, id: number) {
  return placedDrafts(db).where('d.id', '=', id).executeTakeFirst();
}

/** The drafts of one school (null: the platform's own), newest change first. */
export function listDrafts(
  db: DB,
  f: { schoolId: number | null | 'any'; authorId?: number; statuses?: DraftStatus[]; notAuthorId?: number },
) {
  let q = placedDrafts(db);
  if (f.schoolId === null) q = q.where('d.school_id', 'is', null);
  else if (f.schoolId !== 'any') q = q.where('d.school_id', '=', f.schoolId);
  if (f.authorId !== undefined) q = q.where('d.author_id', '=', f.authorId);
  if (f.notAuthorId !== undefined)
    q = q.where((eb) => eb.or([eb('d.author_id', 'is', null), eb('d.author_id', '<>', f.notAuthorId!)]));
  if (f.statuses) q = q.where('d.status', 'in', f.statuses);
  return q.orderBy('d.updated_at', 'desc').orderBy('d.id', 'desc').limit(200).execute();
}

/** The reviewed drafts behind audit rows: who wrote each, and who asked for changes to it. */
export async function draftPeople(db: DB, draftIds: number[]) {
  if (!draftIds.length) return new Map<number, { author: string | null; reviewers: string[] }>();
  const [authors, reviews] = await Promise.all([
    db
      .selectFrom('question_drafts as d')
      .leftJoin('users', 'users.id', 'd.author_id')
      .select(['d.id', 'users.full_name'])
      .where('d.id', 'in', draftIds)
      .execute(),
    db
      .selectFrom('question_draft_comments as c')
      .innerJoin('users', 'users.id', 'c.user_id')
      .select(['c.draft_id', 'users.full_name'])
      .distinct()
      .where('c.draft_id', 'in', draftIds)
      .where('c.kind', '=', 'changes_requested')
      .execute(),
  ]);
  return new Map(
    authors.map((a) => [
      a.id,
      {
        author: a.full_name,
        reviewers: reviews.filter((r) => r.draft_id === a.id).map((r) => r.full_name),
      },
    ]),
  );
}
