// Test fixtures: catalogue rows and questions inserted directly with Kysely, an admin signed in,
// and a small tRPC-over-HTTP caller (the same wire format the browser client uses).
import type { DB } from '../../db/client';
import type { AnswerLetter, Database } from '../../db/schema';
import { createOrPromoteAdmin } from '../services/admins';
import type { TestServer } from './harness';

const now = () => new Date().toISOString();
const LETTERS: AnswerLetter[] = ['A', 'B', 'C', 'D'];

export async function insertProgram(db: DB, name = 'General Nursing', is_active = 1) {
  return db
    .insertInto('programs')
    .values({ name, description: `${name} program`, is_active, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertPaper(db: DB, program_id: number, name = 'Paper 1', is_active = 1) {
  return db
    .insertInto('papers')
    .values({ program_id, name, description: `${name} description`, is_active, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertTopic(db: DB, paper_id: number, name = 'Fluid balance', is_active = 1) {
  return db
    .insertInto('topics')
    .values({ paper_id, name, description: `${name} description`, is_active, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertPracticeSet(db: DB, topic_id: number, title = 'Practice Set 1', is_active = 1) {
  return db
    .insertInto('practice_sets')
    .values({ topic_id, title, is_active, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertMockSet(
  db: DB,
  paper_id: number,
  title = 'Mock Exam 1',
  time_limit_minutes = 30,
  is_active = 1,
  // Off here, so tests of grading and saves can name canonical letters; the shuffle tests turn it
  // on (a mock set created any other way is shuffled by default).
  shuffle = 0,
) {
  return db
    .insertInto('mock_exam_sets')
    .values({
      paper_id,
      title,
      description: `${title} description`,
      time_limit_minutes,
      is_active,
      shuffle,
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The topic a new question of the set takes, as the import gives it: a practice set's topic; a
 * mock's questions stay untagged (tagQuestions tags them).
 */
export async function topicOfNewQuestion(
  db: DB,
  set: { practice_set_id: number } | { mock_exam_set_id: number },
): Promise<number | null> {
  if (!('practice_set_id' in set)) return null;
  const row = await db
    .selectFrom('practice_sets')
    .select('topic_id')
    .where('id', '=', set.practice_set_id)
    .executeTakeFirstOrThrow();
  return row.topic_id;
}

/** Gives these questions a topic, as an admin tagging them in the question bank would. */
export async function tagQuestions(db: DB, questionIds: number[], topicId: number | null) {
  await db.updateTable('questions').set({ topic_id: topicId }).where('id', 'in', questionIds).execute();
}

/** `count` questions whose keys cycle A, B, C, D (question i has key LETTERS[i % 4]). */
export async function insertQuestions(
  db: DB,
  set: { practice_set_id: number } | { mock_exam_set_id: number },
  count: number,
  label = 'Q',
) {
  const topic_id = await topicOfNewQuestion(db, set);
  const rows = Array.from({ length: count }, (_, i) => ({
    practice_set_id: 'practice_set_id' in set ? set.practice_set_id : null,
    mock_exam_set_id: 'mock_exam_set_id' in set ? set.mock_exam_set_id : null,
    topic_id,
    position: i + 1,
    question_text: `${label}${i + 1}: which option is right?`,
    option_a: 'Option A',
    option_b: 'Option B',
    option_c: 'Option C',
    option_d: 'Option D',
    correct_answer: LETTERS[i % 4],
    explanation: `Explanation for ${label}${i + 1}`,
    text_key: `${label.toLowerCase()}${i + 1}`,
    created_at: now(),
  }));
  return db.insertInto('questions').values(rows).returningAll().execute();
}

/** One program > paper > topic > practice set (4 questions) and a mock set (5 questions, 30 min). */
export async function makeCatalog(db: DB) {
  const program = await insertProgram(db);
  const paper = await insertPaper(db, program.id);
  const topic = await insertTopic(db, paper.id);
  const practiceSet = await insertPracticeSet(db, topic.id);
  const mockSet = await insertMockSet(db, paper.id);
  const practiceQuestions = await insertQuestions(db, { practice_set_id: practiceSet.id }, 4, 'P');
  const mockQuestions = await insertQuestions(db, { mock_exam_set_id: mockSet.id }, 5, 'M');
  return { program, paper, topic, practiceSet, mockSet, practiceQuestions, mockQuestions };
}

/** Moves a session's clock back, as if it had started `minutes` ago. */
export async function ageSession(db: DB, sessionId: number, minutes: number) {
  const s = await db
    .selectFrom('quiz_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const shift = (iso: string | null) =>
    iso && new Date(new Date(iso).getTime() - minutes * 60_000).toISOString();
  await db
    .updateTable('quiz_sessions')
    .set({ started_at: shift(s.started_at)!, deadline_at: shift(s.deadline_at) })
    .where('id', '=', sessionId)
    .execute();
}

export const ADMIN = { email: 'tutor.admin@example.com', password: 'Lecture-Hall-2024' };

/** Creates an admin through the same service as the CLI and signs in; returns the access token. */
export async function signInAdmin(t: TestServer): Promise<string> {
  await createOrPromoteAdmin(t.db, ADMIN.email, ADMIN.password, t.deps.passwordCost);
  const login = await t.api<{ access: string }>('POST', '/api/auth/login/', {
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
  return login.body.access;
}

export interface RpcError {
  message: string;
  data: {
    code: string;
    httpStatus: number;
    fieldErrors: Record<string, string[]> | null;
    result_id?: number;
  };
}

export interface RpcAnswer<T> {
  status: number;
  data: T;
  error: RpcError | undefined;
  /** The raw body, for checks on what exactly went over the wire. */
  text: string;
}

/** Calls procedures over HTTP at /trpc: queries as GET, mutations as POST (tRPC's wire format). */
export function rpc(t: TestServer, token: string | null) {
  async function send<T>(method: 'GET' | 'POST', path: string, input: unknown): Promise<RpcAnswer<T>> {
    const query =
      method === 'GET' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
    const res = await fetch(`${t.url}/trpc/${path}${query}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: method === 'POST' && input !== undefined ? JSON.stringify(input) : undefined,
    });
    const text = await res.text();
    const body = JSON.parse(text) as { result?: { data: T }; error?: RpcError };
    return { status: res.status, data: body.result?.data as T, error: body.error, text };
  }
  return {
    /** The access token it sends, for calls made otherwise (REST). */
    token,
    query: <T = unknown>(path: string, input?: unknown) => send<T>('GET', path, input),
    mutate: <T = unknown>(path: string, input?: unknown) => send<T>('POST', path, input),
  };
}

/** How many rows a table holds. */
export async function countRows(db: DB, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
