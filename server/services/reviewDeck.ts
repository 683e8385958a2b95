// The spaced-review deck (issue 19, point 3; docs/learning.md "Spaced review"). Every question a
// student missed or marked "not sure" in a graded session gets a card, and ts-fsrs alone decides
// when it is due: this file only maps its Card to rows and back. Letters are canonical (the
// question row's own A-D), whatever order a session showed them in.
import { TRPCError } from '@trpc/server';
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import type { DB } from '../../db/client';
import type { QuizSession, ReviewCard, User } from '../../db/schema';
import type { NotSureInput, ReviewAnswerInput, ReviewRating } from '../../shared/schemas/review';
import { fieldError } from '../errors';
import { findOwnSession, parseQuestionIds } from '../queries/quiz';
import {
  cardsOf,
  countDueCards,
  deleteCard,
  firstDueCard,
  insertCards,
  moveCard,
  moveCardsOfQuestion,
  notSureQuestionIds,
  ownCard,
  questionKey,
  questionToReview,
  questionVersions,
  setCardsSuspended,
  setNotSureMark,
  updateCardIfUnchanged,
  type CardState,
} from '../queries/review';

/**
 * ts-fsrs's default FSRS-6 parameters: 90% retention, learning steps of 1 and 10 minutes, no
 * fuzz (so two phones, and the tests, see the very dates ts-fsrs computes).
 */
export const scheduler = fsrs();

const iso = (d: Date) => d.toISOString();

export function cardOf(row: CardState): Card {
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    last_review: row.last_review ? new Date(row.last_review) : undefined,
  };
}

/** A ts-fsrs Card as the row stores it. */
export function stateOf(card: Card): CardState {
  return {
    due: iso(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? iso(card.last_review) : null,
  };
}

/** Edits chain versions through replaced_by_id; more links than this means a loop. */
const MAX_VERSION_LINKS = 50;

/**
 * The current version of each question (the one an edit or a move produced last); a question
 * whose current version is deactivated maps to nothing, unless `deactivated` collects them.
 */
async function currentVersions(
  db: DB,
  ids: number[],
  deactivated?: Map<number, number>,
): Promise<Map<number, number>> {
  const current = new Map(ids.map((id) => [id, id]));
  const result = new Map<number, number>();
  for (let link = 0; link <= MAX_VERSION_LINKS && current.size > 0; link++) {
    const rows = new Map((await questionVersions(db, [...new Set(current.values())])).map((r) => [r.id, r]));
    for (const [from, at] of [...current]) {
      const row = rows.get(at);
      if (row?.replaced_by_id != null) {
        current.set(from, row.replaced_by_id);
        continue;
      }
      if (row?.is_active) result.set(from, at);
      else if (row) deactivated?.set(from, at);
      current.delete(from);
    }
  }
  return result;
}

export interface GradedSheet {
  /** The session's gradable questions (deleted ones left out). */
  questionIds: number[];
  keys: ReadonlyMap<number, string>;
  chosen: ReadonlyMap<number, string>;
}

/**
 * Adds a graded session's missed, unanswered and "not sure" questions to the student's deck, in
 * the grading's transaction. A new card is ts-fsrs's empty card, due at once. A question already
 * in the deck keeps its card: a miss is that card's review rated Again (ts-fsrs counts it as a
 * lapse when the card had graduated to Review), a "not sure" right answer leaves it as it is.
 */
export async function addSessionToDeck(
  trx: DB,
  session: Pick<QuizSession, 'id' | 'user_id'>,
  sheet: GradedSheet,
  now: Date,
): Promise<void> {
  const missed = new Set(sheet.questionIds.filter((id) => sheet.chosen.get(id) !== sheet.keys.get(id)));
  const inSession = new Set(sheet.questionIds);
  const notSure = (await notSureQuestionIds(trx, session.id)).filter((id) => inSession.has(id));
  const wanted = [...new Set([...missed, ...notSure])];
  if (wanted.length === 0) return;

  // A card follows the question to its current version, so an edit does not split the history. A
  // question deactivated since the session gets its card suspended, as a deactivation does.
  const deactivated = new Map<number, number>();
  const versions = await currentVersions(trx, wanted, deactivated);
  // In the session's order, so the queue shows the new cards (all due at once) in that order.
  const inOrder = (from: Iterable<number>, to: Map<number, number>) =>
    new Set([...from].flatMap((id) => (to.has(id) ? [to.get(id)!] : [])));
  const missedNow = inOrder(missed, versions);
  const targets = [...inOrder(wanted, versions)];
  const suspendedTargets = [...inOrder(wanted, deactivated)];
  const existing = new Map((await cardsOf(trx, session.user_id, targets)).map((c) => [c.question_id, c]));

  for (const card of existing.values()) {
    if (!missedNow.has(card.question_id)) continue;
    const { card: next } = scheduler.next(cardOf(card), now, Rating.Again);
    await updateCardIfUnchanged(trx, card, stateOf(next));
  }
  const fresh = stateOf(createEmptyCard(now));
  const newCard = (question_id: number, suspended: number) => ({
    user_id: session.user_id,
    question_id,
    suspended,
    ...fresh,
  });
  await insertCards(trx, [
    ...targets.filter((id) => !existing.has(id)).map((id) => newCard(id, 0)),
    ...suspendedTargets.map((id) => newCard(id, 1)),
  ]);
}

/**
 * The bank's edits reach the deck in their own transaction (questionEdits.ts): an edit or a move
 * takes the cards to the new version, so a student's history is not split; a deactivation
 * suspends them (schedule kept, out of the queue) and a reactivation brings them back.
 */
export const followQuestionEdit = (trx: DB, oldId: number, newId: number) =>
  moveCardsOfQuestion(trx, oldId, newId);
export const suspendQuestionCards = (trx: DB, questionId: number, suspended: boolean) =>
  setCardsSuspended(trx, questionId, suspended);

/**
 * A due card whose question changed between a grading's read and its insert (a race with an edit):
 * it follows to the current version, or leaves the queue when that is deactivated.
 */
async function settleStaleCard(db: DB, card: ReviewCard): Promise<void> {
  const target = (await currentVersions(db, [card.question_id])).get(card.question_id);
  if (target === undefined) {
    await updateCardIfUnchanged(db, card, { suspended: 1 });
  } else if ((await cardsOf(db, card.user_id, [target])).length > 0) {
    await deleteCard(db, card.id);
  } else {
    await moveCard(db, card.id, target);
  }
}

export async function dueCount(db: DB, user: User, now = new Date()): Promise<{ due: number }> {
  return { due: await countDueCards(db, user.id, iso(now)) };
}

/** The card due first, as a question without its key; null when nothing is due. */
export async function nextCard(db: DB, user: User, now = new Date()) {
  for (let tries = 0; tries < MAX_VERSION_LINKS; tries++) {
    const card = await firstDueCard(db, user.id, iso(now));
    if (!card) return null;
    const found = await questionToReview(db, card.question_id);
    if (found?.is_active) {
      const { is_active: _active, replaced_by_id: _replaced, ...question } = found;
      const { due, state, reps, lapses } = card;
      return { question, card: { due, state, reps, lapses } };
    }
    await settleStaleCard(db, card);
  }
  return null;
}

const RATINGS: Record<ReviewRating, Grade> = { hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
const RATING_NAMES = {
  [Rating.Again]: 'again',
  [Rating.Hard]: 'hard',
  [Rating.Good]: 'good',
  [Rating.Easy]: 'easy',
};

const cardNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Review card not found' });

/**
 * Grades a review on the server's key and reschedules the card with ts-fsrs: a wrong answer is
 * Again, a right one Good unless the student said Hard or Easy. A card not due (a second phone
 * answering what the first just did) is refused, so one review never counts twice.
 */
export async function answerCard(db: DB, user: User, input: ReviewAnswerInput, now = new Date()) {
  const row = await ownCard(db, user.id, input.question_id);
  const key = row && (await questionKey(db, row.question_id));
  if (!row || !key) throw cardNotFound();
  const notDue = () =>
    new TRPCError({ code: 'CONFLICT', message: 'This card was already reviewed: it is not due yet.' });
  if (row.due > iso(now)) throw notDue();
  const correct = input.selected_answer === key.correct_answer;
  const grade = correct ? RATINGS[input.rating ?? 'good'] : Rating.Again;
  const { card } = scheduler.next(cardOf(row), now, grade);
  if (!(await updateCardIfUnchanged(db, row, stateOf(card)))) throw notDue();
  return {
    question_id: row.question_id,
    selected_answer: input.selected_answer,
    correct,
    correct_answer: key.correct_answer,
    explanation: key.explanation,
    rating: RATING_NAMES[grade],
    next_due: iso(card.due),
  };
}

async function ownOpenSession(db: DB, user: User, sessionId: number) {
  const session = await findOwnSession(db, sessionId, user.id);
  if (!session) throw new TRPCError({ code: 'NOT_FOUND', message: 'Quiz session not found' });
  return session;
}

/** Sets or clears a "not sure" mark on a question of the student's session not yet submitted. */
export async function markNotSure(db: DB, user: User, input: NotSureInput, now = new Date()) {
  const session = await ownOpenSession(db, user, input.session_id);
  if (session.submitted_at !== null) {
    throw new TRPCError({ code: 'CONFLICT', message: 'This quiz has already been submitted.' });
  }
  if (!parseQuestionIds(session).includes(input.question_id)) {
    throw fieldError('question_id', 'This question is not part of this quiz.');
  }
  await setNotSureMark(
    db,
    { session_id: session.id, question_id: input.question_id, marked_at: iso(now) },
    input.not_sure,
  );
  return { question_id: input.question_id, not_sure: input.not_sure };
}

/** The questions the student marked "not sure" in their own session. */
export async function notSureMarks(db: DB, user: User, sessionId: number) {
  const session = await ownOpenSession(db, user, sessionId);
  return { question_ids: await notSureQuestionIds(db, session.id) };
}
