// SQL of a mock result's percentile: each student's first attempt at the set (their earliest
// graded session of it) and how many of the others' scored below a given percentage.
import { sql } from 'kysely';
import type { DB } from '../../db/client';

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
    .selectFrom('quiz_sessions as s')
    .innerJoin('quiz_results as r', 'r.session_id', 's.id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      's.user_id',
      'r.percentage',
      sql<number>`row_number() over (partition by ${sql.ref('s.user_id')} order by ${sql.ref('s.started_at')}, ${sql.ref('s.id')})`.as(
        'attempt',
      ),
    ])
    .where('s.quiz_type', '=', 'mock')
    .where('s.quiz_id', '=', mockSetId)
    // A tutor trying the mock out is not a student who took it (as in docs/reports.md).
    .where('u.is_staff', '=', 0);
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
