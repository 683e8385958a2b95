// One simulated student, behaving as the browser client does: sign in, start the
// mock (a retried start resumes the same session), save each answer as it is chosen and retry
// the save until the server acknowledges it, then submit (retried; a second submit returns the
// same result). Every acknowledged save is logged on the client side, so the checks afterwards
// can prove that nothing the server acknowledged was lost.
import type { AnswerLetter } from '../../db/schema';
import { NetworkError, type JsonAnswer, type JsonClient } from './http';
import type { Latencies } from './stats';

const LETTERS: AnswerLetter[] = ['A', 'B', 'C', 'D'];
const BACKOFF_START_MS = 100;
const BACKOFF_MAX_MS = 1000;

export interface StudentLog {
  email: string;
  sessionId: number | null;
  /** question id -> every letter the server acknowledged for it, in order (the last one is final). */
  acks: Map<number, AnswerLetter[]>;
  resultId: number | null;
  /** When the student's own submit was acknowledged (ms since the epoch); null if they never submitted. */
  submittedAt: number | null;
  /** Acknowledged answers the server did not hand back when the session was resumed. */
  lostOnResume: string[];
  resumes: number;
  /** Sign-ins the server answered "busy, try again in N s" (429 with Retry-After), waited out and repeated. */
  busy: number;
  /** Failed attempts: network errors (expected while the server is down) and HTTP errors (never expected). */
  networkErrors: number;
  /** The first few network failures, named by procedure (timeouts vs refused connections). */
  networkErrorSamples: string[];
  httpErrors: string[];
  fatal: string | null;
}

export interface StudentPlan {
  email: string;
  password: string;
  quizId: number;
  /** Upper bound of the random pause before each answer. */
  thinkMs: number;
  /**
   * Even students send their whole answer sheet with the submit (as a REST client may); odd ones
   * send only what the server has not acknowledged, none by then, as the browser client does.
   */
  sendSheet: boolean;
  seed: number;
  /** How the attempt is opened (and reopened after a failure); quiz.start of quizId by default. */
  start?: { procedure: string; input: unknown };
  /** Queries (without input) the first page calls after signing in, e.g. the dashboard's lists. */
  dashboard?: string[];
  /** After signing in, wait until this instant (ms since the epoch) before starting. */
  startAt?: number;
  /** No answer is begun after this instant: the student submits what they have (the window closes). */
  stopAt?: number;
  /** Answer this many questions, then leave without submitting: the server closes the attempt. */
  leaveAfter?: number;
}

export interface StudentEnv {
  client: JsonClient;
  latencies: Latencies;
  /** Nothing is retried past this instant. */
  deadline: number;
  onAck: () => void;
  /**
   * The sign-in phase: `phases` gets the time from a student's first sign-in attempt to being in
   * (busy answers waited out included) as 'sign-in, waits included', and each answer save made
   * while some students are still signing in as 'quiz.saveAnswer while others sign in'; with a
   * kill, the saves under way in the 15 s after it, and the saves at other times, on lines of
   * their own, so that a restart's delays are not read as the sign-ins' doing.
   */
  phases: Latencies;
  signIns: { done: number; of: number };
  /** Every latency again, for figures per minute (the caller clears it). */
  recent?: Latencies;
  /** When a server process was killed (ms since the epoch), once it has been. */
  kill?: { at?: number };
}

const AFTER_KILL_MS = 15_000;

/** The report line a save's latency also goes to (see StudentEnv.phases). */
function savePhase(env: StudentEnv, ms: number): string | null {
  const killedAt = env.kill?.at;
  const ackedAt = Date.now();
  if (killedAt !== undefined && ackedAt >= killedAt && ackedAt - ms <= killedAt + AFTER_KILL_MS)
    return `quiz.saveAnswer in the ${AFTER_KILL_MS / 1000} s after the kill`;
  if (env.signIns.done < env.signIns.of) return 'quiz.saveAnswer while others sign in';
  return env.kill ? 'quiz.saveAnswer at other times' : null;
}

/** A small deterministic generator: the same seed always chooses the same answers. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface TrpcOk<T> {
  result: { data: T };
}

interface QuizStartAnswer {
  session: { id: number };
  questions: Array<{ id: number }>;
  saved_answers: Array<{ question_id: number; selected_answer: AnswerLetter }>;
  resumed: boolean;
}

export class GiveUp extends Error {}

export function newStudentLog(email: string): StudentLog {
  return {
    email,
    sessionId: null,
    acks: new Map(),
    resultId: null,
    submittedAt: null,
    lostOnResume: [],
    resumes: 0,
    busy: 0,
    networkErrors: 0,
    networkErrorSamples: [],
    httpErrors: [],
    fatal: null,
  };
}

/** Runs one student; `log` is filled as it goes, so a mid-run snapshot sees the acknowledgements so far. */
export async function simulateStudent(
  plan: StudentPlan,
  env: StudentEnv,
  log: StudentLog,
): Promise<StudentLog> {
  const rand = random(plan.seed);
  let token = '';
  let refresh = '';
  /** Set by a failed attempt: the next step first resumes the session, as a reloaded page would. */
  let interrupted = false;

  /** One procedure call, retried on network errors and 5xx until it succeeds or the deadline. */
  async function call<T>(
    procedure: string,
    input: unknown,
    kind: 'query' | 'mutation' = 'mutation',
  ): Promise<T> {
    let backoff = BACKOFF_START_MS;
    for (let attempt = 0; Date.now() < env.deadline; attempt++) {
      const t0 = performance.now();
      let answer: JsonAnswer;
      try {
        answer =
          kind === 'query'
            ? await env.client.request(
                'GET',
                input === undefined
                  ? `/trpc/${procedure}`
                  : `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
                undefined,
                token,
              )
            : await env.client.request('POST', `/trpc/${procedure}`, input, token || undefined);
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        log.networkErrors++;
        if (log.networkErrorSamples.length < 3) log.networkErrorSamples.push(`${procedure}: ${err.message}`);
        interrupted = true;
        await sleep(backoff * (0.5 + rand()));
        backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) {
        const ms = performance.now() - t0;
        env.latencies.add(procedure, ms);
        env.recent?.add(procedure, ms);
        const phase = procedure === 'quiz.saveAnswer' ? savePhase(env, ms) : null;
        if (phase) env.phases.add(phase, ms);
        return (answer.body as TrpcOk<T>).result.data;
      }
      if (answer.status === 429 && answer.retryAfter && procedure === 'auth.login') {
        // "Busy, try again in N seconds": a student does, a little after (not past the run's end).
        log.busy++;
        await sleep(Math.min(answer.retryAfter * 1000 * (1 + rand() / 2), env.deadline - Date.now()));
        continue;
      }
      if (answer.status === 401 && refresh && procedure !== 'auth.refresh') {
        // The access token ran out (15 minutes) mid-exam: as the client (client/src/lib/trpc.ts),
        // refresh once and repeat the call; the student sees nothing. A refused refresh is an error.
        const pair = await call<{ access: string; refresh: string }>('auth.refresh', { refresh });
        token = pair.access;
        refresh = pair.refresh;
        continue;
      }
      log.httpErrors.push(`${procedure} ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
      if (answer.status < 500) throw new GiveUp(`${procedure} answered ${answer.status}`);
      interrupted = true;
      await sleep(backoff * (0.5 + rand()));
      backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    }
    throw new GiveUp(`${procedure}: gave up at the deadline`);
  }

  const opening = plan.start ?? {
    procedure: 'quiz.start',
    input: { quiz_type: 'mock', quiz_id: plan.quizId },
  };
  const start = () => call<QuizStartAnswer>(opening.procedure, opening.input);

  /** After an interruption: reopen the session and check it still holds every acknowledged answer. */
  async function resumeAndCheck(): Promise<void> {
    interrupted = false;
    const view = await start();
    log.resumes++;
    if (view.session.id !== log.sessionId) {
      log.lostOnResume.push(`resumed session ${view.session.id}, expected ${log.sessionId}`);
      return;
    }
    const saved = new Map(view.saved_answers.map((a) => [a.question_id, a.selected_answer]));
    for (const [qid, letters] of log.acks) {
      if (saved.get(qid) !== letters.at(-1)) {
        log.lostOnResume.push(
          `question ${qid}: acknowledged ${letters.at(-1)}, server has ${saved.get(qid) ?? 'nothing'}`,
        );
      }
    }
  }

  async function save(qid: number, letter: AnswerLetter): Promise<void> {
    await call('quiz.saveAnswer', { session_id: log.sessionId, question_id: qid, selected_answer: letter });
    const list = log.acks.get(qid) ?? [];
    list.push(letter);
    log.acks.set(qid, list);
    env.onAck();
    if (interrupted) await resumeAndCheck();
  }

  try {
    const startedAt = Date.now();
    const signInStarted = performance.now();
    const pair = await call<{ access: string; refresh: string }>('auth.login', {
      email: plan.email,
      password: plan.password,
    }).finally(() => env.signIns.done++);
    env.phases.add('sign-in, waits included', performance.now() - signInStarted);
    token = pair.access;
    refresh = pair.refresh;
    for (const procedure of plan.dashboard ?? []) await call(procedure, undefined, 'query');
    if (plan.startAt !== undefined) await sleep(plan.startAt - Date.now());
    const view = await start();
    log.sessionId = view.session.id;
    interrupted = false;
    const questions = view.questions.map((q) => q.id);
    for (const qid of questions.slice(0, plan.leaveAfter)) {
      const pause = rand() * plan.thinkMs;
      if (plan.stopAt !== undefined && Date.now() + pause > plan.stopAt) break;
      await sleep(pause);
      if (interrupted) await resumeAndCheck();
      await save(qid, LETTERS[Math.floor(rand() * 4)]);
    }
    if (plan.leaveAfter !== undefined) return log;
    // Second thoughts: a few answers are changed before the submit (the save is an upsert).
    for (let i = 0; i < 2 && questions.length; i++) {
      const qid = questions[Math.floor(rand() * questions.length)];
      const previous = log.acks.get(qid)?.at(-1);
      await save(qid, LETTERS[(LETTERS.indexOf(previous ?? 'A') + 1) % 4]);
    }
    if (interrupted) await resumeAndCheck();
    const sheet = plan.sendSheet
      ? [...log.acks].map(([question_id, letters]) => ({ question_id, selected_answer: letters.at(-1) }))
      : [];
    const result = await call<{ id?: number }>('quiz.submit', {
      session_id: log.sessionId,
      answers: sheet,
      time_spent_minutes: Math.round((Date.now() - startedAt) / 60_000),
    });
    // A class mock's result before its release may carry no id: the database is checked instead.
    log.resultId = result.id ?? null;
    log.submittedAt = Date.now();
  } catch (err) {
    log.fatal = err instanceof Error ? err.message : String(err);
  }
  return log;
}
