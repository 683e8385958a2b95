// Item analysis of one set over each student's first graded attempt (docs/reports.md). Questions
// come by their position; one an attempt was asked but that has since left the set is still
// shown (its answers were given here), one deleted since is not.
import { TRPCError } from '@trpc/server';
import type { DB } from '../../../db/client';
import type { AnswerLetter } from '../../../db/schema';
import type { QuizRefInput } from '../../../shared/schemas/quiz';
import { scoresByTopic, UNTAGGED } from '../../../shared/domain/topicScores';
import { findMockSet, findPracticeSet } from '../../queries/catalog';
import { parseQuestionIds } from '../../queries/quiz';
import { firstAttemptAnswers, firstAttempts, questionsForAnalysis, setSchoolId } from '../../queries/reports';
import { itemFigures, MIN_ATTEMPTS, type Attempt } from './itemStatistics';

const ALL = { activeOnly: false, audience: 'all' } as const;

/** The set's title and place; undefined when there is none, or it is another school's own. */
async function setOf(db: DB, ref: QuizRefInput, schoolId: number | null) {
  const owner = await setSchoolId(db, ref.quiz_type, ref.quiz_id);
  if (owner === undefined || (schoolId !== null && owner !== null && owner !== schoolId)) return undefined;
  if (ref.quiz_type === 'mock') {
    const set = await findMockSet(db, ref.quiz_id, ALL);
    return set && { title: set.title, paper_name: set.paper_name, program_name: set.program_name };
  }
  const set = await findPracticeSet(db, ref.quiz_id, ALL);
  return set && { title: set.title, paper_name: set.paper_name, topic_name: set.topic_name };
}

async function attemptsOf(db: DB, ref: QuizRefInput, schoolId: number | null): Promise<Attempt[]> {
  const [sessions, answers] = await Promise.all([
    firstAttempts(db, ref.quiz_type, ref.quiz_id, schoolId),
    firstAttemptAnswers(db, ref.quiz_type, ref.quiz_id, schoolId),
  ]);
  const bySession = new Map<number, Map<number, AnswerLetter>>();
  for (const a of answers) {
    let sheet = bySession.get(a.session_id);
    if (!sheet) bySession.set(a.session_id, (sheet = new Map()));
    sheet.set(a.question_id, a.selected_answer);
  }
  return sessions.map((s) => ({
    resultId: s.result_id,
    score: s.total_questions === 0 ? 0 : s.correct_answers / s.total_questions,
    questionIds: parseQuestionIds(s),
    answers: bySession.get(s.session_id) ?? new Map(),
  }));
}

/** Over every student's first attempts, or one school's students' (`schoolId`). */
export async function itemAnalysis(db: DB, ref: QuizRefInput, schoolId: number | null) {
  const set = await setOf(db, ref, schoolId);
  if (!set) {
    const what = ref.quiz_type === 'mock' ? 'Mock exam set' : 'Practice set';
    throw new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
  }
  const attempts = await attemptsOf(db, ref, schoolId);
  const ready = attempts.length >= MIN_ATTEMPTS;
  const asked = [...new Set(attempts.flatMap((a) => a.questionIds))];
  const questions = (ready ? await questionsForAnalysis(db, asked) : [])
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((q) => ({
      id: q.id,
      position: q.position,
      question_text: q.question_text,
      correct_answer: q.correct_answer,
      topic_id: q.topic_id,
      topic_name: q.topic_name ?? UNTAGGED,
      ...itemFigures(q, attempts),
    }));
  return {
    set: { quiz_type: ref.quiz_type, quiz_id: ref.quiz_id, ...set },
    attempts: attempts.length,
    min_attempts: MIN_ATTEMPTS,
    ready,
    questions,
    // The same first attempts per topic: answers asked and right, weakest topic first.
    topics: scoresByTopic(questions.map((q) => ({ ...q, asked: q.attempts }))),
  };
}
export type ItemAnalysis = Awaited<ReturnType<typeof itemAnalysis>>;
