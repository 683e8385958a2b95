// A student's history question by question, from the sessions the server graded: how often each
// question was asked, how often answered right, and how the latest attempt went. A question left
// unanswered in a graded session counts as asked and wrong, as grading counts it.
import { readCacheOf, type DB } from '../../../db/client';
import type { AnswerLetter } from '../../../db/schema';
import { CONTENT_TABLES } from '../../queries/catalog';
import { gradedAnswersOf, gradedSessionsOf, questionPlaces } from '../../queries/mastery';
import { parseQuestionIds } from '../../queries/quiz';

export interface QuestionPlace {
  key: AnswerLetter;
  topicId: number | null;
  paperId: number | null;
  /** Active and in an active practice set: a topic session may serve it. */
  inActiveSet: boolean;
  active: boolean;
}

/**
 * Every question's key and place, shared by all students until the content changes: a student's
 * figures then need only their own sessions and answers (two indexed reads), never a join of
 * their thousands of answers against the bank.
 */
export function questionPlacesCached(db: DB): Promise<ReadonlyMap<number, QuestionPlace>> {
  return readCacheOf(db).get('learning:question-places', CONTENT_TABLES, async () => {
    const rows = await questionPlaces(db);
    return new Map(
      rows.map((r) => [
        r.id,
        {
          key: r.correct_answer,
          topicId: r.topic_id,
          paperId: r.paper_id,
          inActiveSet: r.is_active === 1 && r.set_active === 1,
          active: r.is_active === 1,
        },
      ]),
    );
  });
}

export interface QuestionHistory {
  asked: number;
  correct: number;
  lastCorrect: boolean;
}

/** Per question the student was asked in a graded session (and that still exists). */
export async function historyOf(
  db: DB,
  userId: number,
  places: ReadonlyMap<number, QuestionPlace>,
): Promise<Map<number, QuestionHistory>> {
  const [sessions, answers] = await Promise.all([gradedSessionsOf(db, userId), gradedAnswersOf(db, userId)]);
  const chosen = new Map<number, Map<number, AnswerLetter>>();
  for (const a of answers) {
    let ofSession = chosen.get(a.session_id);
    if (!ofSession) chosen.set(a.session_id, (ofSession = new Map()));
    ofSession.set(a.question_id, a.selected_answer);
  }
  const history = new Map<number, QuestionHistory>();
  // Oldest graded first, so the last write for a question is its latest attempt.
  for (const session of sessions) {
    const ofSession = chosen.get(session.id);
    for (const id of parseQuestionIds(session)) {
      const place = places.get(id);
      if (!place) continue; // deleted since: grading left it out too
      const right = ofSession?.get(id) === place.key;
      const h = history.get(id) ?? { asked: 0, correct: 0, lastCorrect: false };
      h.asked++;
      if (right) h.correct++;
      h.lastCorrect = right;
      history.set(id, h);
    }
  }
  return history;
}
