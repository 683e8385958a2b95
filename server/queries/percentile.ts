// SQL of a mock result's percentile: each student's first attempt at the set (their earliest
// graded session of it) and how many of the others' scored below a given percentage. Results of
// class mocks not released yet are left out.
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import { notWithheld } from './classMocks';

export interface FirstAttemptCounts {
  takers: number;
  lower: number;
  /** The session of the viewer's own first attempt: any other of theirs is a retake. */
  viewerFirstSessionId: number | null;
}

/**
 * Reads only the set's own sessions, through the index of migration 0010 (a few hundred rows for
 * a set taken by a few hundred students); an open session has no result and does not count.
 */
export async function firstAttemptCounts(
  db: DB,
  mockSetId: number,
  viewerId: number,
  percentage: number,
): Promise<FirstAttemptCounts> {
  const firsts = db
    .selectFrom('quiz_sessions')
    .innerJoin('quiz_results as r', 'r.session_id', 'quiz_sessions.id')
    .innerJoin('users as u', 'u.id', 'quiz_sessions.user_id')
    .select([
      'quiz_sessions.id as session_id',
      'quiz_sessions.user_id',
      'r.percentage',
      sql<number>`row_number() over (partition by ${sql.ref('quiz_sessions.user_id')} order by ${sql.ref('quiz_sessions.started_at')}, ${sql.ref('quiz_sessions.id')})`.as(
        'attempt',
      ),
    ])
    .where('quiz_sessions.quiz_type', '=', 'mock')
    .where('quiz_sessions.quiz_id', '=', mockSetId)
    // A tutor trying the mock out is not a student who took it (as in docs/reports.md).
    .where('u.is_staff', '=', 0)
    // A class mock's results count once they are released, not before: until then nobody may
    // learn from them how the class did, a comparison included.
    .where(notWithheld);
  const row = await db
    .selectFrom(firsts.as('f'))
    .select((eb) => [
      eb.fn.countAll<number | string>().as('takers'),
      eb.fn
        .count<number | string>('f.user_id')
        .filterWhere((w) => w.and([w('f.user_id', '<>', viewerId), w('f.percentage', '<', percentage)]))
        .as('lower'),
      eb.fn.max('f.session_id').filterWhere('f.user_id', '=', viewerId).as('viewer_first'),
    ])
    .where('f.attempt', '=', 1)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers counts as bigint strings.
  return {
    takers: Number(row.takers),
    lower: Number(row.lower),
    viewerFirstSessionId: row.viewer_first === null ? null : Number(row.viewer_first),
  };
}
