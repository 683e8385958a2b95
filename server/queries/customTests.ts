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

/** The pool's condition on `questions`, read only from the student's own history. */
function inPool(db: DB, userId: number, pool: CustomPool) {
  return (eb: QuestionsEb) => {
    switch (pool) {
      case 'all':
        return eb.lit(true);
      case 'unused':
        return eb('questions.id', 'not in', seenBy(db, userId));
      case 'incorrect':
        return eb('questions.id', 'in', seenBy(db, userId).where('last_correct', '=', 0));
      case 'flagged':
        return eb('questions.id', 'in', markedBy(db, userId, 'session_flags'));
      case 'not_sure':
        return eb('questions.id', 'in', markedBy(db, userId, 'not_sure_marks'));
    }
  };
}

function poolQuestions(db: DB, p: { userId: number; pool: CustomPool; topicIds: number[] }) {
  return db
    .selectFrom('questions')
    .where('questions.topic_id', 'in', p.topicIds)
    .where(servable)
    .where(inPool(db, p.userId, p.pool));
}

/** Per topic, how many questions of the pool it holds (topics with none are left out). */
export async function poolCountsByTopic(
  db: DB,
  p: { userId: number; pool: CustomPool; topicIds: number[] },
): Promise<Map<number, number>> {
  if (!p.topicIds.length) return new Map();
  const rows = await poolQuestions(db, p)
    .select((eb) => ['questions.topic_id', eb.fn.countAll<number | string>().as('n')])
    .groupBy('questions.topic_id')
    .execute();
  return new Map(rows.map((r) => [r.topic_id!, count(r.n)]));
}

/** The ids of the pool's questions in these topics, in no particular order. */
export async function poolQuestionIds(
  db: DB,
  p: { userId: number; pool: CustomPool; topicIds: number[] },
): Promise<number[]> {
  if (!p.topicIds.length) return [];
  const rows = await poolQuestions(db, p).select('questions.id').execute();
  return rows.map((r) => r.id);
}

/** Per topic, the questions in the bank and how many of them the student has seen. */
export async function bankAndSeenByTopic(
  db: DB,
  userId: number,
  topicIds: number[],
): Promise<Map<number, { bank: number; seen: number }>> {
  if (!topicIds.length) return new Map();
  const rows = await db
    .selectFrom('questions')
    .leftJoin('question_tallies', (j) =>
      j
        .onRef('question_tallies.question_id', '=', 'questions.id')
        .on('question_tallies.user_id', '=', userId),
    )
    .select((eb) => [
      'questions.topic_id',
      eb.fn.countAll<number | string>().as('bank'),
      eb.fn.count<number | string>('question_tallies.question_id').as('seen'),
    ])
    .where('questions.topic_id', 'in', topicIds)
    .where(servable)
    .groupBy('questions.topic_id')
    .execute();
  return new Map(rows.map((r) => [r.topic_id!, { bank: count(r.bank), seen: count(r.seen) }]));
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
