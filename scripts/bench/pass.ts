// The bench's request rows on each database, side by side: per database a fresh fixture and the
// server child on it, then each row measured on one server and right after on the other (which
// goes first alternates), so that the machine's drift over the minutes of a run falls on both
// alike. Every row is read as a share of its own server's bare Express ceiling, measured first
// and last. PostgreSQL runs on a throwaway cluster (initdb in a temporary folder, removed after,
// also when the run fails or is interrupted).
import path from 'node:path';
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import { postgresBin } from '../../db/postgresBin';
import { startCluster } from '../postgres/cluster';
import { measureHashRate, type HashRate } from './argon';
import { CONNECTIONS, measure, type Measurement } from './cannon';
import { freshDataDir } from './dataDir';
import { prepareFixture, type Fixture } from './fixtures';
import { fillHistories, masteryOverview } from './mastery';
import { fillBank, questionSearch, type Bank } from './questionSearch';
import { fillDeck, reviewQueue, type Deck } from './reviewQueue';
import { EXAM_DAY_STUDENTS, examDayStart, fillExamDayHistory, type ExamDayBench } from './examDay';
import { customTestCount, customTestStart, fillCustomHistory, type CustomHistory } from './customTests';
import * as sc from './scenarios';
import { ServerProcess } from './serverProcess';

export type Database = 'sqlite' | 'postgres';

export const DATABASE_NAMES: Record<Database, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** A measurement with the key it is known by across passes, read against its pass's ceiling. */
export interface Row extends Measurement {
  key: string;
  /** req/s over the ceiling's */
  ratio: number;
  /** the ceiling's server CPU per request over this row's */
  cpuRatio: number;
}

export interface Pass {
  database: Database;
  /** The database's name and version, e.g. 'PostgreSQL 15.14'. */
  engine: string;
  /** Why this pass has no figures (PostgreSQL not installed, left out by --database), else null. */
  skipped: string | null;
  /** Mean req/s of the pass's first and last ceiling rows. */
  ceilingRps: number;
  measurements: Row[];
  /** Argon2id verifies a second, measured alone right before the pass's sign-in row. */
  hashRate: HashRate | null;
  /** Highest resident memory (VmHWM) of the pass's server. */
  peakServerMb: number;
  /** process.memoryUsage() of the server after each step, in MB. */
  memoryAfter: Record<string, Record<string, number>>;
}

export const skippedPass = (database: Database, why: string): Pass => ({
  database,
  engine: DATABASE_NAMES[database],
  skipped: why,
  ceilingRps: 0,
  measurements: [],
  hashRate: null,
  peakServerMb: 0,
  memoryAfter: {},
});

export interface PassOptions {
  students: number;
  /** How the server runs: compiled (productionLaunch) or under tsx. */
  launch: { compiled?: string; nodeFlags?: string[]; env?: Record<string, string> };
  profileDir?: string;
  /** Whether a row (by its --only key) is measured. */
  wanted: (name: string) => boolean;
  /** More work on a database's server after the last ceiling, e.g. the import on SQLite. */
  after?: (
    database: Database,
    server: ServerProcess,
    fixture: Fixture,
    memoryAfter: Pass['memoryAfter'],
  ) => Promise<void>;
}

/** The ceiling of a pass: the mean of its bare-Express rows, in req/s and CPU per request. */
export function ceilingOf(rows: Measurement[]): { rps: number; cpu: number } {
  const ceilings = rows.filter((m) => m.name.startsWith('ceiling') && !m.note);
  if (!ceilings.length) return { rps: 0, cpu: 0 };
  const mean = (f: (m: Measurement) => number) => ceilings.reduce((s, m) => s + f(m), 0) / ceilings.length;
  return { rps: mean((m) => m.rps), cpu: mean((m) => m.cpuUsPerRequest) };
}

/** One database's server and what its rows have measured so far. */
interface Side {
  database: Database;
  engine: string;
  db: DB;
  fixture: Fixture;
  server: ServerProcess;
  available: sc.Available;
  measured: Array<Measurement & { key: string }>;
  memoryAfter: Pass['memoryAfter'];
  /** The open sessions of the bench's mock, once quiz.start has run. */
  sessions: sc.Session[];
  hashRate: HashRate | null;
  /** The 20,000-question bank, once the search row has written it. */
  bank: Bank | null;
  /** The review deck of a student with 5,000 answers, once the review row has written it. */
  deck: Deck | null;
  /** The exam-day row's students with their history, once it has written them. */
  examDay: ExamDayBench | null;
  /** Students with 5,000 answers on the bank, once the custom test row has written them. */
  customHistory: CustomHistory | null;
}

interface Step {
  key: string;
  /** Setup on the side right before its measurement, not measured. */
  before?: (s: Side) => Promise<void>;
  work: (s: Side) => Promise<Measurement>;
}

/** The rows in the order they run; `wanted` leaves some out (--only), never the ceilings. */
function steps(wanted: (name: string) => boolean): Step[] {
  // A few hundred students warm quiz.start and submit up; the rest are measured.
  const warm = (s: Side) => s.fixture.students.slice(0, 200);
  const measured = (s: Side) => s.fixture.students.slice(200);
  // Half the sessions submit a sheet saved answer by answer (what the client does), the other
  // half one the submit has to write whole.
  const savedHalf = (s: Side) => s.sessions.slice(0, Math.floor(s.sessions.length / 2));
  const quiz = wanted('quiz') || wanted('results') || wanted('quiz storm');
  const all: Array<Step | false> = [
    { key: 'ceiling-first', work: (s) => sc.ceiling(s.server, ' (first)') },
    wanted('floor') && { key: 'floor', work: (s) => sc.signedInFloor(s.server, s.fixture, s.available) },
    wanted('catalogue (tRPC)') && {
      key: 'catalogue-trpc',
      work: (s) => sc.catalogTrpc(s.server, s.fixture, s.available),
    },
    wanted('catalogue (REST)') && {
      key: 'catalogue-rest',
      work: (s) => sc.catalogRest(s.server, s.fixture, s.available),
    },
    quiz && {
      key: 'quiz-start',
      before: async (s) => {
        await sc.quizStart(s.server, s.fixture, s.available, warm(s));
      },
      work: (s) => sc.quizStart(s.server, s.fixture, s.available, measured(s)),
    },
    quiz && {
      key: 'quiz-saveAnswer',
      before: async (s) => {
        s.sessions = await sc.openSessions(s.db, s.fixture);
      },
      work: (s) => sc.saveAnswer(s.server, s.fixture, s.available, s.sessions),
    },
    quiz &&
      wanted('quiz storm') && {
        key: 'save-during-sign-ins',
        work: (s) => sc.saveDuringSignIns(s.server, s.fixture, s.available, s.sessions),
      },
    quiz && {
      key: 'quiz-submit',
      before: async (s) => {
        await sc.saveWholeSheets(s.db, s.fixture, savedHalf(s));
        // Those sheets were written from the bench's own connection, and the sign-ins of the row
        // before wrote users and tokens: either empties the server's cache of signed-in users.
        // The students' saves through the server would not have, so each is seen once again first.
        await sc.signedInFloor(s.server, s.fixture, s.available, { amount: s.fixture.students.length });
      },
      work: (s) => sc.submit(s.server, s.fixture, s.available, savedHalf(s), true),
    },
    quiz && {
      key: 'quiz-submit-unsaved',
      work: (s) => sc.submit(s.server, s.fixture, s.available, s.sessions.slice(savedHalf(s).length), false),
    },
    quiz && { key: 'results-list', work: (s) => sc.resultsList(s.server, s.available, measured(s)) },
    wanted('sign-in') && {
      key: 'sign-in',
      // The hash alone right before sign-in, so both see the same machine (others may share it).
      before: async (s) => {
        console.log(`  [${DATABASE_NAMES[s.database]}] Argon2id alone...`);
        s.hashRate = await measureHashRate(CONNECTIONS);
      },
      work: (s) => sc.signIn(s.server, s.fixture),
    },
    wanted('review queue') && {
      key: 'review-queue',
      before: async (s) => {
        console.log(`  [${DATABASE_NAMES[s.database]}] writing a deck for 5,000 answers...`);
        s.deck = await fillDeck(s.db, s.fixture);
      },
      work: (s) => reviewQueue(s.server, s.available, s.deck as Deck),
    },
    wanted('mastery') && {
      key: 'mastery',
      before: async (s) => {
        console.log(`  [${DATABASE_NAMES[s.database]}] writing 5,000 answers of history per student...`);
        const t0 = performance.now();
        await fillHistories(s.db, s.fixture);
        console.log(`  written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      },
      work: (s) => masteryOverview(s.server, s.available, s.fixture.students),
    },
    // Last of the app rows: its 20,000 questions weigh on no other row.
    wanted('question search') && {
      key: 'question-search',
      before: async (s) => {
        console.log(`  [${DATABASE_NAMES[s.database]}] writing a 20,000-question bank...`);
        s.bank = await fillBank(s.db, s.fixture.admin.id);
      },
      work: (s) => questionSearch(s.server, s.fixture.admin.access, s.available, s.bank as Bank),
    },
    // On the same bank (written here when the search row was left out).
    wanted('exam day') && {
      key: 'exam-day-start',
      before: async (s) => {
        if (!s.bank) {
          console.log(`  [${DATABASE_NAMES[s.database]}] writing a 20,000-question bank...`);
          s.bank = await fillBank(s.db, s.fixture.admin.id);
        }
        console.log(
          `  [${DATABASE_NAMES[s.database]}] writing 5,000 answers of history for ${EXAM_DAY_STUDENTS} students...`,
        );
        // The last students of the pool: no other row's history is theirs.
        s.examDay = await fillExamDayHistory(s.db, s.bank, s.fixture.students.slice(-EXAM_DAY_STUDENTS));
      },
      work: (s) => examDayStart(s.server, s.available, s.bank as Bank, s.examDay as ExamDayBench),
    },
    // On the same bank: the builder's start and count for students with 5,000 answers on it.
    wanted('custom test') && {
      key: 'custom-test-start',
      before: async (s) => {
        if (!s.bank) {
          console.log(`  [${DATABASE_NAMES[s.database]}] writing a 20,000-question bank...`);
          s.bank = await fillBank(s.db, s.fixture.admin.id);
        }
        console.log(`  [${DATABASE_NAMES[s.database]}] writing 5,000 answers on the bank for 20 students...`);
        s.customHistory = await fillCustomHistory(s.db, s.fixture, s.bank);
      },
      work: (s) => customTestStart(s.server, s.available, s.customHistory as CustomHistory),
    },
    wanted('custom test') && {
      key: 'custom-test-count',
      work: (s) => customTestCount(s.server, s.available, s.customHistory as CustomHistory),
    },
    { key: 'ceiling-last', work: (s) => sc.ceiling(s.server, ' (last)') },
  ];
  return all.filter((step): step is Step => step !== false);
}

/** The rows on each of `databases`; a pass that cannot run (PostgreSQL not installed) says why. */
export async function runPasses(databases: Database[], opts: PassOptions): Promise<Pass[]> {
  // What to undo, newest last: clusters, data directories, servers. Run once, on any way out.
  const undo: Array<() => Promise<void> | void> = [];
  let undone: Promise<void> | null = null;
  const cleanUp = () =>
    (undone ??= (async () => {
      for (const step of undo.reverse()) {
        try {
          await step();
        } catch (err) {
          console.error(`Cleaning up after the bench: ${(err as Error).message}`);
        }
      }
    })());
  // An interrupted bench (Ctrl-C, SIGTERM) still stops its servers and its cluster and removes
  // their folders, then ends as the signal would have ended it.
  const interrupted = (signal: NodeJS.Signals) => {
    void cleanUp().finally(() => process.kill(process.pid, signal));
  };
  const signals = ['SIGINT', 'SIGTERM'] as const;
  for (const s of signals) process.once(s, interrupted);
  const skipped: Pass[] = [];
  const sides: Side[] = [];
  try {
    for (const database of databases) {
      let postgresUrl: string | undefined;
      if (database === 'postgres') {
        try {
          postgresBin();
        } catch (err) {
          console.log(`PostgreSQL rows left out: ${(err as Error).message}`);
          skipped.push(skippedPass(database, (err as Error).message));
          continue;
        }
        const cluster = await startCluster();
        undo.push(() => cluster.stop());
        postgresUrl = cluster.url;
      }
      sides.push(await openSide(database, postgresUrl, opts, undo));
    }
    for (const s of sides) {
      // Warm both processes' JIT before the first figure counts. Each student signed in once
      // before, as in a class already working: the server has checked each token's signature and
      // read each session once (the rows then measure steady state).
      await measure('warm-up', s.server, [{ method: 'GET', path: '/__ceiling' }], { duration: 2 });
      await sc.signedInFloor(s.server, s.fixture, s.available, { amount: s.fixture.students.length });
    }
    for (const [i, step] of steps(opts.wanted).entries()) {
      for (const s of i % 2 === 0 ? sides : [...sides].reverse()) await runStep(s, step);
    }
    const passes: Pass[] = [];
    for (const s of sides) {
      await opts.after?.(s.database, s.server, s.fixture, s.memoryAfter);
      await s.server.stop();
      passes.push(passOf(s));
    }
    return [...passes, ...skipped];
  } finally {
    for (const s of signals) process.off(s, interrupted);
    await cleanUp();
  }
}

/** A fresh database with the fixture, and the server child on it. */
async function openSide(
  database: Database,
  postgresUrl: string | undefined,
  opts: PassOptions,
  undo: Array<() => Promise<void> | void>,
): Promise<Side> {
  const label = DATABASE_NAMES[database];
  const data = await freshDataDir(`nmc-bench-${database}`, { postgresUrl });
  undo.push(() => data.remove());
  console.log(`${label}: preparing ${opts.students} students and a 100-question mock...`);
  const t0 = performance.now();
  const fixture = await prepareFixture(data.db, data.signer, { students: opts.students, mockQuestions: 100 });
  console.log(`  prepared in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const server = await ServerProcess.start({
    dataDir: data.dir,
    jwtSecret: data.jwtSecret,
    relaxedLimits: true,
    profileDir: opts.profileDir ? path.resolve(opts.profileDir) : undefined,
    ...opts.launch,
    // Set either way: a DATABASE_URL in the developer's shell must not move the SQLite side.
    env: { ...opts.launch.env, DATABASE_URL: data.env.DATABASE_URL ?? '' },
  });
  undo.push(() => server.stop());
  return {
    database,
    engine: `${label} ${await versionOf(database, data.db)}`,
    db: data.db,
    fixture,
    server,
    available: sc.availableOn(server, fixture),
    measured: [],
    memoryAfter: {},
    sessions: [],
    hashRate: null,
    bank: null,
    deck: null,
    examDay: null,
    customHistory: null,
  };
}

async function runStep(s: Side, step: Step): Promise<void> {
  await step.before?.(s);
  const m = await s.server.profile(`${s.database}-${step.key}`, () => step.work(s));
  s.measured.push({ ...m, key: step.key });
  console.log(
    `  [${DATABASE_NAMES[s.database]}] ${m.name}: ${m.note ?? `${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.cpuUsPerRequest} µs CPU/req`}` +
      ` (server peak so far ${(s.server.peakBytes / 2 ** 20).toFixed(0)} MB)`,
  );
  s.memoryAfter[step.key] = await s.server.memory();
}

function passOf(s: Side): Pass {
  const ceiling = ceilingOf(s.measured);
  return {
    database: s.database,
    engine: s.engine,
    skipped: null,
    ceilingRps: ceiling.rps,
    measurements: s.measured.map((m) => ({
      ...m,
      ratio: ceiling.rps ? m.rps / ceiling.rps : 0,
      cpuRatio: m.cpuUsPerRequest ? ceiling.cpu / m.cpuUsPerRequest : 0,
    })),
    hashRate: s.hashRate,
    peakServerMb: s.server.peakBytes / 2 ** 20,
    memoryAfter: s.memoryAfter,
  };
}

async function versionOf(database: Database, db: DB): Promise<string> {
  const query =
    database === 'sqlite'
      ? sql<{ v: string }>`select sqlite_version() as v`
      : sql<{ v: string }>`select current_setting('server_version') as v`;
  return (await query.execute(db)).rows[0].v;
}
