// SQL of mastery by topic (docs/learning.md): the student's tallies per question (written as
// each session is graded), summed per topic and paper, and what the catalogue holds.
import type { DB } from '../../db/client';
import type { QuestionTallyTable } from '../../db/schema';

/** Rows per statement: a 100-question mock in one, far under any bound-value limit. */
const ROWS_PER_STATEMENT = 200;

/**
 * Adds one graded attempt per row: asked and correct add up, last_correct is replaced (sessions
 * are graded one after another, so the last write is the latest attempt).
 */
export async function addTallies(db: DB, rows: QuestionTallyTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto('question_tallies')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.columns(['user_id', 'question_id']).doUpdateSet((eb) => ({
          asked: eb('question_tallies.asked', '+', eb.ref('excluded.asked')),
          correct: eb('question_tallies.correct', '+', eb.ref('excluded.correct')),
          last_correct: eb.ref('excluded.last_correct'),
        })),
      )
      .execute();
  }
}

/**
 * The student's tallies summed per topic and paper: a question counts to its own topic and that
 * topic's paper, whatever session asked it; an untagged mock question to the mock's paper only.
 * Deleted questions drop out.
 */
export function talliesByTopic(db: DB, userId: number) {
  return db
    .selectFrom('question_tallies')
    .innerJoin('questions', 'questions.id', 'question_tallies.question_id')
    .leftJoin('topics', 'topics.id', 'questions.topic_id')
    .leftJoin('mock_exam_sets', 'mock_exam_sets.id', 'questions.mock_exam_set_id')
    .select((eb) => [
      'topics.id as topic_id',
      eb.fn.coalesce('topics.paper_id', 'mock_exam_sets.paper_id').as('paper_id'),
      eb.fn.sum<number | string>('question_tallies.asked').as('answers'),
      eb.fn.sum<number | string>('question_tallies.correct').as('correct'),
      eb.fn.countAll<number | string>().as('seen'),
    ])
    .where('question_tallies.user_id', '=', userId)
    .groupBy(['topics.id', 'topics.paper_id', 'mock_exam_sets.paper_id'])
    .execute();
}

/** Whether the student's latest attempt at each of these questions was right (absent: unseen). */
export async function lastOutcomes(
  db: DB,
  userId: number,
  questionIds: number[],
): Promise<Map<number, boolean>> {
  if (!questionIds.length) return new Map();
  const rows = await db
    .selectFrom('question_tallies')
    .select(['question_id', 'last_correct'])
    .where('user_id', '=', userId)
    .where('question_id', 'in', questionIds)
    .execute();
  return new Map(rows.map((r) => [r.question_id, r.last_correct === 1]));
}

/**
 * Per topic and school (null: national), the questions a topic session may serve (active, in an
 * active practice set).
 */
export function servableCountsByTopic(db: DB) {
  return db
    .selectFrom('questions')
    .innerJoin('practice_sets', 'practice_sets.id', 'questions.practice_set_id')
    .select((eb) => [
      'practice_sets.topic_id',
      'practice_sets.school_id',
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('questions.is_active', '=', 1)
    .where('practice_sets.is_active', '=', 1)
    .groupBy(['practice_sets.topic_id', 'practice_sets.school_id'])
    .execute();
}

/**
 * Per topic and school (null: national), the active questions the bank holds for it, practice and
 * mock alike (those a student can meet in some test).
 */
export function bankCountsByTopic(db: DB) {
  return db
    .selectFrom('questions')
    .select((eb) => ['questions.topic_id', 'questions.school_id', eb.fn.countAll<number | string>().as('n')])
    .where('questions.topic_id', 'is not', null)
    .where('questions.is_active', '=', 1)
    .groupBy(['questions.topic_id', 'questions.school_id'])
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
