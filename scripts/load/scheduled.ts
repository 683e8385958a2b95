// The national mock day: students of many schools, each school with its own class mock of the
// same mock set and the same window, on one server. Set-up is written straight into the database
// (schools, students sharing one password hash, a school admin each); everything after goes over
// HTTP as the browser sends it: each school admin schedules the class mock
// (admin.classMocks.create), students sign in (auth.login, a real Argon2id verify) over the
// sign-in spread, look at their class mocks, start within the first minutes of the window
// (classMocks.start), answer about every think time (quiz.saveAnswer) and submit (quiz.submit);
// some leave without submitting, and the server must close and grade those attempts at the
// window's end. Then the database checks of verify.ts, the grading delay after the close, the
// save latency, and each server process's peak memory.
import os from 'node:os';
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import { STUDENT_PASSWORD, type Fixture } from '../bench/fixtures';
import { machineInfo, type Machine } from '../bench/machine';
import { childrenOf, readCpuMs, type ServerProcess } from '../bench/serverProcess';
import type { JsonClient } from './http';
import { launchLoad } from './launch';
import { Latencies, type Percentiles } from './stats';
import { serverSaveCounts, savesSince, ToolDelay } from './serverSide';
import { newStudentLog, simulateStudent, type StudentLog } from './student';
import { verifyRun, type Check } from './verify';

export interface ScheduledOptions {
  students: number;
  schools: number;
  questions: number;
  database?: 'sqlite' | 'postgres';
  processes?: number;
  /** Every student signs in at a random moment within this, from the start of the run. */
  signInSpreadMs: number;
  /** Every student starts at a random moment within this from the window's opening (not before signing in). */
  startSpreadMs: number;
  /** From the opening to the closing of the class mocks. */
  windowMs: number;
  /** The mean pause before each answer (each pause is random between 0 and twice this). */
  thinkMs: number;
  /** This share of the students leave without submitting (after answering 30-100% of the questions). */
  leaveShare: number;
  /** Goal: every attempt is graded within this after the close. */
  gradeWithinMs: number;
  /** Goal: quiz.saveAnswer's 99th percentile under this. */
  saveP99Ms: number;
  relaxedLimits?: boolean;
  production?: boolean;
  keepData?: boolean;
  log?: (line: string) => void;
}

export interface ProcessPeak {
  pid: number;
  role: 'primary' | 'worker';
  mb: number;
}

export interface ScheduledReport {
  database: 'sqlite' | 'postgres';
  processes: number;
  students: number;
  schools: number;
  questions: number;
  machine: Machine;
  durationMs: number;
  opensAt: string;
  closesAt: string;
  latencies: Record<string, Percentiles>;
  acks: number;
  /** The most saves acknowledged in one second, and the mean over the seconds that had any. */
  savesPerSecond: { peak: number; mean: number };
  networkErrors: number;
  problems: string[];
  submittedByStudents: number;
  closedByServer: number;
  /** From the close until the last attempt's result was written. */
  lastGradedAfterCloseMs: number | null;
  peaks: ProcessPeak[];
  /** CPU seconds the server processes used over the run (primary and workers). */
  serverCpuS: number;
  load: { start: number; max: number; mean: number; end: number };
  checks: Check[];
  ok: boolean;
  databaseFile: string | null;
  logs: StudentLog[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
/** Class mocks are scheduled this long before the run's clock starts (50 calls, one per school). */
const SCHEDULING_LEAD_MS = 5_000;
/** How long past the goal the run keeps watching for the last grades, so a miss is measured. */
const GRADE_WATCH_EXTRA_MS = 120_000;

/** Each school admin schedules the class mock of their school, over HTTP; returns the ids by school. */
async function scheduleClassMocks(
  client: JsonClient,
  fixture: Fixture,
  opensAt: string,
  closesAt: string,
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const school of fixture.schools) {
    const answer = await client.request(
      'POST',
      '/trpc/admin.classMocks.create',
      {
        mock_exam_set_id: fixture.mockSetId,
        program_of_study: null,
        opens_at: opensAt,
        closes_at: closesAt,
        release: 'at_close',
      },
      school.admin.access,
    );
    const id = (answer.body as { result?: { data?: { id?: number } } }).result?.data?.id;
    if (answer.status !== 200 || typeof id !== 'number')
      throw new Error(
        `scheduling the class mock of ${school.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
    ids.set(school.id, id);
  }
  return ids;
}

/** CPU time of the server's processes so far (the primary and its live workers), in ms. */
function serverCpuMs(server: ServerProcess): number {
  const pid = server.pid;
  if (!pid) return 0;
  return [pid, ...childrenOf(pid)].reduce((sum, p) => sum + (readCpuMs(p) ?? 0), 0);
}

/**
 * Polls until no session of the mock set is open, or the watch ends; returns the delay from the
 * close to the last result written (server clock, from the database), null if some stayed open.
 */
async function watchGrading(
  db: DB,
  mockSetId: number,
  closesMs: number,
  untilMs: number,
): Promise<number | null> {
  for (;;) {
    const open = await db
      .selectFrom('quiz_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('quiz_type', '=', 'mock')
      .where('quiz_id', '=', mockSetId)
      .where('submitted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(open.n) === 0) break;
    if (Date.now() > untilMs) return null;
    await sleep(500);
  }
  const last = await db
    .selectFrom('quiz_results')
    .select(sql<string>`max(created_at)`.as('at'))
    .executeTakeFirstOrThrow();
  return last.at ? new Date(last.at).getTime() - closesMs : null;
}

/** Every attempt is its student's school's class mock (the one classMocks.start was given). */
async function attemptsOfOwnSchool(db: DB, mockSetId: number): Promise<Check> {
  const rows = await db
    .selectFrom('quiz_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('class_mocks as c', 'c.id', 's.class_mock_id')
    .select(['s.id', 'u.email', 'u.school_id', 'c.school_id as mock_school'])
    .where('s.quiz_type', '=', 'mock')
    .where('s.quiz_id', '=', mockSetId)
    .execute();
  const wrong = rows.filter((r) => r.mock_school === null || r.mock_school !== r.school_id);
  return {
    name: "every attempt belongs to its school's class mock",
    ok: wrong.length === 0,
    detail: wrong.length
      ? `${wrong.length}: ${wrong
          .slice(0, 5)
          .map((r) => `session ${r.id} of ${r.email}`)
          .join('; ')}`
      : `${rows.length} attempts`,
  };
}

/** The progress line's p99 per procedure over the last minute, when time tells where a tail came from. */
function minuteFigures(recent: Latencies): string {
  const rows = Object.entries(recent.summary());
  if (!rows.length) return 'no calls';
  return rows.map(([name, p]) => `${name} p99 ${p.p99} ms (${p.count})`).join(', ');
}

export async function runScheduled(opts: ScheduledOptions): Promise<ScheduledReport> {
  const say = opts.log ?? (() => {});
  const processes = opts.processes ?? 1;
  const machine = machineInfo();
  const setupStarted = Date.now();
  const { data, fixture, server, client, target, finish } = await launchLoad({
    ...opts,
    fixture: {
      students: opts.students,
      schools: opts.schools,
      mockQuestions: opts.questions,
      // The close, not the time limit, ends every attempt.
      timeLimitMinutes: Math.ceil((opts.windowMs + opts.startSpreadMs) / 60_000) + 1,
    },
  });
  say(
    `set-up: ${opts.students} students of ${opts.schools} schools, a ${opts.questions}-question mock, ` +
      `server up in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  const latencies = new Latencies();
  // Sign-in waits and saves beside them; the report keeps the whole-run figures.
  const phases = new Latencies();
  const recent = new Latencies();
  const toolDelay = new ToolDelay();
  const signIns = { done: 0, of: opts.students };
  const clock0 = Date.now() + SCHEDULING_LEAD_MS;
  // Sign-ins run before and into the window: the last ones sign in just as the start spread ends.
  const opensMs = clock0 + Math.max(0, opts.signInSpreadMs - opts.startSpreadMs);
  const closesMs = opensMs + opts.windowMs;
  const opensAt = new Date(opensMs).toISOString();
  const closesAt = new Date(closesMs).toISOString();
  const loadSamples: number[] = [os.loadavg()[0]];
  const loadTimer = setInterval(() => loadSamples.push(os.loadavg()[0]), 10_000);
  const savesBySecond = new Map<number, number>();
  let acks = 0;
  const onAck = () => {
    acks++;
    const second = Math.floor(Date.now() / 1000);
    savesBySecond.set(second, (savesBySecond.get(second) ?? 0) + 1);
  };
  const cpuBefore = serverCpuMs(server);
  const logs = fixture.students.map((s) => newStudentLog(s.email));
  let progress: NodeJS.Timeout | undefined;
  const leaves = (i: number) => opts.leaveShare > 0 && i % Math.round(1 / opts.leaveShare) === 0;
  try {
    const classMocks = await scheduleClassMocks(client, fixture, opensAt, closesAt);
    say(`${classMocks.size} class mocks scheduled: open ${opensAt}, close ${closesAt}`);
    await sleep(clock0 - Date.now());
    let savesBefore = await serverSaveCounts(server.url);
    const firstSaves = savesBefore;
    progress = setInterval(async () => {
      const elapsed = ((Date.now() - clock0) / 1000).toFixed(0);
      const figures = minuteFigures(recent);
      recent.clear();
      const saves = await serverSaveCounts(server.url);
      say(
        `  ${elapsed} s: ${acks} saves acknowledged, load ${os.loadavg()[0].toFixed(2)}; this minute ` +
          `${figures}; ${savesSince(saves, savesBefore)}; ${toolDelay.read()}`,
      );
      savesBefore = saves ?? savesBefore;
    }, 60_000);
    await Promise.all(
      fixture.students.map(async (s, i) => {
        const signInAt = clock0 + Math.random() * opts.signInSpreadMs;
        await sleep(signInAt - Date.now());
        const plan = {
          email: s.email,
          password: STUDENT_PASSWORD,
          quizId: fixture.mockSetId,
          thinkMs: 2 * opts.thinkMs,
          sendSheet: i % 2 === 0,
          seed: i + 1,
          dashboard: ['classMocks.list'],
          start: { procedure: 'classMocks.start', input: { id: classMocks.get(s.schoolId as number) } },
          startAt: opensMs + Math.random() * opts.startSpreadMs,
          // The last answers go in a little before the close, as a student watching the clock.
          stopAt: closesMs - Math.min(5_000, opts.windowMs * 0.05),
          leaveAfter: leaves(i) ? Math.ceil(opts.questions * (0.3 + 0.7 * Math.random())) : undefined,
        };
        // Retries of an answer the server still accepts go on up to its grace after the close.
        await simulateStudent(
          plan,
          { client, latencies, deadline: closesMs + 30_000, onAck, phases, signIns, recent },
          logs[i],
        );
      }),
    );
    clearInterval(progress);
    say(
      `every student is done at ${acks} acknowledged saves (over the run, ` +
        `${savesSince(await serverSaveCounts(server.url), firstSaves)}); waiting for the close and the grading`,
    );
    await sleep(closesMs - Date.now());
    const lastGraded = await watchGrading(
      data.db,
      fixture.mockSetId,
      closesMs,
      closesMs + opts.gradeWithinMs + GRADE_WATCH_EXTRA_MS,
    );
    const serverCpuS = (serverCpuMs(server) - cpuBefore) / 1000;
    clearInterval(loadTimer);
    loadSamples.push(os.loadavg()[0]);
    await server.stop();

    const checks = await verifyRun(data.db, logs, fixture.mockSetId);
    checks.push(await attemptsOfOwnSchool(data.db, fixture.mockSetId));
    const problems = logs.flatMap((l) => [
      ...l.httpErrors.map((e) => `${l.email}: ${e}`),
      ...(l.fatal ? [`${l.email}: ${l.fatal}`] : []),
      ...l.lostOnResume.map((e) => `${l.email}: lost on resume: ${e}`),
      ...l.networkErrorSamples.map((e) => `${l.email}: network: ${e}`),
    ]);
    const networkErrors = logs.reduce((n, l) => n + l.networkErrors, 0);
    checks.push({
      name: 'no errors',
      ok: problems.length === 0 && networkErrors === 0,
      detail:
        problems.length || networkErrors
          ? `${networkErrors} network errors; ${problems.slice(0, 5).join('; ')}`
          : 'none',
    });
    const submittedByStudents = logs.filter((l) => l.submittedAt !== null).length;
    const leavers = logs.filter((_, i) => leaves(i)).length;
    checks.push({
      name: 'every attempt submitted by its student or closed by the server',
      ok: submittedByStudents === logs.length - leavers,
      detail: `${submittedByStudents} submitted by the students, ${logs.length - submittedByStudents} left to the server (${leavers} planned)`,
    });
    checks.push({
      name: `every attempt graded within ${opts.gradeWithinMs / 1000} s of the close`,
      ok: lastGraded !== null && lastGraded <= opts.gradeWithinMs,
      detail:
        lastGraded === null
          ? `attempts still open ${(opts.gradeWithinMs + GRADE_WATCH_EXTRA_MS) / 1000} s after the close`
          : `the last result written ${(lastGraded / 1000).toFixed(1)} s after the close`,
    });
    const summary = latencies.summary();
    const saves = summary['quiz.saveAnswer'];
    checks.push({
      name: `quiz.saveAnswer p99 under ${opts.saveP99Ms} ms`,
      ok: Boolean(saves) && saves.p99 < opts.saveP99Ms,
      detail: saves
        ? `p50 ${saves.p50} ms, p99 ${saves.p99} ms, max ${saves.max} ms over ${saves.count}`
        : 'no saves',
    });
    const perSecond = [...savesBySecond.values()];
    const report: ScheduledReport = {
      database: opts.database ?? 'sqlite',
      processes,
      students: opts.students,
      schools: opts.schools,
      questions: opts.questions,
      machine,
      durationMs: Date.now() - clock0,
      opensAt,
      closesAt,
      latencies: summary,
      acks,
      savesPerSecond: {
        peak: Math.max(0, ...perSecond),
        mean: perSecond.length ? acks / perSecond.length : 0,
      },
      networkErrors,
      problems,
      submittedByStudents,
      closedByServer: logs.length - submittedByStudents,
      lastGradedAfterCloseMs: lastGraded,
      peaks: [...server.peakByPid].map(([pid, p]) => ({ pid, role: p.role, mb: p.bytes / 2 ** 20 })),
      serverCpuS,
      load: {
        start: loadSamples[0],
        max: Math.max(...loadSamples),
        mean: loadSamples.reduce((a, b) => a + b, 0) / loadSamples.length,
        end: loadSamples.at(-1) ?? 0,
      },
      checks,
      ok: checks.every((c) => c.ok),
      databaseFile: opts.keepData ? target : null,
      logs,
    };
    return report;
  } finally {
    clearInterval(progress);
    clearInterval(loadTimer);
    toolDelay.stop();
    await finish(opts.keepData ?? false);
  }
}
