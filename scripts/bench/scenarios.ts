// The app measurements of the bench, each against the server child. Consumable steps use a fixed
// amount of requests (every quiz.start a different student, so a session is really created;
// every submit a different session, submitted once); repeatable reads run for a fixed time.
import type { DB } from '../../db/client';
import { upsertAnswers } from '../../server/queries/quiz';
import { appRouter } from '../../server/router';
import { CONNECTIONS, measure, rotating, type Measurement, type Target } from './cannon';
import { keyOf, STUDENT_PASSWORD, type Fixture, type Student } from './fixtures';
import { each, restGet, trpcMutation, trpcQuery } from './requests';

export interface Session {
  id: number;
  token: string;
}

/** Procedures and REST paths a measurement needs; absent ones are reported, not faked. */
export interface Available {
  procedures: Set<string>;
  rest: (path: string) => Promise<boolean>;
}

/** What the server at `target` serves, asked as the fixture's first student. */
export function availableOn(target: { url: string }, fixture: Fixture): Available {
  return {
    procedures: new Set(Object.keys(appRouter._def.procedures)),
    rest: async (p) => {
      const res = await fetch(target.url + p, {
        headers: { authorization: `Bearer ${fixture.students[0].access}` },
      });
      await res.arrayBuffer();
      return res.status !== 404;
    },
  };
}

export const skipped = (name: string, why: string): Measurement => ({
  name,
  rps: 0,
  p50: 0,
  p99: 0,
  requests: 0,
  failures: 0,
  statusCodes: {},
  durationS: 0,
  load1: 0,
  cpuUsPerRequest: 0,
  note: `not measured: ${why}`,
});

export async function ceiling(url: Target, label = ''): Promise<Measurement> {
  return measure(`ceiling: bare Express JSON${label}`, url, [{ method: 'GET', path: '/__ceiling' }]);
}

/**
 * What any signed-in call costs before its own work: profile.get answers from the context's user
 * (cached per sign-in), through the same middleware, context and tRPC front as every procedure.
 * No target: it is the floor the other rows are read against.
 */
export async function signedInFloor(
  url: Target,
  f: Fixture,
  av: Available,
  opts: { amount?: number } = {},
): Promise<Measurement> {
  const name = 'floor: signed-in tRPC call, no database work (profile.get)';
  if (!av.procedures.has('profile.get')) return skipped(name, 'missing profile.get');
  const student = rotating(f.students);
  return measure(
    name,
    url,
    each(() => trpcQuery('profile.get', undefined, student().access)),
    opts,
  );
}

export async function catalogTrpc(url: Target, f: Fixture, av: Available): Promise<Measurement> {
  const name = 'catalogue lists (tRPC)';
  const procs = [
    'catalog.programs',
    'catalog.papers',
    'catalog.topics',
    'catalog.practiceSets',
    'catalog.mockExams',
  ];
  const missing = procs.filter((p) => !av.procedures.has(p));
  if (missing.length) return skipped(name, `missing ${missing.join(', ')}`);
  const student = rotating(f.students);
  const list = rotating<[string, unknown]>([
    ['catalog.programs', undefined],
    ['catalog.papers', { programId: f.programId }],
    ['catalog.topics', { paperId: f.paperId }],
    ['catalog.practiceSets', { topicId: f.topicId }],
    ['catalog.mockExams', { paperId: f.paperId }],
  ]);
  return measure(
    name,
    url,
    each(() => {
      const [proc, input] = list();
      return trpcQuery(proc, input, student().access);
    }),
  );
}

export async function catalogRest(url: Target, f: Fixture, av: Available): Promise<Measurement> {
  const name = 'catalogue lists (REST /api/exams)';
  const paths = [
    '/api/exams/programs/',
    `/api/exams/programs/${f.programId}/papers/`,
    `/api/exams/papers/${f.paperId}/topics/`,
    `/api/exams/topics/${f.topicId}/practice-sets/`,
    `/api/exams/papers/${f.paperId}/mock-exams/`,
  ];
  for (const p of paths) if (!(await av.rest(p))) return skipped(name, `missing ${p}`);
  const student = rotating(f.students);
  const path = rotating(paths);
  return measure(
    name,
    url,
    each(() => restGet(path(), student().access)),
  );
}

export async function quizStart(
  url: Target,
  f: Fixture,
  av: Available,
  students: Student[],
): Promise<Measurement> {
  const name = `quiz.start, ${f.mockQuestionIds.length}-question mock (new session each)`;
  if (!av.procedures.has('quiz.start')) return skipped(name, 'missing quiz.start');
  const student = rotating(students);
  const input = { quiz_type: 'mock', quiz_id: f.mockSetId };
  return measure(
    name,
    url,
    each(() => trpcMutation('quiz.start', input, student().access)),
    {
      amount: students.length,
    },
  );
}

/** The open sessions of the bench's mock, with their owners' tokens. */
export async function openSessions(db: DB, f: Fixture): Promise<Session[]> {
  const token = new Map(f.students.map((s) => [s.id, s.access]));
  const rows = await db
    .selectFrom('quiz_sessions')
    .select(['id', 'user_id'])
    .where('quiz_id', '=', f.mockSetId)
    .where('quiz_type', '=', 'mock')
    .where('submitted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, token: token.get(r.user_id) as string }));
}

export async function saveAnswer(
  url: Target,
  f: Fixture,
  av: Available,
  sessions: Session[],
  opts: { connections?: number } = {},
): Promise<Measurement> {
  const name = 'quiz.saveAnswer';
  if (!av.procedures.has('quiz.saveAnswer')) return skipped(name, 'missing quiz.saveAnswer');
  if (!sessions.length) return skipped(name, 'no open sessions (quiz.start failed)');
  // Consecutive requests go to different sessions, as a class answering at once would.
  let k = 0;
  const qs = f.mockQuestionIds;
  return measure(
    name,
    url,
    each(() => {
      const s = sessions[k % sessions.length];
      const q = qs[Math.floor(k / sessions.length) % qs.length];
      k++;
      return trpcMutation(
        'quiz.saveAnswer',
        { session_id: s.id, question_id: q, selected_answer: keyOf(k) },
        s.token,
      );
    }),
    opts,
  );
}

/** The answer sheet the bench's students submit: the same for every session. */
const sheetOf = (f: Fixture) =>
  f.mockQuestionIds.map((id, i) => ({ question_id: id, selected_answer: keyOf(i * 3) }));

/**
 * Stores each session's whole sheet as saved answers, as the client's saves would have by the time
 * a student submits (written directly: the saves themselves are measured by saveAnswer). One
 * transaction, not a commit per session.
 */
export async function saveWholeSheets(db: DB, f: Fixture, sessions: Session[]): Promise<void> {
  const sheet = sheetOf(f);
  const savedAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const s of sessions) await upsertAnswers(trx, s.id, sheet, savedAt);
  });
}

/**
 * Submits each session once, with what the browser client sends. `saved`: the sheet was saved
 * answer by answer as it was chosen (the normal case), so the submit carries only what was not
 * acknowledged, here nothing; otherwise nothing was saved before (the worst case: the submit
 * carries and writes the whole sheet).
 */
export async function submit(
  url: Target,
  f: Fixture,
  av: Available,
  sessions: Session[],
  saved: boolean,
): Promise<Measurement> {
  const n = f.mockQuestionIds.length;
  const name = saved
    ? `quiz.submit, answers saved as chosen (${n}-question mock, each session once)`
    : `quiz.submit, no answer saved before (${n}-question mock, worst case)`;
  if (!av.procedures.has('quiz.submit')) return skipped(name, 'missing quiz.submit');
  if (sessions.length < CONNECTIONS) return skipped(name, 'too few open sessions');
  const session = rotating(sessions);
  const answers = saved ? [] : sheetOf(f);
  return measure(
    name,
    url,
    each(() => {
      const s = session();
      return trpcMutation('quiz.submit', { session_id: s.id, answers, time_spent_minutes: 42 }, s.token);
    }),
    { amount: sessions.length },
  );
}

export async function resultsList(url: Target, av: Available, students: Student[]): Promise<Measurement> {
  const name = 'results.list';
  if (!av.procedures.has('results.list')) return skipped(name, 'missing results.list');
  const student = rotating(students);
  return measure(
    name,
    url,
    each(() => trpcQuery('results.list', undefined, student().access)),
  );
}

/**
 * The 9:00 mix: answers being saved while a crowd signs in. Argon2 runs on the hasher's own
 * low-priority threads (server/services/passwordHasher.ts); if sign-ins took the cores or a
 * thread pool that token checks and zlib also use, every other request would wait behind them.
 */
export async function saveDuringSignIns(
  url: Target,
  f: Fixture,
  av: Available,
  sessions: Session[],
): Promise<Measurement> {
  const name = 'quiz.saveAnswer while sign-ins run (8 + 8 connections)';
  if (!av.procedures.has('quiz.saveAnswer') || !sessions.length)
    return skipped(name, 'no sessions to save into');
  const student = rotating(f.students);
  // No CPU clock: the server's CPU is shared by both streams, so no per-request figure is honest.
  const bare = { url: url.url };
  const [save] = await Promise.all([
    saveAnswer(bare, f, av, sessions, { connections: CONNECTIONS / 2 }),
    measure(
      'sign-ins alongside',
      bare,
      each(() => trpcMutation('auth.login', { email: student().email, password: STUDENT_PASSWORD })),
      {
        connections: CONNECTIONS / 2,
      },
    ),
  ]);
  return { ...save, name };
}

export async function signIn(url: Target, f: Fixture): Promise<Measurement> {
  const student = rotating(f.students);
  return measure(
    'sign-in: auth.login (argon2id verify)',
    url,
    each(() => trpcMutation('auth.login', { email: student().email, password: STUDENT_PASSWORD })),
  );
}
