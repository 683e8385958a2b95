// The spaced-review deck (docs/learning.md "Spaced review"). Every question a
// student missed or marked "not sure" in a graded session gets a card, and ts-fsrs alone decides
// when it is due: this file only maps its Card to rows and back. Letters are canonical (the
// question row's own A-D), whatever order a session showed them in.
import { TRPCError } from '@trpc/server';
import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';
import type { DB } from '../../db/client';
import type { QuizSession, ReviewCard, User } from '../../db/schema';
import {
  REVIEW_RATINGS,
  type NotSureInput,
  type ReviewCheckInput,
  type ReviewLimitInput,
  type ReviewRateInput,
  type ReviewRating,
} from '../../shared/schemas/review';
import { fieldError } from '../errors';
import { findOwnSession, parseQuestionIds } from '../queries/quiz';
import { updateUser } from '../queries/users';
import {
  cardsOf,
  countDueCards,
  countIntroducedSince,
  deleteCard,
  firstDueCard,
  insertCards,
  markIntroduced,
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
    // A card never answered in the deck stays new (and under the daily limit) when missed again.
    if (!missedNow.has(card.question_id) || isFresh(card)) continue;
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

/** A card the student never answered in the deck: the daily limit on new cards counts these. */
const isFresh = (card: Pick<ReviewCard, 'state' | 'introduced_at'>) =>
  card.state === State.New && card.introduced_at === null;

/**
 * The start of the student's day. Ghana keeps GMT all year without summer time, so the day the
 * daily limit counts is the UTC day.
 */
const startOfDay = (now: Date) =>
  iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())));

/** How many more new cards the student takes today. */
async function newCardsLeft(db: DB, user: User, now: Date): Promise<number> {
  const introduced = await countIntroducedSince(db, user.id, startOfDay(now));
  return Math.max(0, user.review_new_per_day - introduced);
}

/**
 * The cards due now, new ones counted up to what is left of today's limit; `new_held` new cards
 * are due but wait for another day.
 */
export async function dueCount(db: DB, user: User, now = new Date()) {
  const due = await countDueCards(db, user.id, iso(now));
  const taken = Math.min(due.fresh, due.fresh > 0 ? await newCardsLeft(db, user, now) : 0);
  return {
    due: due.all - due.fresh + taken,
    new_held: due.fresh - taken,
    new_per_day: user.review_new_per_day,
  };
}

/** The card due first, as a question without its key; null when nothing is due. */
export async function nextCard(db: DB, user: User, now = new Date()) {
  for (let tries = 0; tries < MAX_VERSION_LINKS; tries++) {
    let card = await firstDueCard(db, user.id, iso(now));
    if (card && isFresh(card) && (await newCardsLeft(db, user, now)) === 0) {
      card = await firstDueCard(db, user.id, iso(now), false);
    }
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
} as const;

const cardNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Review card not found' });
const notDue = () =>
  new TRPCError({ code: 'CONFLICT', message: 'This card was already reviewed: it is not due yet.' });

/**
 * The student's due card of this question and its key. A card not due (a second phone answering
 * what the first just did) is refused, so one review never counts twice; so is a new card past
 * today's limit.
 */
async function dueCardOf(db: DB, user: User, questionId: number, now: Date) {
  const row = await ownCard(db, user.id, questionId);
  const key = row && (await questionKey(db, row.question_id));
  if (!row || !key) throw cardNotFound();
  if (row.due > iso(now)) throw notDue();
  if (isFresh(row) && (await newCardsLeft(db, user, now)) === 0) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: "That is today's new cards done: this one comes on another day.",
    });
  }
  return { row, key, correct: (answer: string) => answer === key.correct_answer };
}

/** Reschedules the card with ts-fsrs, unless another review changed it since it was read. */
async function reschedule(db: DB, row: ReviewCard, now: Date, grade: Grade) {
  const { card } = scheduler.next(cardOf(row), now, grade);
  const written = await updateCardIfUnchanged(db, row, {
    ...stateOf(card),
    introduced_at: row.introduced_at ?? iso(now),
  });
  if (!written) throw notDue();
  return { rating: RATING_NAMES[grade], next_due: iso(card.due) };
}

/**
 * Shows the key and the explanation of a due card for the student's answer, as Anki shows the
 * back of a card. A wrong answer is rated Again there and then; a right one waits for the
 * student's Hard, Good or Easy (`choices`: when the card would come back after each).
 */
export async function checkCard(db: DB, user: User, input: ReviewCheckInput, now = new Date()) {
  const { row, key, correct } = await dueCardOf(db, user, input.question_id, now);
  const shown = {
    question_id: row.question_id,
    selected_answer: input.selected_answer,
    correct: correct(input.selected_answer),
    correct_answer: key.correct_answer,
    explanation: key.explanation,
  };
  if (!shown.correct) return { ...shown, rated: await reschedule(db, row, now, Rating.Again), choices: null };
  if (row.introduced_at === null) await markIntroduced(db, row.id, iso(now));
  const preview = scheduler.repeat(cardOf(row), now);
  const choices = Object.fromEntries(
    REVIEW_RATINGS.map((rating) => [rating, iso(preview[RATINGS[rating]].card.due)]),
  ) as Record<ReviewRating, string>;
  return { ...shown, rated: null, choices };
}

/**
 * The student's rating of a right answer they have seen checked: the answer is graded again on
 * the server's key (a wrong one is Again whatever was said) and the card rescheduled.
 */
export async function rateCard(db: DB, user: User, input: ReviewRateInput, now = new Date()) {
  const { row, correct } = await dueCardOf(db, user, input.question_id, now);
  const grade = correct(input.selected_answer) ? RATINGS[input.rating] : Rating.Again;
  return { question_id: row.question_id, ...(await reschedule(db, row, now, grade)) };
}

/** The student's own daily limit on new cards. */
export async function setNewPerDay(db: DB, user: User, input: ReviewLimitInput) {
  const row = await updateUser(db, user.id, { review_new_per_day: input.new_per_day });
  return { new_per_day: row.review_new_per_day };
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
