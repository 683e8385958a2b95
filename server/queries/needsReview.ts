// SQL of the "needs review" list: the sets with enough students' graded attempts for item
// analysis to speak, and the live questions several students flagged.
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import type { QuizType } from '../../db/schema';

/** Sets (by the session's own set, not a topic or custom draw) taken by at least `min` students. */
export async function setsWithAttempts(db: DB, min: number, schoolId: number | null) {
  let q = db
    .selectFrom('quiz_sessions')
    .innerJoin('quiz_results', 'quiz_results.session_id', 'quiz_sessions.id')
    .innerJoin('users', 'users.id', 'quiz_sessions.user_id')
    .select(['quiz_sessions.quiz_type', 'quiz_sessions.quiz_id'])
    .where('quiz_sessions.origin', '=', 'set')
    .where('users.is_staff', '=', 0)
    .where('users.is_superuser', '=', 0)
    .groupBy(['quiz_sessions.quiz_type', 'quiz_sessions.quiz_id'])
    .having(sql<number>`count(distinct quiz_sessions.user_id)`, '>=', min);
  // A school's staff review their own school's questions, as its own students answered them.
  if (schoolId !== null) q = q.where('users.school_id', '=', schoolId);
  const rows = await q.execute();
  return rows as Array<{ quiz_type: QuizType; quiz_id: number }>;
}

/** Current questions flagged by at least `min` different students, most flagged first. */
export function flaggedQuestions(db: DB, min: number, schoolId: number | null) {
  let q = db
    .selectFrom('session_flags')
    .innerJoin('quiz_sessions', 'quiz_sessions.id', 'session_flags.session_id')
    .innerJoin('questions', 'questions.id', 'session_flags.question_id')
    .select(['questions.id', sql<number>`count(distinct quiz_sessions.user_id)`.as('students')])
    .where('questions.replaced_by_id', 'is', null)
    .groupBy('questions.id')
    .having(sql<number>`count(distinct quiz_sessions.user_id)`, '>=', min)
    .orderBy('students', 'desc')
    .orderBy('questions.id');
  if (schoolId !== null) q = q.where('questions.school_id', '=', schoolId);
  return q.execute();
}

/** What the list shows of each question: its text and where it sits. */
export function listedQuestions(db: DB, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('questions')
    .leftJoin('practice_sets', 'practice_sets.id', 'questions.practice_set_id')
    .leftJoin('mock_exam_sets', 'mock_exam_sets.id', 'questions.mock_exam_set_id')
    .select((eb) => [
      'questions.id',
      'questions.question_text',
      'questions.school_id',
      'questions.replaced_by_id',
      eb.fn.coalesce('practice_sets.title', 'mock_exam_sets.title').as('set_title'),
    ])
    .where('questions.id', 'in', ids)
    .execute();
}
