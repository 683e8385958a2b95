// SQL of quiz sessions: the questions a session shows, the answers saved as the student goes,
// and the rows a graded session leaves (result, per-question answers, a notification).
import type { DB } from '../../db/client';
import type { AnswerLetter, QuizSession, QuizType } from '../../db/schema';

/** Question ids of a set in the order the set defines. */
export async function questionIdsOfSet(db: DB, type: QuizType, setId: number): Promise<number[]> {
  const column = type === 'mock' ? 'mock_exam_set_id' : 'practice_set_id';
  const rows = await db
    .selectFrom('questions')
    .select('id')
    .where(column, '=', setId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** What a student may see while answering: the key is not even read from the database. */
export function questionsWithoutKey(db: DB, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('questions')
    .select(['id', 'question_text', 'option_a', 'option_b', 'option_c', 'option_d'])
    .where('id', 'in', ids)
    .execute();
}

export function questionsWithKey(db: DB, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('questions')
    .select([
      'id',
      'question_text',
      'option_a',
      'option_b',
      'option_c',
      'option_d',
      'correct_answer',
      'explanation',
    ])
    .where('id', 'in', ids)
    .execute();
}

export function insertSession(
  db: DB,
  row: {
    user_id: number;
    quiz_type: QuizType;
    quiz_id: number;
    quiz_name: string;
    question_ids: number[];
    started_at: string;
    deadline_at: string | null;
  },
): Promise<QuizSession> {
  return db
    .insertInto('quiz_sessions')
    .values({ ...row, question_ids: JSON.stringify(row.question_ids), submitted_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findOwnSession(db: DB, id: number, userId: number): Promise<QuizSession | null> {
  const row = await db
    .selectFrom('quiz_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** The newest unsubmitted session of a student on one quiz. */
export async function findOpenSession(
  db: DB,
  userId: number,
  type: QuizType,
  quizId: number,
): Promise<QuizSession | null> {
  const row = await db
    .selectFrom('quiz_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('quiz_type', '=', type)
    .where('quiz_id', '=', quizId)
    .where('submitted_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/** Unsubmitted sessions whose deadline is before `cutoff` (all students, or one). */
export function sessionsPastDeadline(db: DB, cutoff: string, userId?: number): Promise<QuizSession[]> {
  let q = db
    .selectFrom('quiz_sessions')
    .selectAll()
    .where('submitted_at', 'is', null)
    .where('deadline_at', 'is not', null)
    .where('deadline_at', '<', cutoff);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.orderBy('id').execute();
}

export function parseQuestionIds(session: QuizSession): number[] {
  const ids: unknown = JSON.parse(session.question_ids);
  return Array.isArray(ids) ? ids.filter((v): v is number => Number.isInteger(v)) : [];
}

export function savedAnswers(db: DB, sessionId: number) {
  return db
    .selectFrom('session_answers')
    .select(['question_id', 'selected_answer'])
    .where('session_id', '=', sessionId)
    .orderBy('question_id')
    .execute();
}

/** Idempotent: the same choice twice is one row; a changed choice replaces the old one. */
/**
 * Saves choices, one statement per chunk (a save carries one, a submit up to a whole exam). The last
 * choice for a question wins; duplicates are dropped first because PostgreSQL refuses to touch
 * one row twice in a single upsert.
 */
export async function upsertAnswers(
  db: DB,
  sessionId: number,
  answers: Array<{ question_id: number; selected_answer: AnswerLetter }>,
  now: string,
): Promise<void> {
  const latest = new Map(answers.map((a) => [a.question_id, a.selected_answer]));
  const rows = [...latest].map(([question_id, selected_answer]) => ({
    session_id: sessionId,
    question_id,
    selected_answer,
    saved_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('session_answers')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['session_id', 'question_id']).doUpdateSet((eb) => ({
          selected_answer: eb.ref('excluded.selected_answer'),
          saved_at: eb.ref('excluded.saved_at'),
        })),
      )
      .execute();
  }
}

export async function resultIdOfSession(db: DB, sessionId: number): Promise<number | null> {
  const row = await db
    .selectFrom('quiz_results')
    .select('id')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface GradedRow {
  question_id: number;
  position: number;
  selected_answer: AnswerLetter | null;
  is_correct: boolean;
}

/**
 * Writes the result of a session. Returns the new result id, or null when the session already
 * has one (the unique session_id makes a racing second submit a no-op rather than a duplicate).
 */
export async function insertResult(
  db: DB,
  result: {
    session_id: number;
    user_id: number;
    correct_answers: number;
    total_questions: number;
    score: number;
    percentage: number;
    time_spent_minutes: number;
    created_at: string;
  },
  answers: GradedRow[],
): Promise<number | null> {
  const inserted = await db
    .insertInto('quiz_results')
    .values(result)
    .onConflict((oc) => oc.column('session_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  if (answers.length) {
    await db
      .insertInto('result_answers')
      .values(answers.map((a) => ({ ...a, result_id: inserted.id, is_correct: a.is_correct ? 1 : 0 })))
      .execute();
  }
  await db
    .updateTable('quiz_sessions')
    .set({ submitted_at: result.created_at })
    .where('id', '=', result.session_id)
    .execute();
  return inserted.id;
}

export async function insertNotification(
  db: DB,
  row: { user_id: number; title: string; body: string; link: string | null; created_at: string },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ ...row, read_at: null })
    .execute();
}
