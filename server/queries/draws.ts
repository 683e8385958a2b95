// SQL of drawn exams (drawn mocks, exam day): the questions a draw may take from some papers, a
// drawn mock's counts per topic, and a programme's exam-day size.
import { sql, type JoinBuilder } from 'kysely';
import type { DB } from '../../db/client';
import type { Database } from '../../db/schema';

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
 * no student, nothing is seen. In id order, so that only the random source orders a draw. Two
 * queries, each down its own index (by topic; by mock set), rather than one OR over both.
 */
export async function drawPool(db: DB, paperIds: number[], userId: number | null): Promise<PoolRow[]> {
  if (!paperIds.length) return [];
  const seen = sql<number>`case when ${sql.ref('qt.question_id')} is null then 0 else 1 end`.as('seen');
  const tallies = (
    j: JoinBuilder<Database & { q: Database['questions']; qt: Database['question_tallies'] }, 'q' | 'qt'>,
  ) => j.onRef('qt.question_id', '=', 'q.id').on('qt.user_id', '=', userId ?? 0);
  const tagged = await db
    .selectFrom('topics as t')
    .innerJoin('questions as q', 'q.topic_id', 't.id')
    .leftJoin('practice_sets as ps', 'ps.id', 'q.practice_set_id')
    .leftJoin('mock_exam_sets as ms', 'ms.id', 'q.mock_exam_set_id')
    .leftJoin('question_tallies as qt', tallies)
    .select(['q.id', 'q.topic_id', 't.paper_id', seen])
    .where('t.paper_id', 'in', paperIds)
    .where('t.is_active', '=', 1)
    .where('q.is_active', '=', 1)
    .where('q.replaced_by_id', 'is', null)
    .where((eb) => eb.or([eb('ps.is_active', '=', 1), eb('ms.is_active', '=', 1)]))
    .execute();
  const untagged = await db
    .selectFrom('mock_exam_sets as ms')
    .innerJoin('questions as q', 'q.mock_exam_set_id', 'ms.id')
    .leftJoin('question_tallies as qt', tallies)
    .select(['q.id', 'q.topic_id', 'ms.paper_id', seen])
    .where('ms.paper_id', 'in', paperIds)
    .where('ms.is_active', '=', 1)
    .where('q.topic_id', 'is', null)
    .where('q.is_active', '=', 1)
    .where('q.replaced_by_id', 'is', null)
    .execute();
  return [...tagged, ...untagged]
    .map((r) => ({ id: r.id, topic_id: r.topic_id, paper_id: r.paper_id, seen: Number(r.seen) === 1 }))
    .sort((a, b) => a.id - b.id);
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
