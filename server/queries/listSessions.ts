// SQL of practice sessions built from a list of questions (a weak topic's, one result's misses)
// rather than from one set; their rows are written by queries/quiz.ts insertSession.
import type { DB } from '../../db/client';
import type { QuizSession, SessionOrigin } from '../../db/schema';
import { visibleTo, type Audience } from './contentVisibility';

/**
 * The questions a session of the topic may serve: active, in its active sets the audience sees,
 * in set order.
 */
export async function questionIdsOfTopic(db: DB, topicId: number, audience: Audience): Promise<number[]> {
  const rows = await db
    .selectFrom('questions')
    .innerJoin('practice_sets', 'practice_sets.id', 'questions.practice_set_id')
    .select('questions.id')
    .where('practice_sets.topic_id', '=', topicId)
    .where('practice_sets.is_active', '=', 1)
    .where(visibleTo(audience, 'practice_sets.school_id'))
    .where('questions.is_active', '=', 1)
    .orderBy('practice_sets.title')
    .orderBy('practice_sets.id')
    .orderBy('questions.position')
    .orderBy('questions.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Which of these questions are active (may be served to a new session). */
export async function activeQuestionIds(db: DB, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('questions')
    .select('id')
    .where('id', 'in', ids)
    .where('is_active', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The student's unfinished session built from this topic or result, newest first. */
export async function findOpenListSession(
  db: DB,
  userId: number,
  origin: Exclude<SessionOrigin, 'set'>,
  originId: number,
): Promise<QuizSession | null> {
  const row = await db
    .selectFrom('quiz_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('origin', '=', origin)
    .where('origin_id', '=', originId)
    .where('submitted_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}
