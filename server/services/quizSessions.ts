// The quiz engine. The server owns the clock:
// it records when a session starts and its deadline, keeps each answer as it is chosen, and
// grades on its own copy of the key. Every function takes `now` so tests and the periodic
// sweeper agree on one instant per call.
import { TRPCError } from '@trpc/server';
import { readCacheOf, type DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import { rowOf } from '../../db/writeMarks';
import type { AnswerLetter, QuizResult, QuizSession, User } from '../../db/schema';
import { gradeFor, percentageOf } from '../../shared/domain/grading';
import {
  orderOf,
  parseOptionOrders,
  showOptions,
  storedOrderOf,
  toCanonical,
  toShown,
  type RandomSource,
} from '../../shared/domain/optionOrder';
import type { AnswerInput, FlagInput, QuizRefInput, SubmitInput } from '../../shared/schemas/quiz';
import { ErrorDetails, fieldError } from '../errors';
import { CONTENT_TABLES, findMockSet, findPracticeSet } from '../queries/catalog';
import { audienceKey, audienceOfUser } from '../queries/contentVisibility';
import { blueprintTopics, isDrawnMock } from '../queries/draws';
import { isWithheldForGrading, setHeldByClassMock, WITHHELD, withheldResultOf } from '../queries/classMocks';
import { findOwnResult, toResult, type Result } from '../queries/results';
import {
  claimForGrading,
  claimOwnSession,
  findOpenSession,
  flaggedQuestionIds,
  findOwnSession,
  insertNotification,
  insertResult,
  insertSession,
  parseQuestionIds,
  questionIdsOfSet,
  questionsWithKey,
  questionsWithoutKey,
  resultIdOfSession,
  saveAnswerUnlessSubmitted,
  savedAnswers,
  sessionsPastDeadline,
  upsertAnswers,
  openMockSessions,
  setFlag,
} from '../queries/quiz';
import { arrangeAttempt, contentKey, secureRandom } from './attemptOrder';
import { drawMock, mockDrawSize, type MockBlueprint } from './draws';

/** A submit or save this long after the deadline still counts: it covers a slow last request. */
export const GRACE_SECONDS = 30;

const iso = (d: Date) => d.toISOString();
const ms = (s: string) => new Date(s).getTime();

function secondsLeft(session: Pick<QuizSession, 'deadline_at'>, now: Date): number | null {
  if (!session.deadline_at) return null;
  return Math.max(0, Math.floor((ms(session.deadline_at) - now.getTime()) / 1000));
}

/** Past the deadline plus the grace: nothing the student sends counts any more. */
function isClosed(session: QuizSession, now: Date): boolean {
  return session.deadline_at !== null && now.getTime() > ms(session.deadline_at) + GRACE_SECONDS * 1000;
}

function isInTime(session: QuizSession, now: Date): boolean {
  return session.deadline_at === null || now.getTime() < ms(session.deadline_at);
}

function alreadySubmitted(resultId: number): TRPCError {
  return new TRPCError({
    code: 'CONFLICT',
    message: 'This quiz has already been submitted.',
    cause: new ErrorDetails('submitted', { result_id: resultId }),
  });
}

const sessionNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Quiz session not found' });

interface QuizSource {
  name: string;
  timeLimitMinutes: number | null;
  questionIds: number[];
  shuffle: boolean;
  /** A drawn mock's rule: each attempt draws its questions (questionIds is then unused). */
  draw: MockBlueprint | null;
}

/**
 * A set this student may take: it and all its ancestors active, national or their school's (another
 * school's reads as not found). Shared by the school's students until the content changes.
 */
export async function loadQuiz(db: DB, user: Pick<User, 'school_id'>, ref: QuizRefInput): Promise<QuizSource> {
  const audience = audienceOfUser(user);
  const scope = { activeOnly: true, audience };
  const key = `quiz:${ref.quiz_type}:${ref.quiz_id}@${audienceKey(audience)}`;
  const quiz = await readCacheOf(db).get(key, CONTENT_TABLES, async () => {
    if (ref.quiz_type === 'mock') {
      const set = await findMockSet(db, ref.quiz_id, scope);
      if (!set) return null;
      const draw =
        set.draw_count === null
          ? null
          : {
              paperId: set.paper,
              count: set.draw_count,
              topics: await blueprintTopics(db, set.id),
              audience,
            };
      return {
        name: set.title,
        timeLimitMinutes: set.time_limit_minutes,
        questionIds: draw ? [] : await questionIdsOfSet(db, 'mock', set.id),
        shuffle: set.shuffle,
        draw,
      };
    }
    const set = await findPracticeSet(db, ref.quiz_id, scope);
    if (!set) return null;
    return {
      name: set.title,
      timeLimitMinutes: null,
      questionIds: await questionIdsOfSet(db, 'practice', set.id),
      shuffle: set.shuffle,
      draw: null,
    };
  });
  if (!quiz) {
    const what = ref.quiz_type === 'mock' ? 'Mock exam' : 'Practice set';
    throw new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
  }
  return quiz;
}

/**
 * Whether the session's questions are those of a set, which a class shares: then one cached copy
 * serves them all. A drawn attempt's list is its own, and a copy kept per student would fill the
 * cache, so it is read each time.
 */
async function sharesQuestionList(db: DB, session: QuizSession): Promise<boolean> {
  if (session.origin === 'topic' || session.origin === 'mistakes') return true;
  if (session.origin !== 'set') return false;
  if (session.quiz_type !== 'mock') return true;
  const drawn = await readCacheOf(db).get(`mock-drawn:${session.quiz_id}`, CONTENT_TABLES, () =>
    isDrawnMock(db, session.quiz_id),
  );
  return !drawn;
}

/** Reads through the read cache when `shared`, else straight from the database. */
function maybeShared<T>(db: DB, shared: boolean, key: string, load: () => Promise<T>): Promise<T> {
  return shared ? readCacheOf(db).get(key, CONTENT_TABLES, load) : load();
}

/**
 * What the quiz screen needs to run (or resume) a session, in the order and with the letters this
 * attempt shows: a practice key is a shown letter. Mock questions carry no key. A class taking
 * one mock shares one copy of its questions (keyed by the ids whatever their order).
 */
async function sessionView(
  db: DB,
  session: QuizSession,
  now: Date,
  resumed: boolean,
  orders = parseOptionOrders(session.option_orders),
) {
  const ids = parseQuestionIds(session);
  const rows = await maybeShared(
    db,
    await sharesQuestionList(db, session),
    `questions:${session.quiz_type}:${contentKey(ids)}`,
    async () => {
      const found =
        session.quiz_type === 'mock' ? await questionsWithoutKey(db, ids) : await questionsWithKey(db, ids);
      return new Map<number, (typeof found)[number]>(found.map((q) => [q.id, q]));
    },
  );
  const questions = ids.flatMap((id) => {
    const q = rows.get(id);
    return q ? [showOptions(q, orderOf(orders, id))] : [];
  });
  const limit = session.deadline_at
    ? Math.round((ms(session.deadline_at) - ms(session.started_at)) / 60_000)
    : null;
  return {
    session: {
      id: session.id,
      quiz_name: session.quiz_name,
      quiz_type: session.quiz_type,
      quiz_id: session.quiz_id,
      started_at: session.started_at,
      deadline_at: session.deadline_at,
    },
    questions,
    time_limit_minutes: limit,
    seconds_left: secondsLeft(session, now),
    // A session started by this call has nothing saved or flagged yet.
    saved_answers: resumed
      ? (await savedAnswers(db, session.id)).map((a) => ({
          question_id: a.question_id,
          selected_answer: toShown(orderOf(orders, a.question_id), a.selected_answer),
        }))
      : [],
    flagged_question_ids: resumed ? await flaggedQuestionIds(db, session.id) : [],
    resumed,
  };
}
export type QuizStart = Awaited<ReturnType<typeof sessionView>>;

/** What the quiz screen needs for a session just written (nothing saved or flagged yet). */
export function viewOfNewSession(
  db: DB,
  session: QuizSession,
  now: Date,
  orders: ReadonlyMap<number, string>,
) {
  return sessionView(db, session, now, false, orders);
}

/**
 * The keys of a session's questions (a deleted question has none), shared by a class's sessions
 * (not a drawn attempt's own list).
 */
export async function answerKeysOf(db: DB, session: QuizSession): Promise<ReadonlyMap<number, AnswerLetter>> {
  const ids = parseQuestionIds(session);
  return maybeShared(
    db,
    await sharesQuestionList(db, session),
    `answer-keys:${contentKey(ids)}`,
    async () => {
      const rows = await questionsWithKey(db, ids);
      return new Map(rows.map((q) => [q.id, q.correct_answer]));
    },
  );
}

/** A graded session's result id, and the row when this call wrote it (null: it had one already). */
export interface Graded {
  id: number;
  written: Omit<QuizResult, 'id'> | null;
}

/**
 * What a submit answers for a class mock whose results are not released yet: that it was
 * submitted, and when the results come out (null: when staff release them), never the score.
 */
export type WithheldResult = { [K in keyof Result]: K extends 'id' | 'created_at' | 'session' ? Result[K] : null } & {
  withheld: true;
  releases_at: string | null;
};

/**
 * Grades a session inside the caller's transaction. `late` answers (those of a submit payload)
 * count only while the session is open; after that only what was saved counts. A session that
 * already has a result keeps it.
 */
export async function gradeSession(
  trx: DB,
  session: QuizSession,
  now: Date,
  submitted: { answers: AnswerInput[]; timeSpentMinutes: number } | null,
): Promise<Graded> {
  if (await claimForGrading(trx, { id: session.id, at: iso(now) })) {
    return gradeClaimed(trx, session, now, submitted);
  }
  return { id: await resultIdOfGraded(trx, session.id), written: null };
}

/** A submitted session's result: written in the transaction that marked it submitted. */
async function resultIdOfGraded(db: DB, sessionId: number): Promise<number> {
  const id = await resultIdOfSession(db, sessionId);
  if (id === null) throw new Error(`Session ${sessionId} is submitted but has no result`);
  return id;
}

/** Grades a session this transaction has marked submitted (claimForGrading, claimOwnSession). */
async function gradeClaimed(
  trx: DB,
  session: QuizSession,
  now: Date,
  submitted: { answers: AnswerInput[]; timeSpentMinutes: number } | null,
): Promise<Graded & { written: Omit<QuizResult, 'id'> }> {
  const ids = parseQuestionIds(session);
  const inSession = new Set(ids);
  const chosen = new Map(
    (await savedAnswers(trx, session.id)).map((a) => [a.question_id, a.selected_answer]),
  );
  if (submitted?.answers.length && !isClosed(session, now)) {
    // The browser sends the answers not yet acknowledged; other clients may send the whole sheet,
    // most of it saved already. Last choice wins. They come in shown letters.
    const orders = parseOptionOrders(session.option_orders);
    const sheet = new Map(
      submitted.answers
        .filter((a) => inSession.has(a.question_id))
        .map((a) => [a.question_id, toCanonical(orderOf(orders, a.question_id), a.selected_answer)]),
    );
    const changed = [...sheet]
      .filter(([id, letter]) => chosen.get(id) !== letter)
      .map(([question_id, selected_answer]) => ({ question_id, selected_answer }));
    await upsertAnswers(trx, session.id, changed, iso(now));
    for (const a of changed) chosen.set(a.question_id, a.selected_answer);
  }
  const keys = await answerKeysOf(trx, session);

  // Questions deleted since the start cannot be graded; every other one counts, unanswered as wrong.
  // The graded answers are the saved ones: from here on the session takes no more (the review
  // reads them back, results.ts).
  const graded = ids.filter((id) => keys.has(id));
  const correct = graded.filter((id) => chosen.get(id) === keys.get(id)).length;
  const percentage = percentageOf(correct, graded.length);

  // The client's figure is trusted only within what the server clock allows.
  let maxMinutes = Math.ceil(Math.max(0, now.getTime() - ms(session.started_at)) / 60_000);
  if (session.deadline_at) {
    maxMinutes = Math.min(
      maxMinutes,
      Math.round((ms(session.deadline_at) - ms(session.started_at)) / 60_000),
    );
  }
  const claimed = submitted ? Math.round(submitted.timeSpentMinutes) : maxMinutes;
  const timeSpent = Math.min(Math.max(claimed, 0), maxMinutes);

  // A class mock's results wait for their release: no notification, no tallies or review cards
  // (they would show the key) until then (services/classMocks.ts).
  const withheld = session.class_mock_id !== null && (await isWithheldForGrading(trx, session.class_mock_id));
  const row = {
    session_id: session.id,
    user_id: session.user_id,
    correct_answers: correct,
    total_questions: graded.length,
    score: correct,
    percentage,
    time_spent_minutes: timeSpent,
    created_at: iso(now),
    // Tallies and review cards are written when the student next reads them (learning/backlog.ts).
    learning_pending: withheld ? WITHHELD : 1,
  };
  const resultId = await insertResult(trx, row);
  if (!withheld) await resultNotification(trx, { ...row, id: resultId, quiz_name: session.quiz_name }, now);
  return { id: resultId, written: row };
}

/** The notification of a graded result (at its grading, or at its class mock's release). */
export async function resultNotification(
  trx: DB,
  result: { id: number; user_id: number; percentage: number; quiz_name: string },
  now: Date,
): Promise<void> {
  const { percentage } = result;
  await insertNotification(trx, {
    user_id: result.user_id,
    title: `Result ready: ${result.quiz_name}`,
    body: `${percentage}% (grade ${gradeFor(percentage)})`,
    link: `/quiz/result/${result.id}`,
    created_at: iso(now),
  });
}

async function gradeInTransaction(db: DB, session: QuizSession, now: Date): Promise<number> {
  return (await db.transaction().execute((trx) => gradeSession(trx, session, now, null))).id;
}

/** Grades a student's sessions whose deadline passed unsubmitted (lazily, before reading). */
export async function gradeExpiredSessionsOf(db: DB, userId: number, now = new Date()): Promise<void> {
  const cutoff = iso(new Date(now.getTime() - GRACE_SECONDS * 1000));
  for (const session of await sessionsPastDeadline(db, cutoff, userId)) {
    await gradeInTransaction(db, session, now);
  }
}

/**
 * Finalises every abandoned mock session on the saved answers; run at start and periodically,
 * so results and notifications appear even if the student never comes back. Returns how many
 * were graded; one failing session is reported and does not block the others.
 */
export async function gradeExpiredSessions(
  db: DB,
  now = new Date(),
  onError: (err: unknown, sessionId: number) => void = () => {},
): Promise<number> {
  const cutoff = iso(new Date(now.getTime() - GRACE_SECONDS * 1000));
  let graded = 0;
  for (const session of await sessionsPastDeadline(db, cutoff)) {
    try {
      await gradeInTransaction(db, session, now);
      graded++;
    } catch (err) {
      onError(err, session.id);
    }
  }
  return graded;
}

/** The student's mocks under way, for the mock list's Resume buttons: set id and seconds left. */
export async function openMocks(db: DB, user: User, now = new Date()) {
  const rows = await openMockSessions(db, user.id, iso(now));
  return rows.map((r) => ({
    quiz_id: r.quiz_id,
    seconds_left: Math.max(0, Math.floor((ms(r.deadline_at!) - now.getTime()) / 1000)),
  }));
}

/** The start modal's facts; starts nothing. */
export async function quizInfo(db: DB, user: User, ref: QuizRefInput, now = new Date()) {
  const quiz = await loadQuiz(db, user, ref);
  await gradeExpiredSessionsOf(db, user.id, now);
  const open = await findOpenSession(db, user.id, ref.quiz_type, ref.quiz_id);
  const held = quiz.draw ? await mockDrawSize(db, quiz.draw) : quiz.questionIds.length;
  return {
    quiz_type: ref.quiz_type,
    quiz_id: ref.quiz_id,
    quiz_name: quiz.name,
    total_questions: held,
    // A drawn mock: each attempt draws its own questions; `asked` more than `held` means the bank
    // holds fewer than the mock asks for, and an attempt gets those.
    drawn: quiz.draw ? { asked: quiz.draw.count, held } : null,
    time_limit_minutes: quiz.timeLimitMinutes,
    // Each attempt in its own order: the start modal says so, so a retake's order is no surprise.
    shuffled: quiz.shuffle,
    in_progress: inProgress(open, now),
  };
}

/** An unfinished session still in time, as start screens show it (Resume, and the time left). */
export function inProgress(open: QuizSession | null, now: Date) {
  return open && isInTime(open, now)
    ? { session_id: open.id, seconds_left: secondsLeft(open, now) ?? 0 }
    : null;
}

/**
 * Before a start: the student's unfinished session of the same thing, resumed while it is in
 * time; one past its time is graded (and null answered, so a new attempt starts).
 */
export async function resumeWhileOpen(
  trx: DB,
  open: QuizSession | null,
  now: Date,
): Promise<QuizStart | null> {
  if (!open) return null;
  if (isInTime(open, now)) return sessionView(trx, open, now, true);
  await gradeSession(trx, open, now, null);
  return null;
}

/**
 * Starts a session, or resumes the student's unfinished session of the same set: an in-time mock,
 * or a practice set (so a reload or Back keeps the progress, and starting a set again and again
 * cannot pile up sessions). A mock already past its deadline is graded first, then a new attempt
 * starts (a retake).
 */
export async function startQuiz(
  db: DB,
  user: User,
  ref: QuizRefInput,
  now = new Date(),
  random: RandomSource = secureRandom,
): Promise<QuizStart> {
  const quiz = await loadQuiz(db, user, ref);
  if (ref.quiz_type === 'mock' && (await setHeldByClassMock(db, user.id, ref.quiz_id, iso(now)))) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'This mock is your class mock now: take it from Class mocks. It opens again once the results are out.',
    });
  }
  // Only this quiz's own unfinished session matters here, and the transaction grades it when its
  // time is up. Other quizzes' expired sessions wait for the sweeper or the results page.
  // One transaction at a time per student and quiz: two tabs starting the same mock at once get
  // the same session.
  return serialized(db, [`quiz-start:${user.id}:${ref.quiz_type}:${ref.quiz_id}`], async (trx) => {
    const running = await resumeWhileOpen(
      trx,
      await findOpenSession(trx, user.id, ref.quiz_type, ref.quiz_id),
      now,
    );
    if (running) return running;
    return newAttempt(trx, user, ref, quiz, now, random);
  });
}

/**
 * Writes a new attempt of a quiz and answers its view. A class mock's attempt belongs to it, and
 * its deadline is the earlier of the time limit and the class mock's close.
 */
export async function newAttempt(
  trx: DB,
  user: User,
  ref: QuizRefInput,
  quiz: QuizSource,
  now: Date,
  random: RandomSource,
  classMock: { id: number; closesAt: string } | null = null,
): Promise<QuizStart> {
  const ids = quiz.draw ? await drawMock(trx, user.id, quiz.draw, random) : quiz.questionIds;
  if (!ids.length) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'This mock exam has no questions to draw yet.' });
  }
  const order = arrangeAttempt(ids, quiz.shuffle, random);
  const limitEnds =
    quiz.timeLimitMinutes === null ? null : now.getTime() + quiz.timeLimitMinutes * 60_000;
  const closes = classMock ? ms(classMock.closesAt) : null;
  const deadline = limitEnds === null ? closes : closes === null ? limitEnds : Math.min(limitEnds, closes);
  const session = await insertSession(trx, {
    user_id: user.id,
    quiz_type: ref.quiz_type,
    quiz_id: ref.quiz_id,
    quiz_name: quiz.name,
    question_ids: order.questionIds,
    option_orders: order.optionOrders,
    started_at: iso(now),
    deadline_at: deadline === null ? null : iso(new Date(deadline)),
    class_mock_id: classMock?.id ?? null,
  });
  return sessionView(trx, session, now, false, order.orders);
}

/** Reopens the student's own unfinished session (after a reload or a crash). */
export async function resumeQuiz(
  db: DB,
  user: User,
  sessionId: number,
  now = new Date(),
): Promise<QuizStart> {
  const session = await findOwnSession(db, sessionId, user.id);
  if (!session) throw sessionNotFound();
  const resultId = await resultIdOfSession(db, session.id);
  if (resultId !== null) throw alreadySubmitted(resultId);
  if (isClosed(session, now)) throw alreadySubmitted(await gradeInTransaction(db, session, now));
  return sessionView(db, session, now, true);
}

interface SessionForSaves {
  session: Readonly<QuizSession>;
  questionIds: ReadonlySet<number>;
}

/**
 * The own session as saves need it, kept in the read cache until its row is changed (its submit,
 * not a classmate's start or submit): a class saves an answer every few seconds per student and
 * submits far less often, so most saves read neither the row nor its question ids again.
 */
function sessionForSaves(db: DB, sessionId: number, userId: number): Promise<SessionForSaves | null> {
  const key = `session-for-saves:${sessionId}:${userId}`;
  return readCacheOf(db).get(key, [rowOf('quiz_sessions', sessionId)], async () => {
    const session = await findOwnSession(db, sessionId, userId);
    return (
      session &&
      Object.freeze({ session: Object.freeze(session), questionIds: await questionIdSet(db, session) })
    );
  });
}

/**
 * The session's question ids as a set, one set shared by every session with the same questions (a
 * class taking one mock): one set per session took a large share of the live heap with a whole
 * school's sessions open (docs/performance.md). A session's ids never change, so the entry
 * depends on no table.
 */
async function questionIdSet(db: DB, session: QuizSession): Promise<ReadonlySet<number>> {
  // A drawn attempt's list is its own: kept with its session's entry, not shared for good.
  if (!(await sharesQuestionList(db, session))) return new Set(parseQuestionIds(session));
  return readCacheOf(db).get(
    `question-id-set:${contentKey(parseQuestionIds(session))}`,
    [],
    async () => new Set(parseQuestionIds(session)),
  );
}

/**
 * The student's own session, still taking changes, that holds the question: what a save and a
 * flag both check first.
 */
async function sessionTakingChanges(
  db: DB,
  user: User,
  ref: { session_id: number; question_id: number },
  now: Date,
): Promise<Readonly<QuizSession>> {
  const found = await sessionForSaves(db, ref.session_id, user.id);
  if (!found) throw sessionNotFound();
  const { session, questionIds } = found;
  // Grading sets submitted_at in the transaction that writes the result: only a submitted
  // session needs its result looked up.
  const resultId = session.submitted_at === null ? null : await resultIdOfSession(db, session.id);
  if (resultId !== null) throw alreadySubmitted(resultId);
  if (isClosed(session, now)) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'Time is up for this exam: answers can no longer be changed.',
    });
  }
  if (!questionIds.has(ref.question_id)) {
    throw fieldError('question_id', 'This question is not part of this quiz.');
  }
  return session;
}

export async function saveAnswer(
  db: DB,
  user: User,
  input: AnswerInput & { session_id: number },
  now = new Date(),
): Promise<{ saved: true; seconds_left: number | null }> {
  const session = await sessionTakingChanges(db, user, input, now);
  // A submit may have graded the session since it was read: the write is conditional on it not
  // being submitted, so a racing save lands before the grading or not at all. (Neither the
  // deadline nor the questions of a session ever change.)
  const row = {
    session_id: session.id,
    question_id: input.question_id,
    // The letter the student saw; stored as the question's own.
    selected_answer: toCanonical(
      storedOrderOf(session.option_orders, input.question_id),
      input.selected_answer,
    ),
    saved_at: iso(now),
  };
  if (!(await saveAnswerUnlessSubmitted(db, row))) {
    const gradedAs = await resultIdOfSession(db, session.id);
    throw gradedAs === null ? sessionNotFound() : alreadySubmitted(gradedAs);
  }
  return { saved: true, seconds_left: secondsLeft(session, now) };
}

/**
 * Flags or unflags a question of the student's own session while it runs;
 * the flags stay with the session for a resume and the review.
 */
export async function flagQuestion(
  db: DB,
  user: User,
  input: FlagInput,
  now = new Date(),
): Promise<{ question_id: number; flagged: boolean }> {
  const session = await sessionTakingChanges(db, user, input, now);
  await setFlag(db, {
    sessionId: session.id,
    questionId: input.question_id,
    flagged: input.flagged,
    now: iso(now),
  });
  return { question_id: input.question_id, flagged: input.flagged };
}

/**
 * Grades the session and answers its result; a second submit changes nothing and answers the
 * result of the first. A result written by this call is answered from what was written: reading
 * it back would cost a class submitting at once another query each.
 */
export async function submitQuiz(
  db: DB,
  user: User,
  input: SubmitInput,
  now = new Date(),
): Promise<Result | WithheldResult> {
  const claimed = await db.transaction().execute(async (trx) => {
    const session = await claimOwnSession(trx, { id: input.session_id, userId: user.id, at: iso(now) });
    if (!session) return null;
    const late = { answers: input.answers, timeSpentMinutes: input.time_spent_minutes };
    return { session, graded: await gradeClaimed(trx, session, now, late) };
  });
  if (!claimed) return resultOfEarlierSubmit(db, user, input.session_id);
  const { session, graded } = claimed;
  if (graded.written.learning_pending === WITHHELD) {
    const held = await withheldResultOf(db, user.id, graded.id);
    if (held) return withheldView(held, { ...session, submitted_at: graded.written.created_at }, user);
  }
  return toResult({
    ...graded.written,
    id: graded.id,
    quiz_type: session.quiz_type,
    quiz_id: session.quiz_id,
    quiz_name: session.quiz_name,
    origin: session.origin,
    started_at: session.started_at,
    deadline_at: session.deadline_at,
    submitted_at: graded.written.created_at,
    user_name: user.full_name,
  });
}

/** What a second submit answers: the result of the first (or of the sweeper's grading). */
async function resultOfEarlierSubmit(
  db: DB,
  user: User,
  sessionId: number,
): Promise<Result | WithheldResult> {
  const session = await findOwnSession(db, sessionId, user.id);
  if (!session) throw sessionNotFound();
  const resultId = await resultIdOfGraded(db, session.id);
  const result = await findOwnResult(db, user.id, resultId);
  if (result) return result;
  const held = await withheldResultOf(db, user.id, resultId);
  if (held) return withheldView(held, session, user);
  throw new TRPCError({ code: 'NOT_FOUND', message: 'Result not found' });
}

type Held = NonNullable<Awaited<ReturnType<typeof withheldResultOf>>>;

/** When a held-back result comes out: at the close, or (null) when staff release it. */
export function releasesAt(held: Pick<Held, 'release' | 'closes_at'>): string | null {
  return held.release === 'at_close' ? held.closes_at : null;
}

/** A held-back result as a submit answers it: the Result's shape with every figure null. */
function withheldView(held: Held, session: QuizSession, user: User): WithheldResult {
  const { session: about } = toResult({
    ...session,
    id: held.id,
    session_id: session.id,
    percentage: 0,
    correct_answers: 0,
    total_questions: 0,
    score: 0,
    time_spent_minutes: 0,
    created_at: session.submitted_at ?? '',
    user_name: user.full_name,
  });
  return {
    id: held.id,
    created_at: session.submitted_at ?? '',
    percentage: null,
    correct_answers: null,
    total_questions: null,
    score: null,
    time_spent_minutes: null,
    time_spent_seconds: null,
    session: about,
    withheld: true,
    releases_at: releasesAt(held),
  };
}
