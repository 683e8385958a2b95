// Practice sessions built from a list of questions rather than one set: "Practise" on a
// weak topic and "Practise my mistakes" on a result. They are ordinary practice
// sessions (resume, save, submit and results as any other) of no set: quiz_id 0, with
// origin and origin_id saying what they were built from (migration 0008).
import { TRPCError } from '@trpc/server';
import type { DB } from '../../../db/client';
import { serialized } from '../../../db/dialect';
import type { SessionOrigin, User } from '../../../db/schema';
import { findTopic } from '../../queries/catalog';
import { audienceOfUser, type Audience } from '../../queries/contentVisibility';
import { lastOutcomes } from '../../queries/mastery';
import { activeQuestionIds, findOpenListSession, questionIdsOfTopic } from '../../queries/listSessions';
import { insertSession } from '../../queries/quiz';
import { findOwnResult, resultAnswers } from '../../queries/results';
import { resumeQuiz, type QuizStart } from '../quizSessions';

/** Questions in a weak topic's session: a sitting's worth, with feedback after each. */
export const TOPIC_SESSION_SIZE = 10;

/** The quiz_id of a session that belongs to no set (no set has id 0). */
export const NO_SET = 0;

interface ListSource {
  origin: Exclude<SessionOrigin, 'set'>;
  originId: number;
  name: string;
  /** Read inside the start's transaction; empty refuses the start with `emptyMessage`. */
  questionIds: (db: DB) => Promise<number[]>;
  emptyMessage: string;
}

/**
 * Resumes the student's unfinished session built from the same topic or result (as a practice
 * set's is resumed), or starts one. One start at a time per student and source.
 */
function startListSession(db: DB, user: User, source: ListSource, now: Date): Promise<QuizStart> {
  const lock = `quiz-start:${user.id}:${source.origin}:${source.originId}`;
  return serialized(db, [lock], async (trx) => {
    const open = await findOpenListSession(trx, user.id, source.origin, source.originId);
    if (open) return resumeQuiz(trx, user, open.id, now);
    const ids = await source.questionIds(trx);
    if (!ids.length) throw new TRPCError({ code: 'BAD_REQUEST', message: source.emptyMessage });
    const session = await insertSession(trx, {
      user_id: user.id,
      quiz_type: 'practice',
      quiz_id: NO_SET,
      quiz_name: source.name,
      question_ids: ids,
      started_at: now.toISOString(),
      deadline_at: null,
      origin: source.origin,
      origin_id: source.originId,
    });
    return resumeQuiz(trx, user, session.id, now);
  });
}

/**
 * The topic's questions the student got wrong last time first, then those never seen, then the
 * rest (each group in set order); TOPIC_SESSION_SIZE of them.
 */
async function topicQuestionOrder(
  db: DB,
  userId: number,
  topicId: number,
  audience: Audience,
): Promise<number[]> {
  const ids = await questionIdsOfTopic(db, topicId, audience);
  const last = await lastOutcomes(db, userId, ids);
  const rank = (id: number) => {
    const right = last.get(id);
    if (right === undefined) return 1; // unseen
    return right ? 2 : 0;
  };
  return ids
    .map((id, i) => ({ id, i, rank: rank(id) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .slice(0, TOPIC_SESSION_SIZE)
    .map((q) => q.id);
}

export async function startTopicPractice(db: DB, user: User, topicId: number, now = new Date()) {
  const audience = audienceOfUser(user);
  const topic = await findTopic(db, topicId, { activeOnly: true, audience });
  if (!topic) throw new TRPCError({ code: 'NOT_FOUND', message: 'Topic not found' });
  return startListSession(
    db,
    user,
    {
      origin: 'topic',
      originId: topic.id,
      name: `Weak topic: ${topic.name}`,
      questionIds: (trx) => topicQuestionOrder(trx, user.id, topic.id, audience),
      emptyMessage: 'This topic has no questions to practise yet.',
    },
    now,
  );
}

/**
 * The questions missed (wrong or unanswered) in one of the student's own results, in the order
 * they were shown; those since retired from the bank are left out. A mock's questions come only
 * from its result, that is once the mock was submitted.
 */
export async function startMistakesPractice(db: DB, user: User, resultId: number, now = new Date()) {
  const result = await findOwnResult(db, user.id, resultId);
  if (!result) throw new TRPCError({ code: 'NOT_FOUND', message: 'Result not found' });
  const missed = (await resultAnswers(db, result.session.id))
    .filter((a) => !a.is_correct)
    .map((a) => a.question.id);
  if (!missed.length) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'You missed no questions in this result.' });
  }
  return startListSession(
    db,
    user,
    {
      origin: 'mistakes',
      originId: result.id,
      name: `Mistakes: ${result.session.quiz_name}`,
      questionIds: async (trx) => {
        const active = await activeQuestionIds(trx, missed);
        return missed.filter((id) => active.has(id));
      },
      emptyMessage: 'The questions you missed are no longer in the question bank.',
    },
    now,
  );
}
