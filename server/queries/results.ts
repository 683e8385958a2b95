// SQL of graded results: a student's own list and the detail with each answer reviewed.
import type { DB } from '../../db/client';
import { orderOf, parseOptionOrders, showOptions, toShownOrNull } from '../../shared/domain/optionOrder';
import { scoresByTopic } from '../../shared/domain/topicScores';
import { notWithheld } from './classMocks';
import { flaggedQuestionIds, parseQuestionIds, questionsWithKey, savedAnswers } from './quiz';

/** Results with the session they grade and the student's name; admin queries extend it. */
export function resultsQuery(db: DB) {
  return db
    .selectFrom('quiz_results')
    .innerJoin('quiz_sessions', 'quiz_sessions.id', 'quiz_results.session_id')
    .innerJoin('users', 'users.id', 'quiz_results.user_id')
    .select([
      'quiz_results.id',
      'quiz_results.percentage',
      'quiz_results.correct_answers',
      'quiz_results.total_questions',
      'quiz_results.score',
      'quiz_results.time_spent_minutes',
      'quiz_results.created_at',
      'quiz_sessions.id as session_id',
      'quiz_sessions.quiz_type',
      'quiz_sessions.quiz_id',
      'quiz_sessions.quiz_name',
      'quiz_sessions.origin',
      'quiz_sessions.started_at',
      'quiz_sessions.deadline_at',
      'quiz_sessions.submitted_at',
      'users.full_name as user_name',
    ]);
}

type ResultRow = Awaited<ReturnType<ReturnType<typeof resultsQuery>['executeTakeFirstOrThrow']>>;

/**
 * Graded because the clock ran out rather than submitted by the student: by the server's sweep
 * after the deadline, or by the browser at zero. The browser's clock counts whole seconds from
 * the server's figure, so its zero can come up to a second or two before the deadline itself.
 */
const CLOCK_SLACK_MS = 5000;
function ranOutOfTime(deadline: string | null, submitted: string | null): boolean {
  if (deadline === null || submitted === null) return false;
  return new Date(submitted).getTime() >= new Date(deadline).getTime() - CLOCK_SLACK_MS;
}

/**
 * The time spent in seconds. Results keep whole minutes, so a practice done in under half a
 * minute was stored as 0; its seconds come from the server's own start and submit times, at most
 * the 29 that round to 0, so a quick practice reads "24s" and not "0m".
 */
function secondsSpent(
  r: Pick<ResultRow, 'time_spent_minutes' | 'started_at' | 'submitted_at' | 'created_at'>,
) {
  if (r.time_spent_minutes > 0) return r.time_spent_minutes * 60;
  const elapsed = new Date(r.submitted_at ?? r.created_at).getTime() - new Date(r.started_at).getTime();
  return Math.min(29, Math.max(0, Math.round(elapsed / 1000)));
}

/** The Result shape of the contract (docs/api-contract.md, results). */
export function toResult(r: ResultRow) {
  return {
    id: r.id,
    percentage: r.percentage,
    correct_answers: r.correct_answers,
    total_questions: r.total_questions,
    score: r.score,
    time_spent_minutes: r.time_spent_minutes,
    time_spent_seconds: secondsSpent(r),
    created_at: r.created_at,
    session: {
      id: r.session_id,
      quiz_type: r.quiz_type,
      quiz_id: r.quiz_id,
      quiz_name: r.quiz_name,
      // What the session was built from: 'custom' lists it as a custom test.
      origin: r.origin,
      user_name: r.user_name,
      timed_out: ranOutOfTime(r.deadline_at, r.submitted_at),
    },
  };
}
export type Result = ReturnType<typeof toResult>;

/** A student's own results, those of class mocks not released yet left out. */
function ownResults(db: DB, userId: number) {
  return resultsQuery(db).where('quiz_results.user_id', '=', userId).where(notWithheld);
}

export async function listOwnResults(db: DB, userId: number): Promise<Result[]> {
  const rows = await ownResults(db, userId)
    .orderBy('quiz_results.created_at', 'desc')
    .orderBy('quiz_results.id', 'desc')
    .execute();
  return rows.map(toResult);
}

/** The topic of each of these question versions (null: untagged), with its name. */
function topicsOfQuestions(db: DB, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('questions')
    .leftJoin('topics', 'topics.id', 'questions.topic_id')
    .select(['questions.id', 'questions.topic_id', 'topics.name as topic_name'])
    .where('questions.id', 'in', ids)
    .execute();
}

/**
 * Each question of a graded session in the order the student saw it, with the options, the key
 * and the answer graded in the letters that attempt showed (the answers are stored canonical,
 * and frozen once it was graded), whether the student flagged it, and the topic of the version
 * shown. Questions deleted since then are left out, as grading left out those deleted before.
 */
export async function resultAnswers(db: DB, sessionId: number) {
  const session = await db
    .selectFrom('quiz_sessions')
    .select(['question_ids', 'option_orders'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!session) return [];
  const ids = parseQuestionIds(session);
  const orders = parseOptionOrders(session.option_orders);
  const [questions, saved, flags, topics] = await Promise.all([
    questionsWithKey(db, ids),
    savedAnswers(db, sessionId),
    flaggedQuestionIds(db, sessionId),
    topicsOfQuestions(db, ids),
  ]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const topicOf = new Map(topics.map((t) => [t.id, t]));
  const chosen = new Map(saved.map((a) => [a.question_id, a.selected_answer]));
  const flagged = new Set(flags);
  return ids.flatMap((id) => {
    const question = byId.get(id);
    if (!question) return [];
    const order = orderOf(orders, id);
    const canonical = chosen.get(id) ?? null;
    return [
      {
        question: showOptions(question, order),
        selected_answer: toShownOrNull(order, canonical),
        is_correct: canonical === question.correct_answer,
        flagged: flagged.has(id),
        topic_id: topicOf.get(id)?.topic_id ?? null,
        topic_name: topicOf.get(id)?.topic_name ?? null,
      },
    ];
  });
}

/**
 * A student's own result; another student's id is simply not found, and so is one of a class
 * mock not released yet (classMocks.withheldResultOf tells that one apart).
 */
export async function findOwnResult(db: DB, userId: number, id: number): Promise<Result | null> {
  const row = await ownResults(db, userId).where('quiz_results.id', '=', id).executeTakeFirst();
  return row ? toResult(row) : null;
}

/** A student's own result with its answers reviewed, and its score per topic. */
export async function findOwnResultDetail(db: DB, userId: number, id: number) {
  const result = await findOwnResult(db, userId, id);
  if (!result) return null;
  const user_answers = await resultAnswers(db, result.session.id);
  const by_topic = scoresByTopic(
    user_answers.map((a) => ({
      topic_id: a.topic_id,
      topic_name: a.topic_name,
      correct: a.is_correct ? 1 : 0,
      asked: 1,
    })),
  );
  return { ...result, user_answers, by_topic };
}
export type ResultDetail = NonNullable<Awaited<ReturnType<typeof findOwnResultDetail>>>;
