// SQL of drawn exams (drawn mocks, exam day): the questions a draw may take from some papers, a
// drawn mock's counts per topic, and a programme's exam-day size.
import type { DB } from '../../db/client';

/** A question a draw may take: its topic (null: an untagged mock question), paper, and whether seen. */
export interface PoolRow {
  id: number;
  topic_id: number | null;
  paper_id: number;
  seen: boolean;
}

/**
 * The questions a draw over these papers may take: active and not replaced, in an active set,
 * and either tagged with an active topic of one of the papers or an untagged question of one of
 * their mock sets. `seen`: the student has a tally for it (answered in a graded session); with
 * no student, nothing is seen. In id order, so that only the random source orders a draw.
 * A programme's pool is about 10,000 rows: they are read down the topic index and the mock-set
 * index with no join per row; the sets' flags and the student's tallies are read once each and
 * matched here (joining them row by row took most of an exam day's start).
 */
export async function drawPool(db: DB, paperIds: number[], userId: number | null): Promise<PoolRow[]> {
  if (!paperIds.length) return [];
  const columns = ['q.id', 'q.topic_id', 'q.practice_set_id', 'q.mock_exam_set_id'] as const;
  const tagged = await db
    .selectFrom('topics as t')
    .innerJoin('questions as q', 'q.topic_id', 't.id')
    .select([...columns, 't.paper_id'])
    .where('t.paper_id', 'in', paperIds)
    .where('t.is_active', '=', 1)
    .where('q.is_active', '=', 1)
    .where('q.replaced_by_id', 'is', null)
    .execute();
  const untagged = await db
    .selectFrom('mock_exam_sets as ms')
    .innerJoin('questions as q', 'q.mock_exam_set_id', 'ms.id')
    .select([...columns, 'ms.paper_id'])
    .where('ms.paper_id', 'in', paperIds)
    .where('ms.is_active', '=', 1)
    .where('q.topic_id', 'is', null)
    .where('q.is_active', '=', 1)
    .where('q.replaced_by_id', 'is', null)
    .execute();
  const [inactive, seen] = await Promise.all([inactiveSets(db), seenQuestions(db, userId)]);
  return [...tagged, ...untagged]
    .filter((r) =>
      r.practice_set_id === null
        ? !inactive.mock.has(r.mock_exam_set_id ?? 0)
        : !inactive.practice.has(r.practice_set_id),
    )
    .map((r) => ({ id: r.id, topic_id: r.topic_id, paper_id: r.paper_id, seen: seen.has(r.id) }))
    .sort((a, b) => a.id - b.id);
}

/** The deactivated practice and mock sets (few: admins deactivate sets one by one). */
async function inactiveSets(db: DB) {
  const [practice, mock] = await Promise.all([
    db.selectFrom('practice_sets').select('id').where('is_active', '=', 0).execute(),
    db.selectFrom('mock_exam_sets').select('id').where('is_active', '=', 0).execute(),
  ]);
  return { practice: new Set(practice.map((r) => r.id)), mock: new Set(mock.map((r) => r.id)) };
}

/** The questions the student has a tally for: one range of the tallies' primary key. */
async function seenQuestions(db: DB, userId: number | null): Promise<Set<number>> {
  if (userId === null) return new Set();
  const rows = await db
    .selectFrom('question_tallies')
    .select('question_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.question_id));
}

/** A drawn mock's count per topic (none: spread as the bank is), in topic id order. */
export function blueprintTopics(db: DB, mockSetId: number) {
  return db
    .selectFrom('mock_blueprint_topics')
    .select(['topic_id', 'question_count'])
    .where('mock_exam_set_id', '=', mockSetId)
    .orderBy('topic_id')
    .execute();
}

/** Every drawn mock's counts per topic, for the admin's content list. */
export function allBlueprintTopics(db: DB) {
  return db
    .selectFrom('mock_blueprint_topics')
    .select(['mock_exam_set_id', 'topic_id', 'question_count'])
    .orderBy('mock_exam_set_id')
    .orderBy('topic_id')
    .execute();
}

/** Makes a mock fixed (count null) or drawn, with its minutes and its counts per topic (none: spread). */
export async function writeBlueprint(
  db: DB,
  mockSetId: number,
  b: {
    draw_count: number | null;
    time_limit_minutes: number;
    topics: { topic_id: number; question_count: number }[];
  },
): Promise<void> {
  await db
    .updateTable('mock_exam_sets')
    .set({ draw_count: b.draw_count, time_limit_minutes: b.time_limit_minutes })
    .where('id', '=', mockSetId)
    .execute();
  await db.deleteFrom('mock_blueprint_topics').where('mock_exam_set_id', '=', mockSetId).execute();
  if (b.draw_count !== null && b.topics.length) {
    await db
      .insertInto('mock_blueprint_topics')
      .values(b.topics.map((t) => ({ mock_exam_set_id: mockSetId, ...t })))
      .execute();
  }
}

/** The active topics of a paper (the ones a blueprint may count), by name. */
export function activeTopicsOfPaper(db: DB, paperId: number) {
  return db
    .selectFrom('topics')
    .select(['id', 'name'])
    .where('paper_id', '=', paperId)
    .where('is_active', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The active papers of an active programme, with the programme's exam-day size; null: no such programme. */
export async function examDayProgram(db: DB, programId: number) {
  const program = await db
    .selectFrom('programs')
    .select(['id', 'name', 'exam_day_questions', 'exam_day_minutes'])
    .where('id', '=', programId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (!program) return null;
  const papers = await db
    .selectFrom('papers')
    .select('id')
    .where('program_id', '=', programId)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  return { ...program, paperIds: papers.map((p) => p.id) };
}

/** Every programme's exam-day size, for the admin's content list. */
export function examDaySizes(db: DB) {
  return db.selectFrom('programs').select(['id', 'exam_day_questions', 'exam_day_minutes']).execute();
}

/** Sets the sizes given (an absent one stays as it is). */
export async function setExamDaySize(
  db: DB,
  programId: number,
  size: { exam_day_questions?: number; exam_day_minutes?: number },
): Promise<void> {
  const patch = Object.fromEntries(Object.entries(size).filter(([, v]) => v !== undefined));
  if (Object.keys(patch).length)
    await db.updateTable('programs').set(patch).where('id', '=', programId).execute();
}

/** Whether the mock draws each attempt (false for a fixed one, or none with this id). */
export async function isDrawnMock(db: DB, mockSetId: number): Promise<boolean> {
  const row = await db
    .selectFrom('mock_exam_sets')
    .select('draw_count')
    .where('id', '=', mockSetId)
    .executeTakeFirst();
  return row?.draw_count !== null && row?.draw_count !== undefined;
}
