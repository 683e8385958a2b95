// SQL of mastery by topic (docs/learning.md): where every question sits in the catalogue, a
// student's graded sessions with the questions each showed, and the answers they were graded on.
import type { DB } from '../../db/client';

/**
 * Every question row (older versions too: a graded session may hold one) with its key and its
 * place: the topic of its practice set, or none for a mock's question, and its paper either way.
 * `servable`: active, in an active set of an active topic (what a topic session may be given).
 */
export function questionPlaces(db: DB) {
  return db
    .selectFrom('questions')
    .leftJoin('practice_sets', 'practice_sets.id', 'questions.practice_set_id')
    .leftJoin('topics', 'topics.id', 'practice_sets.topic_id')
    .leftJoin('mock_exam_sets', 'mock_exam_sets.id', 'questions.mock_exam_set_id')
    .select((eb) => [
      'questions.id',
      'questions.correct_answer',
      'questions.is_active',
      'practice_sets.is_active as set_active',
      'topics.id as topic_id',
      eb.fn.coalesce('topics.paper_id', 'mock_exam_sets.paper_id').as('paper_id'),
    ])
    .execute();
}

/** Topics, papers and programs with their names and whether a student may see them. */
export function topicTree(db: DB) {
  return db
    .selectFrom('topics')
    .innerJoin('papers', 'papers.id', 'topics.paper_id')
    .innerJoin('programs', 'programs.id', 'papers.program_id')
    .select([
      'topics.id as topic_id',
      'topics.name as topic_name',
      'topics.is_active as topic_active',
      'papers.id as paper_id',
      'papers.name as paper_name',
      'papers.is_active as paper_active',
      'programs.id as program_id',
      'programs.name as program_name',
      'programs.is_active as program_active',
    ])
    .execute();
}

/** Papers (a mock's questions count towards its paper, which may have no topic yet). */
export function paperTree(db: DB) {
  return db
    .selectFrom('papers')
    .innerJoin('programs', 'programs.id', 'papers.program_id')
    .select([
      'papers.id as paper_id',
      'papers.name as paper_name',
      'programs.id as program_id',
      'programs.name as program_name',
    ])
    .execute();
}

/** The student's graded sessions, oldest graded first, with the questions each showed. */
export function gradedSessionsOf(db: DB, userId: number) {
  return db
    .selectFrom('quiz_results')
    .innerJoin('quiz_sessions', 'quiz_sessions.id', 'quiz_results.session_id')
    .select(['quiz_sessions.id', 'quiz_sessions.question_ids'])
    .where('quiz_results.user_id', '=', userId)
    .orderBy('quiz_results.created_at')
    .orderBy('quiz_results.id')
    .execute();
}

/** The answers those sessions were graded on (saved answers, frozen by the grading). */
export function gradedAnswersOf(db: DB, userId: number) {
  return db
    .selectFrom('quiz_results')
    .innerJoin('session_answers', 'session_answers.session_id', 'quiz_results.session_id')
    .select(['session_answers.session_id', 'session_answers.question_id', 'session_answers.selected_answer'])
    .where('quiz_results.user_id', '=', userId)
    .execute();
}
