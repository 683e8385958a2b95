// Offline practice (docs/offline.md). A student downloads a practice
// set with its keys and explanations, practises it with no signal, and the phone sends each
// attempt later, perhaps more than once. The server grades the attempt on its own keys through
// the same grading as an online practice, so results, mastery and review cards count it alike.
import { TRPCError } from '@trpc/server';
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { User } from '../../db/schema';
import type { OfflineAttemptInput } from '../../shared/schemas/offline';
import type { QuizRefInput } from '../../shared/schemas/quiz';
import { fieldError } from '../errors';
import { findOwnResult, type Result } from '../queries/results';
import {
  everyQuestionOfPracticeSet,
  findSessionOfClientId,
  insertSession,
  questionsWithKey,
  resultIdOfSession,
  upsertAnswers,
} from '../queries/quiz';
import { gradeSession, loadQuiz } from './quizSessions';

const iso = (d: Date) => d.toISOString();

/** A practice set as the phone stores it: the questions in the set's order, keys included. */
export async function downloadPracticeSet(db: DB, user: User, ref: QuizRefInput, now = new Date()) {
  if (ref.quiz_type === 'mock') {
    // A mock's key never leaves the server before the mock is submitted.
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'Mock exams cannot be downloaded: you need a connection to take a mock.',
    });
  }
  const quiz = await loadQuiz(db, user, ref); // NOT_FOUND for a set this student cannot see
  const rows = new Map((await questionsWithKey(db, quiz.questionIds)).map((q) => [q.id, q]));
  return {
    id: ref.quiz_id,
    title: quiz.name,
    // The phone draws each attempt's order itself, as the server does online.
    shuffle: quiz.shuffle,
    downloaded_at: iso(now),
    questions: quiz.questionIds.flatMap((id) => rows.get(id) ?? []),
  };
}
export type DownloadedSet = Awaited<ReturnType<typeof downloadPracticeSet>>;

/** The result of an attempt already stored; someone else's attempt id is refused, not shown. */
async function storedResult(db: DB, user: User, session: { id: number; user_id: number }): Promise<Result> {
  const resultId = session.user_id === user.id ? await resultIdOfSession(db, session.id) : null;
  const result = resultId === null ? null : await findOwnResult(db, user.id, resultId);
  if (!result) throw new TRPCError({ code: 'CONFLICT', message: 'This attempt id is already in use.' });
  return result;
}

/**
 * The attempt's clock, trusted only within what the server knows: an attempt starts after its set
 * was downloaded and ends before it arrived. An older phone does not say when it downloaded the
 * set; its attempt's start stands in (the download came before it).
 */
function attemptTimes(input: OfflineAttemptInput, now: Date) {
  const arrived = now.getTime();
  const downloaded = Math.min(new Date(input.downloaded_at ?? input.started_at).getTime(), arrived);
  const clamp = (at: string) => Math.min(Math.max(new Date(at).getTime(), downloaded), arrived);
  const finished = clamp(input.finished_at);
  const started = Math.min(clamp(input.started_at), finished);
  return { downloaded: new Date(downloaded), started: new Date(started), finished: new Date(finished) };
}

/**
 * The questions an attempt is graded over: the whole set as it was downloaded, whichever of them
 * the phone says it showed. That is every active question of the set written by the download,
 * and any other active one the attempt showed; unanswered ones count as unanswered. The shown
 * ones come first, in the attempt's order. Questions written after the download (added, or new
 * versions of edited ones) were never on the phone, and deactivated ones are left out.
 */
function gradedQuestions(
  shown: number[],
  activeInOrder: number[],
  writtenAt: Map<number, string>,
  downloaded: Date,
): number[] {
  const active = new Set(activeInOrder);
  const onThePhone = (id: number) => new Date(writtenAt.get(id) ?? 0).getTime() <= downloaded.getTime();
  const first = [...new Set(shown)].filter((id) => active.has(id));
  const seen = new Set(first);
  return [...first, ...activeInOrder.filter((id) => !seen.has(id) && onThePhone(id))];
}

/**
 * Stores and grades an attempt taken offline, once: the same client id again answers the first
 * result and writes nothing. It is graded over the set as downloaded (gradedQuestions); a
 * question that never was in the set is refused.
 */
export async function submitOfflineAttempt(
  db: DB,
  user: User,
  input: OfflineAttemptInput,
  now = new Date(),
): Promise<Result> {
  const known = await findSessionOfClientId(db, input.client_id);
  if (known) return storedResult(db, user, known);

  const quiz = await loadQuiz(db, user, { quiz_type: 'practice', quiz_id: input.set_id });
  const inSet = await everyQuestionOfPracticeSet(db, input.set_id);
  const shown = new Set(input.question_ids);
  if (input.question_ids.some((id) => !inSet.has(id))) {
    throw fieldError('question_ids', 'This question is not part of this practice set.');
  }
  if (input.answers.some((a) => !shown.has(a.question_id))) {
    throw fieldError('answers', 'This answer is for a question the attempt did not show.');
  }
  const { downloaded, started, finished } = attemptTimes(input, now);
  const questionIds = gradedQuestions(input.question_ids, quiz.questionIds, inSet, downloaded);
  const graded = new Set(questionIds);

  // One transaction per attempt id at a time (an advisory lock on PostgreSQL, the write lock on
  // SQLite): a concurrent copy waits, then finds the first one's session.
  const sessionId = await serialized(db, [`offline-attempt:${input.client_id}`], async (trx) => {
    const raced = await findSessionOfClientId(trx, input.client_id);
    if (raced) return raced;
    const session = await insertSession(trx, {
      user_id: user.id,
      quiz_type: 'practice',
      quiz_id: input.set_id,
      quiz_name: quiz.name,
      question_ids: questionIds,
      started_at: iso(started),
      deadline_at: null,
      client_id: input.client_id,
    });
    const answers = input.answers.filter((a) => graded.has(a.question_id));
    await upsertAnswers(trx, session.id, answers, iso(finished));
    // Graded as of when the student finished: the result and the review schedule date from then.
    await gradeSession(trx, session, finished, null);
    return { id: session.id, user_id: user.id };
  });
  return storedResult(db, user, sessionId);
}
