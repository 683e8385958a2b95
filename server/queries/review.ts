// SQL of the spaced-review deck (server/services/reviewDeck.ts): review cards, the versions of
// their questions, and the "not sure" marks of sessions.
import type { DB } from '../../db/client';
import type { Database, ReviewCard, ReviewCardTable } from '../../db/schema';
import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import { State } from 'ts-fsrs';

export type CardState = Omit<
  ReviewCardTable,
  'id' | 'user_id' | 'question_id' | 'suspended' | 'introduced_at'
>;

export async function cardsOf(db: DB, userId: number, questionIds: number[]): Promise<ReviewCard[]> {
  if (questionIds.length === 0) return [];
  return db
    .selectFrom('review_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('question_id', 'in', questionIds)
    .execute();
}

/** New cards; one that a concurrent grading added meanwhile is kept as it is. */
export async function insertCards(db: DB, rows: Insertable<ReviewCardTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('review_cards')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
    .execute();
}

/** Writes a card's new state unless another review changed it since it was read (false then). */
export async function updateCardIfUnchanged(
  db: DB,
  card: Pick<ReviewCard, 'id' | 'reps' | 'due'>,
  next: Updateable<ReviewCardTable>,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('review_cards')
    .set(next)
    .where('id', '=', card.id)
    .where('reps', '=', card.reps)
    .where('due', '=', card.due)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export interface QuestionVersion {
  id: number;
  is_active: number;
  replaced_by_id: number | null;
}

export function questionVersions(db: DB, ids: number[]): Promise<QuestionVersion[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('questions')
    .select(['id', 'is_active', 'replaced_by_id'])
    .where('id', 'in', ids)
    .execute();
}

export async function moveCard(db: DB, cardId: number, questionId: number): Promise<void> {
  await db.updateTable('review_cards').set({ question_id: questionId }).where('id', '=', cardId).execute();
}

export async function deleteCard(db: DB, cardId: number): Promise<void> {
  await db.deleteFrom('review_cards').where('id', '=', cardId).execute();
}

/**
 * Moves every card of question `from` to question `to`; a student who already holds a card of
 * `to` keeps that one.
 */
export async function moveCardsOfQuestion(db: DB, from: number, to: number): Promise<void> {
  await db
    .deleteFrom('review_cards')
    .where('question_id', '=', from)
    .where('user_id', 'in', (eb) =>
      eb.selectFrom('review_cards').select('user_id').where('question_id', '=', to),
    )
    .execute();
  await db.updateTable('review_cards').set({ question_id: to }).where('question_id', '=', from).execute();
}

export async function setCardsSuspended(db: DB, questionId: number, suspended: boolean): Promise<void> {
  await db
    .updateTable('review_cards')
    .set({ suspended: suspended ? 1 : 0 })
    .where('question_id', '=', questionId)
    .execute();
}

/**
 * The student's due cards in the queue. Read from review_cards alone (its user and due index):
 * a join with questions let PostgreSQL's planner scan the whole bank before the table had
 * statistics, several times slower (docs/performance.md).
 */
function dueCards(db: DB, userId: number, now: string) {
  return db
    .selectFrom('review_cards')
    .where('user_id', '=', userId)
    .where('due', '<=', now)
    .where('suspended', '=', 0);
}

/** A new card: one the student never answered in the deck (the daily limit counts these). */
const isFresh = (eb: ExpressionBuilder<Database, 'review_cards'>) =>
  eb.and([eb('state', '=', State.New), eb('introduced_at', 'is', null)]);

/** The student's due cards, and how many of them are new. */
export async function countDueCards(
  db: DB,
  userId: number,
  now: string,
): Promise<{ all: number; fresh: number }> {
  const row = await dueCards(db, userId, now)
    .select((eb) => [eb.fn.countAll().as('all'), eb.fn.countAll().filterWhere(isFresh).as('fresh')])
    .executeTakeFirst();
  return { all: Number(row?.all ?? 0), fresh: Number(row?.fresh ?? 0) };
}

/** How many cards the student answered for the first time since `since`. */
export async function countIntroducedSince(db: DB, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('review_cards')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('introduced_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The card due first; with `withNew` false, the first that is not new. */
export function firstDueCard(db: DB, userId: number, now: string, withNew = true) {
  let q = dueCards(db, userId, now);
  if (!withNew) q = q.where((eb) => eb.not(isFresh(eb)));
  return q.selectAll().orderBy('due').orderBy('id').limit(1).executeTakeFirst();
}

/** Records a card's first answer in the deck, once. */
export async function markIntroduced(db: DB, cardId: number, at: string): Promise<void> {
  await db
    .updateTable('review_cards')
    .set({ introduced_at: at })
    .where('id', '=', cardId)
    .where('introduced_at', 'is', null)
    .execute();
}

/** What the review screen shows of a question: no key. */
export function questionToReview(db: DB, id: number) {
  return db
    .selectFrom('questions')
    .select([
      'id as question_id',
      'question_text',
      'option_a',
      'option_b',
      'option_c',
      'option_d',
      'is_active',
      'replaced_by_id',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function ownCard(db: DB, userId: number, questionId: number) {
  return db
    .selectFrom('review_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('question_id', '=', questionId)
    .where('suspended', '=', 0)
    .executeTakeFirst();
}

export function questionKey(db: DB, id: number) {
  return db
    .selectFrom('questions')
    .select(['correct_answer', 'explanation'])
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export async function notSureQuestionIds(db: DB, sessionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('not_sure_marks')
    .select('question_id')
    .where('session_id', '=', sessionId)
    .orderBy('question_id')
    .execute();
  return rows.map((r) => r.question_id);
}

export async function setNotSureMark(
  db: DB,
  mark: { session_id: number; question_id: number; marked_at: string },
  on: boolean,
): Promise<void> {
  if (on) {
    await db
      .insertInto('not_sure_marks')
      .values(mark)
      .onConflict((oc) => oc.columns(['session_id', 'question_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('not_sure_marks')
      .where('session_id', '=', mark.session_id)
      .where('question_id', '=', mark.question_id)
      .execute();
  }
}
