// When grading's learning data is written (docs/learning.md). Grading a session only marks its
// result pending (quiz_results.learning_pending); the tallies (mastery) and review cards are
// written here, in one transaction, before the student's own mastery or review deck is read. A
// class submitting a timed mock at its deadline then waits for its results alone, and each
// student's learning data follows on their next dashboard, with the dates of the grading itself.
import type { DB } from '../../../db/client';
import { hasBacklog, takeBacklog } from '../../queries/learningBacklog';
import { findOwnSession, parseQuestionIds, savedAnswers } from '../../queries/quiz';
import { answerKeysOf } from '../quizSessions';
import { addSessionToDeck } from '../reviewDeck';
import { recordGradedAttempt } from './history';

export async function writeWaitingLearningData(db: DB, userId: number): Promise<void> {
  if (!(await hasBacklog(db, userId))) return;
  await db.transaction().execute(async (trx) => {
    for (const waiting of await takeBacklog(trx, userId)) {
      const session = await findOwnSession(trx, waiting.session_id, userId);
      if (!session) continue;
      const ids = parseQuestionIds(session);
      const keys = await answerKeysOf(trx, session);
      const chosen = new Map(
        (await savedAnswers(trx, session.id)).map((a) => [a.question_id, a.selected_answer]),
      );
      // As grading counted: every question with a key, unanswered as wrong.
      const graded = ids.filter((id) => keys.has(id));
      await addSessionToDeck(
        trx,
        session,
        { questionIds: graded, keys, chosen },
        new Date(waiting.graded_at),
      );
      await recordGradedAttempt(trx, userId, graded, chosen, keys);
    }
  });
}
