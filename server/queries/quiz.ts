// SQL of quiz sessions: the questions a session shows, the answers saved as the student goes,
// and the rows a graded session leaves (a result and a notification; the graded answers are the
// saved ones, frozen once the session is graded).
import type { DB } from '../../db/client';
import { forShare } from '../../db/dialect';
import { sql, type Selectable } from 'kysely';
import type {
  AnswerLetter,
  NotificationTable,
  QuizResult,
  QuizSession,
  QuizType,
  SessionAnswerTable,
} from '../../db/schema';

/** Rows per multi-row statement: a whole 100-question exam in one, well under any bound-value limit. */
const ROWS_PER_STATEMENT = 200;

/**
 * Question ids a new session of a set is served, in the order the set defines: the active ones
 * (a deactivated question, or an edited question's older version, is not served again).
 */
export async function questionIdsOfSet(db: DB, type: QuizType, setId: number): Promise<number[]> {
  const column = type === 'mock' ? 'mock_exam_set_id' : 'practice_set_id';
  const rows = await db
    .selectFrom('questions')
    .select('id')
    .where(column, '=', setId)
    .where('is_active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The columns of a question a student sees while answering: the key is not among them. */
const QUESTION_FACE = ['id', 'question_text', 'option_a', 'option_b', 'option_c', 'option_d'] as const;

/** What a student may see while answering: the key is not even read from the database. */
export function questionsWithoutKey(db: DB, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('questions').select(QUESTION_FACE).where('id', 'in', ids).execute();
}

/** Why each wrong option is wrong: sent with the key, never before it. */
export const RATIONALES = ['rationale_a', 'rationale_b', 'rationale_c', 'rationale_d'] as const;

export function questionsWithKey(db: DB, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('questions')
    .select([...QUESTION_FACE, 'correct_answer', 'explanation', ...RATIONALES])
    .where('id', 'in', ids)
    .execute();
}

type SessionRow = Omit<QuizSession, 'id' | 'submitted_at'> & { submitted_at: null };
// Only the id comes back: the rest of the row is what was written (the question list alone is
// about 700 bytes per start).
function insertSessionRow(db: DB, row: SessionRow) {
  return db.insertInto('quiz_sessions').values(row).returning('id');
}

type Origin = Pick<SessionRow, 'origin' | 'origin_id' | 'client_id' | 'class_mock_id'>;

/**
 * A new session of one set unless the row says what else it was built from (origin, migration
 * 0008); without option orders its options show in their own order.
 */
export async function insertSession(
  db: DB,
  row: Omit<SessionRow, 'question_ids' | 'submitted_at' | 'option_orders' | keyof Origin> & {
    question_ids: number[];
    option_orders?: string | null;
  } & Partial<Origin>,
): Promise<QuizSession> {
  const written: SessionRow = {
    origin: 'set',
    origin_id: null,
    client_id: null,
    class_mock_id: null,
    ...row,
    question_ids: JSON.stringify(row.question_ids),
    option_orders: row.option_orders ?? null,
    submitted_at: null,
  };
  const [{ id }] = await insertSessionRow(db, written).execute();
  return { id, ...written };
}

function ownSession(db: DB, p: { id: number; userId: number }) {
  return db.selectFrom('quiz_sessions').selectAll().where('id', '=', p.id).where('user_id', '=', p.userId);
}

export async function findOwnSession(db: DB, id: number, userId: number): Promise<QuizSession | null> {
  const [row] = await ownSession(db, { id, userId }).execute();
  return row ?? null;
}

function openSession(db: DB, p: { userId: number; type: QuizType; quizId: number }) {
  return db
    .selectFrom('quiz_sessions')
    .selectAll()
    .where('user_id', '=', p.userId)
    .where('quiz_type', '=', p.type)
    .where('quiz_id', '=', p.quizId)
    // A class mock's attempt is its own (classMocks.start), never resumed as the set's.
    .where('class_mock_id', 'is', null)
    .where('submitted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1);
}

/** The newest unsubmitted session of a student on one quiz. */
export async function findOpenSession(
  db: DB,
  userId: number,
  type: QuizType,
  quizId: number,
): Promise<QuizSession | null> {
  const [row] = await openSession(db, { userId, type, quizId }).execute();
  return row ?? null;
}

function pastDeadline(db: DB, cutoff: string) {
  return db
    .selectFrom('quiz_sessions')
    .selectAll()
    .where('submitted_at', 'is', null)
    .where('deadline_at', 'is not', null)
    .where('deadline_at', '<', cutoff)
    .orderBy('id');
}
function pastDeadlineOfUser(db: DB, p: { cutoff: string; userId: number }) {
  return pastDeadline(db, p.cutoff).where('user_id', '=', p.userId);
}

/**
 * A student's mocks under way (unsubmitted, deadline ahead): which sets, and until when. A timed
 * session of no set (an exam day, quiz_id 0) is none of them.
 */
export function openMockSessions(db: DB, userId: number, now: string) {
  return db
    .selectFrom('quiz_sessions')
    .select(['quiz_id', 'deadline_at'])
    .where('user_id', '=', userId)
    .where('quiz_type', '=', 'mock')
    .where('quiz_id', '<>', 0)
    .where('class_mock_id', 'is', null)
    .where('submitted_at', 'is', null)
    .where('deadline_at', '>', now)
    .execute();
}

/** Unsubmitted sessions whose deadline is before `cutoff` (all students, or one). */
export function sessionsPastDeadline(db: DB, cutoff: string, userId?: number): Promise<QuizSession[]> {
  if (userId === undefined) return pastDeadline(db, cutoff).execute();
  return pastDeadlineOfUser(db, { cutoff, userId }).execute();
}

export function parseQuestionIds(session: Pick<QuizSession, 'question_ids'>): number[] {
  const ids: unknown = JSON.parse(session.question_ids);
  return Array.isArray(ids) ? ids.filter((v): v is number => Number.isInteger(v)) : [];
}

function answersOfSession(db: DB, p: { sessionId: number }) {
  return db
    .selectFrom('session_answers')
    .select(['question_id', 'selected_answer'])
    .where('session_id', '=', p.sessionId)
    .orderBy('question_id');
}

export function savedAnswers(db: DB, sessionId: number) {
  return answersOfSession(db, { sessionId }).execute();
}

type AnswerRow = Selectable<SessionAnswerTable>;

/** Idempotent: the same choice twice is one row; a changed choice replaces the old one. */
function upsertAnswerRows(db: DB, rows: AnswerRow[]) {
  return db
    .insertInto('session_answers')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['session_id', 'question_id']).doUpdateSet((eb) => ({
        selected_answer: eb.ref('excluded.selected_answer'),
        saved_at: eb.ref('excluded.saved_at'),
      })),
    );
}

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
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await upsertAnswerRows(db, rows.slice(i, i + ROWS_PER_STATEMENT)).execute();
  }
}

/**
 * The upsert of one choice, written only while the session is not submitted: a save reads its
 * session first, and a submit may have graded it since. (A single statement, where a
 * transaction around the read would hold the one connection for two more round trips.) A grading
 * under way holds the session's row: the save waits for it and then writes nothing.
 */
function upsertAnswerIfUnsubmitted(db: DB, row: AnswerRow) {
  // Written as one SQL text: the statement a class sends most (every answer), and Kysely's builder
  // took about a third of its CPU to put it together (docs/performance.md).
  return sql`
    insert into session_answers (session_id, question_id, selected_answer, saved_at)
    select id, cast(${row.question_id} as integer), ${row.selected_answer}, ${row.saved_at}
    from quiz_sessions where id = ${row.session_id} and submitted_at is null ${forShare(db)}
    on conflict (session_id, question_id)
    do update set selected_answer = excluded.selected_answer, saved_at = excluded.saved_at`;
}

export async function saveAnswerUnlessSubmitted(db: DB, row: AnswerRow): Promise<boolean> {
  const { numAffectedRows } = await upsertAnswerIfUnsubmitted(db, row).execute(db);
  return (numAffectedRows ?? 0n) > 0n;
}

function resultOfSession(db: DB, p: { sessionId: number }) {
  return db.selectFrom('quiz_results').select('id').where('session_id', '=', p.sessionId);
}

export async function resultIdOfSession(db: DB, sessionId: number): Promise<number | null> {
  const [row] = await resultOfSession(db, { sessionId }).execute();
  return row?.id ?? null;
}

type ResultRow = Omit<QuizResult, 'id'>;

/** Writes the result of a session its grading has claimed (claimForGrading); answers its id. */
export async function insertResult(db: DB, result: ResultRow): Promise<number> {
  const { id } = await db.insertInto('quiz_results').values(result).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Marks a session submitted unless it already is: the first write of a grading, so that of two
 * gradings of one session (a double submit, the sweeper) only one goes on. On PostgreSQL the
 * second waits for the first's transaction on the row's lock and then finds it taken.
 */
export async function claimForGrading(db: DB, p: { id: number; at: string }): Promise<boolean> {
  const { numUpdatedRows } = await claim(db, p).executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** The update both claims run: the session marked submitted, only if it is not yet. */
function claim(db: DB, p: { id: number; at: string }) {
  return db
    .updateTable('quiz_sessions')
    .set({ submitted_at: p.at })
    .where('id', '=', p.id)
    .where('submitted_at', 'is', null);
}

/**
 * claimForGrading for a student's submit, which has read nothing yet: the claimed row, or null
 * when the student has no such session or it is submitted already.
 */
export async function claimOwnSession(
  db: DB,
  p: { id: number; userId: number; at: string },
): Promise<QuizSession | null> {
  const [row] = await claim(db, p).where('user_id', '=', p.userId).returningAll().execute();
  return row ?? null;
}

type NotificationRow = Omit<Selectable<NotificationTable>, 'id' | 'read_at'>;
function insertNotificationRow(db: DB, row: NotificationRow & { read_at: null }) {
  return db.insertInto('notifications').values(row);
}

export async function insertNotification(db: DB, row: NotificationRow): Promise<void> {
  await insertNotificationRow(db, { ...row, read_at: null }).execute();
}

function flagsOfSession(db: DB, p: { sessionId: number }) {
  return db
    .selectFrom('session_flags')
    .select('question_id')
    .where('session_id', '=', p.sessionId)
    .orderBy('question_id');
}

/** The questions a student flagged in a session. */
export async function flaggedQuestionIds(db: DB, sessionId: number): Promise<number[]> {
  return (await flagsOfSession(db, { sessionId }).execute()).map((r) => r.question_id);
}

function insertFlagRow(db: DB, row: { session_id: number; question_id: number; flagged_at: string }) {
  return db
    .insertInto('session_flags')
    .values(row)
    .onConflict((oc) => oc.columns(['session_id', 'question_id']).doNothing());
}
function deleteFlagRow(db: DB, p: { sessionId: number; questionId: number }) {
  return db
    .deleteFrom('session_flags')
    .where('session_id', '=', p.sessionId)
    .where('question_id', '=', p.questionId);
}

/** Flags or unflags one question; setting what is already set changes nothing. */
export async function setFlag(
  db: DB,
  p: { sessionId: number; questionId: number; flagged: boolean; now: string },
): Promise<void> {
  if (p.flagged) {
    await insertFlagRow(db, {
      session_id: p.sessionId,
      question_id: p.questionId,
      flagged_at: p.now,
    }).execute();
  } else {
    await deleteFlagRow(db, p).execute();
  }
}

/**
 * Every question id of a practice set, deactivated ones too: an offline attempt may hold a
 * question the set had when it was downloaded.
 */
/** Every question a practice set has held (inactive and replaced ones too), with when each was written. */
export async function everyQuestionOfPracticeSet(db: DB, setId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('questions')
    .select(['id', 'created_at'])
    .where('practice_set_id', '=', setId)
    .execute();
  return new Map(rows.map((r) => [r.id, r.created_at]));
}

/**
 * The session an offline attempt was stored as, whoever owns it. Ids are stored in lower case;
 * one stored in capitals before they were is found too.
 */
export async function findSessionOfClientId(
  db: DB,
  clientId: string,
): Promise<{ id: number; user_id: number } | null> {
  const [row] = await db
    .selectFrom('quiz_sessions')
    .select(['id', 'user_id'])
    .where('client_id', 'in', [clientId, clientId.toUpperCase()])
    .orderBy('id')
    .limit(1)
    .execute();
  return row ?? null;
}
