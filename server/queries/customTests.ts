// SQL of the tests a student builds from the bank ("Create a test") and of what is left to do: the
// bank is every active, current question by its topic (questions.topic_id), and each pool narrows
// it by the caller's own history. Every read of history takes the caller's user id: no input can
// name another student.
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/client';
import type { Database } from '../../db/schema';
import type { CustomPool } from '../../shared/schemas/customTests';

const count = (v: number | string | bigint) => Number(v);

/** The active topics of active papers of active programmes, in catalogue order. */
export function bankTopics(db: DB) {
  return db
    .selectFrom('topics')
    .innerJoin('papers', 'papers.id', 'topics.paper_id')
    .innerJoin('programs', 'programs.id', 'papers.program_id')
    .select([
      'topics.id',
      'topics.name',
      'papers.id as paper_id',
      'papers.name as paper_name',
      'programs.id as program_id',
      'programs.name as program_name',
    ])
    .where('topics.is_active', '=', 1)
    .where('papers.is_active', '=', 1)
    .where('programs.is_active', '=', 1)
    .orderBy('programs.name')
    .orderBy('programs.id')
    .orderBy('papers.name')
    .orderBy('papers.id')
    .orderBy('topics.name')
    .orderBy('topics.id')
    .execute();
}
export type BankTopic = Awaited<ReturnType<typeof bankTopics>>[number];

type QuestionsEb = ExpressionBuilder<Database, 'questions'>;

/** A question a new session may be served: active, and not replaced by a newer version. */
function servable(eb: QuestionsEb) {
  return eb.and([eb('questions.is_active', '=', 1), eb('questions.replaced_by_id', 'is', null)]);
}

/** The questions the student has a tally for: asked in a graded session, right or wrong. */
function seenBy(db: DB, userId: number) {
  return db.selectFrom('question_tallies').select('question_id').where('user_id', '=', userId);
}

/** The questions the student marked (flagged, or not sure) in any session of theirs. */
function markedBy(db: DB, userId: number, marks: 'session_flags' | 'not_sure_marks') {
  return db
    .selectFrom(marks)
    .innerJoin('quiz_sessions', 'quiz_sessions.id', `${marks}.session_id`)
    .select(`${marks}.question_id`)
    .where('quiz_sessions.user_id', '=', userId);
}

/**
 * The student's tallied questions of these topics that a session may serve, read from the
 * student's own rows (a few thousand) rather than the topics' whole bank.
 */
function ownHistory(db: DB, userId: number, topicIds: number[]) {
  return db
    .selectFrom('question_tallies')
    .innerJoin('questions', 'questions.id', 'question_tallies.question_id')
    .where('question_tallies.user_id', '=', userId)
    .where('questions.topic_id', 'in', topicIds)
    .where(servable);
}

/** The pool's questions of these topics: id and topic, each question once. */
function poolRows(db: DB, p: { userId: number; pool: CustomPool; topicIds: number[] }) {
  const columns = ['questions.id', 'questions.topic_id'] as const;
  if (p.pool === 'incorrect') {
    return ownHistory(db, p.userId, p.topicIds)
      .where('question_tallies.last_correct', '=', 0)
      .select(columns);
  }
  const bank = db.selectFrom('questions').where('questions.topic_id', 'in', p.topicIds).where(servable);
  switch (p.pool) {
    case 'all':
      return bank.select(columns);
    case 'unused':
      return bank.where('questions.id', 'not in', seenBy(db, p.userId)).select(columns);
    case 'flagged':
      return bank.where('questions.id', 'in', markedBy(db, p.userId, 'session_flags')).select(columns);
    case 'not_sure':
      return bank.where('questions.id', 'in', markedBy(db, p.userId, 'not_sure_marks')).select(columns);
  }
}

/** Per topic, how many questions of the pool it holds (topics with none are left out). */
export async function poolCountsByTopic(
  db: DB,
  p: { userId: number; pool: CustomPool; topicIds: number[] },
): Promise<Map<number, number>> {
  if (!p.topicIds.length) return new Map();
  const rows = await db
    .selectFrom(poolRows(db, p).as('pool'))
    .select((eb) => ['pool.topic_id', eb.fn.countAll<number | string>().as('n')])
    .groupBy('pool.topic_id')
    .execute();
  return new Map(rows.map((r) => [r.topic_id!, count(r.n)]));
}

/** The ids of the pool's questions in these topics, in no particular order. */
export async function poolQuestionIds(
  db: DB,
  p: { userId: number; pool: CustomPool; topicIds: number[] },
): Promise<number[]> {
  if (!p.topicIds.length) return [];
  const rows = await poolRows(db, p).execute();
  return rows.map((r) => r.id);
}

/** Per topic, the questions in the bank: the same for every student until the content changes. */
export async function bankCountsByTopic(db: DB): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('questions')
    .select((eb) => ['questions.topic_id', eb.fn.countAll<number | string>().as('n')])
    .where('questions.topic_id', 'is not', null)
    .where(servable)
    .groupBy('questions.topic_id')
    .execute();
  return new Map(rows.map((r) => [r.topic_id!, count(r.n)]));
}

/**
 * Per topic, how many of its bank's questions the student has seen: read from the student's own
 * tallies (at most one row a question they were asked), not from the whole bank.
 */
export async function seenCountsByTopic(
  db: DB,
  userId: number,
  topicIds: number[],
): Promise<Map<number, number>> {
  if (!topicIds.length) return new Map();
  const rows = await ownHistory(db, userId, topicIds)
    .select((eb) => ['questions.topic_id', eb.fn.countAll<number | string>().as('n')])
    .groupBy('questions.topic_id')
    .execute();
  return new Map(rows.map((r) => [r.topic_id!, count(r.n)]));
}

/** The student's newest custom test still taking answers (a timed one before its deadline). */
export async function findOpenCustomSession(db: DB, userId: number, now: string) {
  const row = await db
    .selectFrom('quiz_sessions')
    .select(['id', 'quiz_name', 'quiz_type', 'deadline_at'])
    .where('user_id', '=', userId)
    .where('origin', '=', 'custom')
    .where('submitted_at', 'is', null)
    .where((eb) => eb.or([eb('deadline_at', 'is', null), eb('deadline_at', '>', now)]))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
