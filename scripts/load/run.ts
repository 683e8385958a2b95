// The load and fault runs, as functions the CLI (npm run loadtest) and the CI tests share: a
// fresh database (SQLite, or PostgreSQL in a throwaway cluster) with a 50-question mock and N
// verified students, the server as a child process (with N workers if asked), every student
// simulated concurrently over keep-alive HTTP, optionally a SIGKILL mid-run (of the server,
// restarted on the same data directory; or of one worker, while the others serve), optionally an
// online backup taken mid-run (SQLite); then the database checks of verify.ts.
import path from 'node:path';
import { createDb, type DB } from '../../db/client';
import { backupDatabase } from '../../server/services/backup';
import { keyOf, STUDENT_PASSWORD, type Fixture, type Student } from '../bench/fixtures';
import { launchLoad } from './launch';
import { Latencies, type Percentiles } from './stats';
import { newStudentLog, simulateStudent, type StudentLog } from './student';
import { ackedAnswersPresent, integrityCheck, verifyRun, type Check } from './verify';

export interface LoadOptions {
  students: number;
  questions: number;
  /** Upper bound of each random think time before an answer. */
  thinkMs: number;
  /** Where the data lives (default sqlite): postgres starts a throwaway cluster for the run. */
  database?: 'sqlite' | 'postgres';
  /** Worker processes of the server (WEB_CONCURRENCY); with more than one, the kill hits one worker. */
  processes?: number;
  /** The 3,000 sign-ins of ten schools come over minutes, not at once: each student starts within this. */
  spreadStartMs?: number;
  /**
   * Kill the server (SIGKILL) once this share of the expected saves is acknowledged; restart after
   * downMs. Just before the kill, `abandoned` extra students get a mock session whose deadline has
   * passed, with some answers saved, and never come back: the restarted server must grade them.
   */
  kill?: { atShare: number; downMs: number; abandoned?: number };
  /** Take an online backup (backupDatabase, SQLite) once this share of the expected saves is acknowledged. */
  backup?: { atShare: number };
  /** Everything (students' retries included) stops after this long. */
  timeLimitMs: number;
  /** Lift the sign-in rate limits; off by default, so the run proves the defaults admit a class. */
  relaxedLimits?: boolean;
  /** Leave the data directory in place (its path is in the report), e.g. to tamper with it in a test. */
  keepData?: boolean;
  /**
   * Run the server as `npm start` does (compiled to JavaScript, with its node options) instead of
   * under tsx; the CLI does, so its memory and latency figures are those of a deployment.
   */
  production?: boolean;
  log?: (line: string) => void;
}

export interface BackupFigures {
  file: string;
  ms: number;
  ackedBefore: number;
  checks: Check[];
}

export interface LoadReport {
  database: 'sqlite' | 'postgres';
  processes: number;
  students: number;
  questions: number;
  durationMs: number;
  latencies: Record<string, Percentiles>;
  /** By phase: sign-ins with their busy waits, the saves made while others signed in, and around a kill. */
  phases: Record<string, Percentiles>;
  /** Sign-ins answered "busy, try again in N s" and repeated. */
  busy: number;
  acks: number;
  networkErrors: number;
  networkErrorSamples: string[];
  httpErrors: string[];
  fatal: string[];
  lostOnResume: string[];
  resumes: number;
  kills: number;
  peakServerMb: number;
  checks: Check[];
  backup: BackupFigures | null;
  ok: boolean;
  /** The database (file or URL), when keepData was set. */
  databaseFile: string | null;
  logs: StudentLog[];
  quizId: number;
}

/** A deep copy of the acknowledgements so far: what a backup started now must contain. */
function snapshot(logs: StudentLog[]): StudentLog[] {
  return logs.map((l) => ({ ...l, acks: new Map([...l.acks].map(([q, letters]) => [q, [...letters]])) }));
}

export async function runLoad(opts: LoadOptions): Promise<LoadReport> {
  const say = opts.log ?? (() => {});
  if (opts.backup && opts.database === 'postgres')
    throw new Error('--backup takes an online SQLite backup: not with --database postgres');
  const processes = opts.processes ?? 1;
  const abandoned = opts.kill?.abandoned ?? 0;
  const { data, fixture, server, client, target, finish } = await launchLoad({
    ...opts,
    fixture: { students: opts.students + abandoned, mockQuestions: opts.questions, timeLimitMinutes: 60 },
  });
  const file = data.env.DATABASE_FILE;
  const latencies = new Latencies();
  const phases = new Latencies();
  const signIns = { done: 0, of: opts.students };
  const kill: { at?: number } = {};
  const started = Date.now();
  const deadline = started + opts.timeLimitMs;
  const expectedAcks = opts.students * (opts.questions + 2);
  const logs: StudentLog[] = fixture.students.slice(0, opts.students).map((s) => newStudentLog(s.email));
  let acks = 0;
  let kills = 0;
  let chaos: Promise<void> = Promise.resolve();
  // A holder, not a `let`: it is set inside a callback, where TypeScript's narrowing cannot follow.
  const pending: { backup: Promise<BackupFigures & { before: StudentLog[] }> | null } = { backup: null };

  const simulated = fixture.students.slice(0, opts.students);
  const crash = async (downMs: number) => {
    await abandonSessions(data.db, fixture.students.slice(opts.students), fixture);
    if (processes > 1) {
      const pid = server.killWorker();
      kill.at = Date.now();
      kills++;
      say(`  SIGKILL of worker ${pid} at ${acks} acknowledged saves; the other workers serve on`);
      return;
    }
    say(
      `  SIGKILL of the server at ${acks} acknowledged saves (${abandoned} abandoned past-deadline sessions in the database)`,
    );
    await server.kill();
    kill.at = Date.now();
    kills++;
    await new Promise((r) => setTimeout(r, downMs));
    await server.restart();
    say(`  server restarted on the same data directory`);
  };
  const backup = async (): Promise<BackupFigures & { before: StudentLog[] }> => {
    // Taken from this process with its own connection, exactly as `npm run backup` would.
    const before = snapshot(logs);
    const ackedBefore = acks;
    const db = createDb(file);
    const t0 = performance.now();
    try {
      const { file: copy } = await backupDatabase(db, file, path.join(data.dir, 'backups'));
      const ms = performance.now() - t0;
      say(`  backup taken at ${ackedBefore} acknowledged saves in ${ms.toFixed(0)} ms`);
      // The copy is checked after the run, when every later acknowledgement is known too.
      return { file: copy, ms, ackedBefore, checks: [], before };
    } finally {
      await db.destroy();
    }
  };
  const onAck = () => {
    acks++;
    if (opts.kill && kills === 0 && acks === Math.floor(expectedAcks * opts.kill.atShare)) {
      chaos = crash(opts.kill.downMs);
    }
    if (opts.backup && !pending.backup && acks === Math.floor(expectedAcks * opts.backup.atShare)) {
      pending.backup = backup();
    }
  };

  try {
    say(`${opts.students} students, ${opts.questions}-question mock, think time up to ${opts.thinkMs} ms`);
    await Promise.all(
      simulated.map(async (s, i) => {
        // The class starts within a second of 9:00, not in the same microsecond.
        await new Promise((r) => setTimeout(r, Math.random() * (opts.spreadStartMs ?? 1000)));
        const plan = {
          email: s.email,
          password: STUDENT_PASSWORD,
          quizId: fixture.mockSetId,
          thinkMs: opts.thinkMs,
          sendSheet: i % 2 === 0,
          seed: i + 1,
        };
        await simulateStudent(
          plan,
          { client, latencies, deadline, onAck, phases, signIns, kill: opts.kill ? kill : undefined },
          logs[i],
        );
      }),
    );
    await chaos;
    const taken = pending.backup ? await pending.backup : null;
    const backupFigures: BackupFigures | null = taken && {
      file: taken.file,
      ms: taken.ms,
      ackedBefore: taken.ackedBefore,
      checks: await checkBackup(taken.file, taken.before, logs),
    };
    await server.stop();
    const checks = await verifyRun(data.db, logs, fixture.mockSetId);
    const all = (f: (l: StudentLog) => string[]) => logs.flatMap(f);
    const report: LoadReport = {
      database: opts.database ?? 'sqlite',
      processes,
      students: opts.students,
      questions: opts.questions,
      durationMs: Date.now() - started,
      latencies: latencies.summary(),
      phases: phases.summary(),
      busy: logs.reduce((n, l) => n + l.busy, 0),
      acks,
      networkErrors: logs.reduce((n, l) => n + l.networkErrors, 0),
      networkErrorSamples: all((l) => l.networkErrorSamples).slice(0, 10),
      httpErrors: all((l) => l.httpErrors.map((e) => `${l.email}: ${e}`)),
      fatal: all((l) => (l.fatal ? [`${l.email}: ${l.fatal}`] : [])),
      lostOnResume: all((l) => l.lostOnResume.map((e) => `${l.email}: ${e}`)),
      resumes: logs.reduce((n, l) => n + l.resumes, 0),
      kills,
      peakServerMb: server.peakBytes / 2 ** 20,
      checks,
      backup: backupFigures,
      ok: false,
      databaseFile: opts.keepData ? target : null,
      logs,
      quizId: fixture.mockSetId,
    };
    report.ok =
      checks.every((c) => c.ok) &&
      report.fatal.length === 0 &&
      report.httpErrors.length === 0 &&
      report.lostOnResume.length === 0 &&
      // Network errors are the expected face of a killed server, and never acceptable otherwise.
      (opts.kill ? kills === 1 : report.networkErrors === 0) &&
      (!opts.backup || Boolean(backupFigures?.checks.every((c) => c.ok)));
    return report;
  } finally {
    await finish(opts.keepData ?? false);
  }
}

async function checkBackup(copy: string, before: StudentLog[], after: StudentLog[]): Promise<Check[]> {
  const db = createDb(copy);
  try {
    const integrity = await integrityCheck(db);
    return [
      { ...integrity!, name: `backup: ${integrity!.name}` },
      await ackedAnswersPresent(db, before, 'snapshot', after),
    ];
  } finally {
    await db.destroy();
  }
}

/**
 * Sessions of students who left mid-exam and whose deadline has passed (written straight into the
 * database, as the server would have left them): nobody will submit them.
 */
async function abandonSessions(db: DB, students: Student[], fixture: Fixture): Promise<void> {
  if (!students.length) return;
  const started = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
  const deadline = new Date(Date.now() - 60 * 60_000).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const s of students) {
      const { id } = await trx
        .insertInto('quiz_sessions')
        .values({
          user_id: s.id,
          quiz_type: 'mock',
          quiz_id: fixture.mockSetId,
          quiz_name: 'Abandoned attempt',
          question_ids: JSON.stringify(fixture.mockQuestionIds),
          started_at: started,
          deadline_at: deadline,
          submitted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Half the questions answered before the student left.
      const answers = fixture.mockQuestionIds
        .map((q, i) => ({
          session_id: id,
          question_id: q,
          selected_answer: keyOf(i + s.id),
          saved_at: started,
        }))
        .filter((_, i) => i % 2 === 0);
      await trx.insertInto('session_answers').values(answers).execute();
    }
  });
}
