// The points of the progress chart: the student's mock results, oldest first. Practice results are
// left out: they are short and chosen by topic, so their scores do not track readiness. So are timed
// custom tests, for the same reason: the student chose their size, topics and pool (often their
// mistakes).
import type { Result } from './types';

export interface ProgressPoint {
  id: number;
  quizName: string;
  percentage: number;
  createdAt: string;
}

/** Below this many mock results there is no trend to draw. */
export const MIN_POINTS = 2;

export function progressSeries(results: readonly Result[]): ProgressPoint[] {
  return results
    .filter((r) => r.session.quiz_type === 'mock' && r.session.origin !== 'custom')
    .map((r) => ({
      id: r.id,
      quizName: r.session.quiz_name,
      percentage: r.percentage,
      createdAt: r.created_at,
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}
