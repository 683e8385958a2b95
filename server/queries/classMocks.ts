// SQL of class mocks: the schedule rows, the students a class mock is for, their attempts, and
// the results held back until the class mock's results are released.
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/client';
import { forShare } from '../../db/dialect';
import type { ClassMock, Database, QuizSession } from '../../db/schema';
import { sameText } from './textSearch';

/**
 * quiz_results.learning_pending of a class mock's result graded before its release: neither the
 * backlog (1) nor done (0), so no mastery tally or review card shows a key before the release,
 * which turns it into 1.
 */
export const WITHHELD = 2;

export type NewClassMock = Omit<ClassMock, 'id' | 'released_at'>;

export async function insertClassMock(db: DB, row: NewClassMock): Promise<number> {
  const { id } = await db
    .insertInto('class_mocks')
    .values({ ...row, released_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** One class mock of a school (any school when `schoolId` is null). */
export async function findClassMock(db: DB, id: number, schoolId: number | null): Promise<ClassMock | null> {
  let q = db.selectFrom('class_mocks').selectAll().where('id', '=', id);
  if (schoolId !== null) q = q.where('school_id', '=', schoolId);
  return (await q.executeTakeFirst()) ?? null;
}

/** Changes a class mock that has not opened yet; false when it has opened (or is gone). */
export async function updateUnopenedClassMock(
  db: DB,
  id: number,
  now: string,
  changes: Pick<ClassMock, 'mock_exam_set_id' | 'program_of_study' | 'opens_at' | 'closes_at' | 'release'>,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('class_mocks')
    .set(changes)
    .where('id', '=', id)
    .where('opens_at', '>', now)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Deletes a class mock that has not opened yet; false when it has opened (or is gone). */
export async function deleteUnopenedClassMock(db: DB, id: number, now: string): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('class_mocks')
    .where('id', '=', id)
    .where('opens_at', '>', now)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

/** A school's class mocks (every school's when null), newest opening first, with the set's title. */
export function listClassMocksOfSchool(db: DB, schoolId: number | null) {
  let q = db
    .selectFrom('class_mocks')
    .innerJoin('mock_exam_sets', 'mock_exam_sets.id', 'class_mocks.mock_exam_set_id')
    .innerJoin('schools', 'schools.id', 'class_mocks.school_id')
    .selectAll('class_mocks')
    .select([
      'mock_exam_sets.title',
      'mock_exam_sets.time_limit_minutes',
      'mock_exam_sets.draw_count',
      'schools.name as school_name',
    ]);
  if (schoolId !== null) q = q.where('class_mocks.school_id', '=', schoolId);
  return q.orderBy('class_mocks.opens_at', 'desc').orderBy('class_mocks.id', 'desc').limit(200).execute();
}

/** The student's school and programme match the class mock's. */
function forStudent(
  eb: ExpressionBuilder<Database & { users: Database['users'] }, 'class_mocks' | 'users'>,
) {
  return eb.and([
    eb('users.school_id', '=', eb.ref('class_mocks.school_id')),
    eb.or([
      eb('class_mocks.program_of_study', 'is', null),
      sql<boolean>`lower(trim(${sql.ref('users.program_of_study')})) = lower(trim(${sql.ref('class_mocks.program_of_study')}))`,
    ]),
  ]);
}

/** The class mocks a student (not a staff account) is in: their school's, for all or their programme. */
function ofStudent(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('class_mocks', (j) => j.on((eb) => forStudent(eb)))
    .where('users.id', '=', userId)
    .where('users.is_staff', '=', 0)
    .where('users.is_superuser', '=', 0);
}

/**
 * The class mocks a student is in, newest opening first, with the student's own attempt and its
 * result when it has one.
 */
export function classMocksOfStudent(db: DB, userId: number) {
  return ofStudent(db, userId)
    .innerJoin('mock_exam_sets', 'mock_exam_sets.id', 'class_mocks.mock_exam_set_id')
    .leftJoin('quiz_sessions', (j) =>
      j.onRef('quiz_sessions.class_mock_id', '=', 'class_mocks.id').onRef('quiz_sessions.user_id', '=', 'users.id'),
    )
    .leftJoin('quiz_results', 'quiz_results.session_id', 'quiz_sessions.id')
    .select([
      'class_mocks.id',
      'class_mocks.opens_at',
      'class_mocks.closes_at',
      'class_mocks.release',
      'class_mocks.released_at',
      'mock_exam_sets.title',
      'mock_exam_sets.time_limit_minutes',
      'quiz_sessions.id as session_id',
      'quiz_sessions.submitted_at',
      'quiz_sessions.deadline_at',
      'quiz_results.id as result_id',
    ])
    .orderBy('class_mocks.opens_at', 'desc')
    .orderBy('class_mocks.id', 'desc')
    .limit(100)
    .execute();
}

/** A class mock the student is in; null when there is none such (another school's, say). */
export async function findClassMockOfStudent(db: DB, id: number, userId: number): Promise<ClassMock | null> {
  const row = await ofStudent(db, userId)
    .selectAll('class_mocks')
    .where('class_mocks.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** The student's attempt at a class mock, submitted or not. */
export async function attemptOf(db: DB, classMockId: number, userId: number): Promise<QuizSession | null> {
  const row = await db
    .selectFrom('quiz_sessions')
    .selectAll()
    .where('class_mock_id', '=', classMockId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Whether a class mock's results are still held back, read inside a grading's transaction. On
 * PostgreSQL the row is read `for share`: a release (which updates it) waits for the grading, or
 * the grading for the release, so no result is left withheld after its class mock's release.
 */
export async function isWithheldForGrading(db: DB, classMockId: number): Promise<boolean> {
  const row = await db
    .selectFrom('class_mocks')
    .select('released_at')
    .where('id', '=', classMockId)
    .modifyEnd(forShare(db))
    .executeTakeFirst();
  return row !== undefined && row.released_at === null;
}

/** Every student a class mock is for, with their attempt's state and how many answers it holds. */
export function boardRows(db: DB, cm: Pick<ClassMock, 'id' | 'school_id' | 'program_of_study'>) {
  let q = db
    .selectFrom('users')
    .leftJoin('quiz_sessions', (j) =>
      j.onRef('quiz_sessions.user_id', '=', 'users.id').on('quiz_sessions.class_mock_id', '=', cm.id),
    )
    .leftJoin('session_answers', 'session_answers.session_id', 'quiz_sessions.id')
    .select((eb) => [
      'users.id as user_id',
      'users.full_name',
      'users.email',
      'quiz_sessions.id as session_id',
      'quiz_sessions.question_ids',
      'quiz_sessions.submitted_at',
      eb.fn.count<number | string>('session_answers.question_id').as('answered'),
    ])
    .where('users.school_id', '=', cm.school_id)
    .where('users.is_staff', '=', 0)
    .where('users.is_superuser', '=', 0);
  if (cm.program_of_study !== null) q = q.where(sameText('users.program_of_study', cm.program_of_study));
  return q
    .groupBy([
      'users.id',
      'users.full_name',
      'users.email',
      'quiz_sessions.id',
      'quiz_sessions.question_ids',
      'quiz_sessions.submitted_at',
    ])
    .orderBy('users.full_name')
    .orderBy('users.id')
    .execute();
}

/** Unsubmitted attempts of class mocks that closed between `since` and `cutoff`. */
export function openAttemptsOfClosed(db: DB, since: string, cutoff: string): Promise<QuizSession[]> {
  return db
    .selectFrom('quiz_sessions')
    .innerJoin('class_mocks', 'class_mocks.id', 'quiz_sessions.class_mock_id')
    .selectAll('quiz_sessions')
    .where('class_mocks.closes_at', '<', cutoff)
    .where('class_mocks.closes_at', '>=', since)
    .where('quiz_sessions.submitted_at', 'is', null)
    .orderBy('quiz_sessions.id')
    .execute();
}

/** Class mocks released at their close whose close has come and which are not released yet. */
export async function dueForRelease(db: DB, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom('class_mocks')
    .select('id')
    .where('release', '=', 'at_close')
    .where('released_at', 'is', null)
    .where('closes_at', '<=', now)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks a class mock released unless it already is; false when it was. */
export async function claimRelease(db: DB, id: number, now: string): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('class_mocks')
    .set({ released_at: now })
    .where('id', '=', id)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** The results of a class mock held back so far, with what their notification says. */
export function withheldResults(db: DB, classMockId: number) {
  return db
    .selectFrom('quiz_results')
    .innerJoin('quiz_sessions', 'quiz_sessions.id', 'quiz_results.session_id')
    .select(['quiz_results.id', 'quiz_results.user_id', 'quiz_results.percentage', 'quiz_sessions.quiz_name'])
    .where('quiz_sessions.class_mock_id', '=', classMockId)
    .where('quiz_results.learning_pending', '=', WITHHELD)
    .execute();
}

/** Hands held-back results to the learning backlog (their tallies and cards are written next). */
export async function releaseLearning(db: DB, resultIds: number[]): Promise<void> {
  if (!resultIds.length) return;
  await db
    .updateTable('quiz_results')
    .set({ learning_pending: 1 })
    .where('id', 'in', resultIds)
    .where('learning_pending', '=', WITHHELD)
    .execute();
}

/**
 * A student's own result still held back by its class mock: when the results come out (the close,
 * or null when staff release them by hand). Null when the result is not held back.
 */
export async function withheldResultOf(db: DB, userId: number, resultId: number) {
  const row = await db
    .selectFrom('quiz_results')
    .innerJoin('quiz_sessions', 'quiz_sessions.id', 'quiz_results.session_id')
    .innerJoin('class_mocks', 'class_mocks.id', 'quiz_sessions.class_mock_id')
    .select(['quiz_results.id', 'quiz_sessions.quiz_name', 'class_mocks.release', 'class_mocks.closes_at'])
    .where('quiz_results.id', '=', resultId)
    .where('quiz_results.user_id', '=', userId)
    .where('class_mocks.released_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/** The condition results a student reads must meet: not of a class mock not yet released. */
export function notWithheld(eb: ExpressionBuilder<Database, 'quiz_sessions'>) {
  return eb.or([
    eb('quiz_sessions.class_mock_id', 'is', null),
    eb.exists(
      eb
        .selectFrom('class_mocks')
        .select('class_mocks.id')
        .whereRef('class_mocks.id', '=', 'quiz_sessions.class_mock_id')
        .where('class_mocks.released_at', 'is not', null),
    ),
  ]);
}

/** A mock set a school may schedule: national (no school) or the school's own. */
export async function mockSetOfSchool(db: DB, setId: number, schoolId: number) {
  const row = await db
    .selectFrom('mock_exam_sets')
    .select(['id', 'title', 'time_limit_minutes'])
    .where('id', '=', setId)
    .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', schoolId)]))
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Whether one of the student's class mocks of this set has opened and not had its results
 * released: until then the set's own attempts (whose review shows the key) wait.
 */
export async function setHeldByClassMock(db: DB, userId: number, setId: number, now: string): Promise<boolean> {
  const row = await ofStudent(db, userId)
    .select('class_mocks.id')
    .where('class_mocks.mock_exam_set_id', '=', setId)
    .where('class_mocks.opens_at', '<=', now)
    .where('class_mocks.released_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
