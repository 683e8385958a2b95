// SQL of the tests a student builds from the bank ("Create a test") and of what is left to do: the
// bank is every active, current question by its topic (questions.topic_id), and each pool narrows
// it by the caller's own history. Every read of history takes the caller's user id: no input can
// name another student.
import type { NotNull } from 'kysely';
import type { DB } from '../../db/client';
import { notWithheld } from './classMocks';

/** The active topics of active papers of active programmes (any school's), in catalogue order. */
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
      'programs.school_id',
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

/**
 * Every question a new session may be served (active, not replaced by a newer version) that has
 * a topic, with its topic and school: the bank the pools are drawn from.
 */
export function servableQuestionTopics(db: DB) {
  return db
    .selectFrom('questions')
    .select(['id', 'topic_id', 'school_id'])
    .where('topic_id', 'is not', null)
    .where('is_active', '=', 1)
    .where('replaced_by_id', 'is', null)
    .$narrowType<{ topic_id: NotNull }>()
    .execute();
}

/**
 * Questions of the student's own history, each once: seen (a tally), wrong the last time, or
 * marked in any session of theirs (flagged, not sure). Read by the student's id alone, one range
 * of a primary key or of the sessions' user index, never a pass over the bank.
 */
export async function ownQuestionIds(
  db: DB,
  userId: number,
  which: 'seen' | 'incorrect' | 'flagged' | 'not_sure',
): Promise<number[]> {
  if (which === 'seen' || which === 'incorrect') {
    let q = db.selectFrom('question_tallies').select('question_id').where('user_id', '=', userId);
    if (which === 'incorrect') q = q.where('last_correct', '=', 0);
    return (await q.execute()).map((r) => r.question_id);
  }
  const marks = which === 'flagged' ? 'session_flags' : 'not_sure_marks';
  const rows = await db
    .selectFrom(marks)
    .innerJoin('quiz_sessions', 'quiz_sessions.id', `${marks}.session_id`)
    .select(`${marks}.question_id`)
    .distinct()
    .where('quiz_sessions.user_id', '=', userId)
    // A class mock's questions join the pools once its results (and so its key) are out.
    .where(notWithheld)
    .execute();
  return rows.map((r) => r.question_id);
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
