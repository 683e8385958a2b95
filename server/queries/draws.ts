// SQL of drawn exams (drawn mocks, exam day): the questions a draw may take from some papers, a
// drawn mock's counts per topic, and a programme's exam-day size.
import type { DB } from '../../db/client';
import { visibleTo, type Audience } from './contentVisibility';
import { ownQuestionIds } from './customTests';

/** A question a draw may take: its topic (null: an untagged mock question), paper, and whether seen. */
export interface PoolRow {
  id: number;
  topic_id: number | null;
  paper_id: number;
  seen: boolean;
}

/**
 * The questions a draw over these papers may take: active and not replaced, in an active set the
 * audience sees (national, or its school's: a question has its set's school), and either tagged with an active topic of one of the papers or an untagged question of one of
 * their mock sets. `seen`: the student has a tally for it (answered in a graded session); with
 * no student, nothing is seen. In id order, so that only the random source orders a draw.
 * A programme's pool is about 10,000 rows: each is read as two numbers from an index
 * (questions_draw, questions_mock_set), and the topics, sets and tallies they refer to are read
 * once each and matched here (a join per row, or more columns per row, took most of a start).
 */
export async function drawPool(
  db: DB,
  paperIds: number[],
  userId: number | null,
  audience: Audience,
): Promise<PoolRow[]> {
  if (!paperIds.length) return [];
  const [topics, mocks, inactive, seen] = await Promise.all([
    db
      .selectFrom('topics')
      .select(['id', 'paper_id'])
      .where('paper_id', 'in', paperIds)
      .where('is_active', '=', 1)
      .execute(),
    db
      .selectFrom('mock_exam_sets')
      .select(['id', 'paper_id'])
      .where('paper_id', 'in', paperIds)
      .where('is_active', '=', 1)
      .where(visibleTo(audience, 'mock_exam_sets.school_id'))
      .execute(),
    setsOutOfReach(db, audience),
    seenQuestions(db, userId),
  ]);
  const paperOfTopic = new Map(topics.map((t) => [t.id, t.paper_id]));
  const paperOfMock = new Map(mocks.map((m) => [m.id, m.paper_id]));
  let tagged = db
    .selectFrom('questions')
    .select(['id', 'topic_id'])
    .where('topic_id', 'in', topics.length ? [...paperOfTopic.keys()] : [0])
    .where('is_active', '=', 1)
    .where('replaced_by_id', 'is', null);
  // Usually few: an admin deactivates a set now and then, and other schools' own sets are listed
  // here rather than filtered by each question's school, which the index does not hold.
  // A question sits in one kind of set: the other column is null, which `not in` would refuse.
  if (inactive.practice.length) {
    const off = inactive.practice;
    tagged = tagged.where((eb) =>
      eb.or([eb('practice_set_id', 'is', null), eb('practice_set_id', 'not in', off)]),
    );
  }
  if (inactive.mock.length) {
    const off = inactive.mock;
    tagged = tagged.where((eb) =>
      eb.or([eb('mock_exam_set_id', 'is', null), eb('mock_exam_set_id', 'not in', off)]),
    );
  }
  const untagged = mocks.length
    ? await db
        .selectFrom('questions')
        .select(['id', 'mock_exam_set_id'])
        .where('mock_exam_set_id', 'in', [...paperOfMock.keys()])
        .where('topic_id', 'is', null)
        .where('is_active', '=', 1)
        .where('replaced_by_id', 'is', null)
        .execute()
    : [];
  const rows: PoolRow[] = (await tagged.execute()).map((r) => ({
    id: r.id,
    topic_id: r.topic_id,
    paper_id: paperOfTopic.get(r.topic_id ?? 0) ?? 0,
    seen: seen.has(r.id),
  }));
  for (const r of untagged) {
    rows.push({
      id: r.id,
      topic_id: null,
      paper_id: paperOfMock.get(r.mock_exam_set_id ?? 0) ?? 0,
      seen: seen.has(r.id),
    });
  }
  return rows.sort((a, b) => a.id - b.id);
}

/** The practice and mock sets a draw skips: deactivated ones, and other schools' own. */
async function setsOutOfReach(db: DB, audience: Audience) {
  const off = (table: 'practice_sets' | 'mock_exam_sets') =>
    db
      .selectFrom(table)
      .select('id')
      .where((eb) => eb.or([eb('is_active', '=', 0), eb.not(visibleTo(audience, `${table}.school_id`))]))
      .execute();
  const [practice, mock] = await Promise.all([off('practice_sets'), off('mock_exam_sets')]);
  return { practice: practice.map((r) => r.id), mock: mock.map((r) => r.id) };
}

/** The questions the student has seen (the builder's "seen": a tally); none without a student. */
async function seenQuestions(db: DB, userId: number | null): Promise<Set<number>> {
  return new Set(userId === null ? [] : await ownQuestionIds(db, userId, 'seen'));
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

/**
 * The active papers of an active programme the audience sees, with the programme's exam-day size;
 * null: no such programme.
 */
export async function examDayProgram(db: DB, programId: number, audience: Audience) {
  const program = await db
    .selectFrom('programs')
    .select(['id', 'name', 'exam_day_questions', 'exam_day_minutes'])
    .where('id', '=', programId)
    .where('is_active', '=', 1)
    .where(visibleTo(audience, 'programs.school_id'))
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
