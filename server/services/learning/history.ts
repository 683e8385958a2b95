// A student's history question by question, kept as sessions are graded (question_tallies): how
// often each question was asked, how often answered right, and how the latest attempt went. A
// question left unanswered in a graded session counts as asked and wrong, as grading counts it.
import type { DB } from '../../../db/client';
import type { AnswerLetter } from '../../../db/schema';
import { addTallies } from '../../queries/mastery';

/**
 * Records one graded session, inside the grading's transaction. `graded`: the questions it was
 * graded on (those deleted since the start left out), `chosen` the answers graded, `keys` the key.
 */
export function recordGradedAttempt(
  trx: DB,
  userId: number,
  graded: readonly number[],
  chosen: ReadonlyMap<number, AnswerLetter>,
  keys: ReadonlyMap<number, AnswerLetter>,
): Promise<void> {
  return addTallies(
    trx,
    [...new Set(graded)].map((question_id) => {
      const right = chosen.get(question_id) === keys.get(question_id) ? 1 : 0;
      return { user_id: userId, question_id, asked: 1, correct: right, last_correct: right };
    }),
  );
}
