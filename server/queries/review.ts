// SQL of the spaced-review deck (server/services/reviewDeck.ts): review cards, the versions of
// their questions, and the "not sure" marks of sessions.
import type { DB } from '../../db/client';
import type { ReviewCard, ReviewCardTable } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';

export type CardState = Omit<ReviewCardTable, 'id' | 'user_id' | 'question_id'>;

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

/** The student's due cards whose question an edit or a move replaced since they were added. */
export function dueCardsOfReplacedQuestions(db: DB, userId: number, now: string) {
  return db
    .selectFrom('review_cards')
    .innerJoin('questions', 'questions.id', 'review_cards.question_id')
    .select(['review_cards.id', 'review_cards.question_id'])
    .where('review_cards.user_id', '=', userId)
    .where('review_cards.due', '<=', now)
    .where('questions.replaced_by_id', 'is not', null)
    .execute();
}

export async function moveCard(db: DB, cardId: number, questionId: number): Promise<void> {
  await db.updateTable('review_cards').set({ question_id: questionId }).where('id', '=', cardId).execute();
}

export async function deleteCard(db: DB, cardId: number): Promise<void> {
  await db.deleteFrom('review_cards').where('id', '=', cardId).execute();
}

/** Due cards of active questions; a deactivated question's card waits, unseen, for reactivation. */
function dueCards(db: DB, userId: number, now: string) {
  return db
    .selectFrom('review_cards')
    .innerJoin('questions', 'questions.id', 'review_cards.question_id')
    .where('review_cards.user_id', '=', userId)
    .where('review_cards.due', '<=', now)
    .where('questions.is_active', '=', 1);
}

export async function countDueCards(db: DB, userId: number, now: string): Promise<number> {
  const row = await dueCards(db, userId, now)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The card due first, with its question's content but not its key. */
export function firstDueCard(db: DB, userId: number, now: string) {
  return dueCards(db, userId, now)
    .select([
      'review_cards.due',
      'review_cards.state',
      'review_cards.reps',
      'review_cards.lapses',
      'questions.id as question_id',
      'questions.question_text',
      'questions.option_a',
      'questions.option_b',
      'questions.option_c',
      'questions.option_d',
    ])
    .orderBy('review_cards.due')
    .orderBy('review_cards.id')
    .limit(1)
    .executeTakeFirst();
}

/** The student's card of an active question, with the question's key. */
export function cardWithKey(db: DB, userId: number, questionId: number) {
  return db
    .selectFrom('review_cards')
    .innerJoin('questions', 'questions.id', 'review_cards.question_id')
    .selectAll('review_cards')
    .select(['questions.correct_answer', 'questions.explanation'])
    .where('review_cards.user_id', '=', userId)
    .where('review_cards.question_id', '=', questionId)
    .where('questions.is_active', '=', 1)
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
