// One pass of the bench's request rows against one database: a fresh fixture, the server child
// on it, every row between two runs of the bare Express ceiling, each row then read as a share of
// that pass's own ceiling. On PostgreSQL the pass brings its own throwaway cluster (initdb in a
// temporary folder, removed after, also when the pass fails or the bench is interrupted).
import path from 'node:path';
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import { postgresBin } from '../../db/postgresBin';
import { startCluster, type Cluster } from '../postgres/cluster';
import { measureHashRate, type HashRate } from './argon';
import { CONNECTIONS, measure, type Measurement } from './cannon';
import { freshDataDir } from './dataDir';
import { prepareFixture, type Fixture } from './fixtures';
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
  /** More work on the pass's server after its last ceiling, e.g. the import on SQLite. */
  after?: (server: ServerProcess, fixture: Fixture, memoryAfter: Pass['memoryAfter']) => Promise<void>;
}

/** The ceiling of a pass: the mean of its bare-Express rows, in req/s and CPU per request. */
export function ceilingOf(rows: Measurement[]): { rps: number; cpu: number } {
  const ceilings = rows.filter((m) => m.name.startsWith('ceiling') && !m.note);
  if (!ceilings.length) return { rps: 0, cpu: 0 };
  const mean = (f: (m: Measurement) => number) => ceilings.reduce((s, m) => s + f(m), 0) / ceilings.length;
  return { rps: mean((m) => m.rps), cpu: mean((m) => m.cpuUsPerRequest) };
}

export async function runPass(database: Database, opts: PassOptions): Promise<Pass> {
  let cluster: Cluster | null = null;
  if (database === 'postgres') {
    try {
      postgresBin();
    } catch (err) {
      return skippedPass(database, (err as Error).message);
    }
    cluster = await startCluster();
  }
  // An interrupted bench (Ctrl-C) still stops the cluster and removes its folder.
  const interrupted = (signal: NodeJS.Signals) => {
    cluster?.stop();
    process.kill(process.pid, signal);
  };
  if (cluster) for (const s of ['SIGINT', 'SIGTERM'] as const) process.once(s, interrupted);
  try {
    return await measurePass(database, cluster?.url, opts);
  } finally {
    for (const s of ['SIGINT', 'SIGTERM'] as const) process.off(s, interrupted);
    cluster?.stop();
  }
}

async function versionOf(database: Database, db: DB): Promise<string> {
  const query =
    database === 'sqlite'
      ? sql<{ v: string }>`select sqlite_version() as v`
      : sql<{ v: string }>`select current_setting('server_version') as v`;
  return (await query.execute(db)).rows[0].v;
}

async function measurePass(
  database: Database,
  postgresUrl: string | undefined,
  opts: PassOptions,
): Promise<Pass> {
  const label = DATABASE_NAMES[database];
  const data = await freshDataDir(`nmc-bench-${database}`, { postgresUrl });
  let server: ServerProcess | null = null;
  try {
    console.log(`\n${label}: preparing ${opts.students} students and a 100-question mock...`);
    const t0 = performance.now();
    const fixture = await prepareFixture(data.db, data.signer, {
      students: opts.students,
      mockQuestions: 100,
    });
    console.log(`  prepared in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    server = await ServerProcess.start({
      dataDir: data.dir,
      jwtSecret: data.jwtSecret,
      relaxedLimits: true,
      profileDir: opts.profileDir ? path.resolve(opts.profileDir) : undefined,
      ...opts.launch,
      // Set either way: a DATABASE_URL in the developer's shell must not move the SQLite pass.
      env: { ...opts.launch.env, DATABASE_URL: data.env.DATABASE_URL ?? '' },
    });
    const rows = await measureRows(database, server, fixture, data.db, opts);
    const memoryAfter = rows.memoryAfter;
    await opts.after?.(server, fixture, memoryAfter);
    await server.stop();
    const ceiling = ceilingOf(rows.measured);
    return {
      database,
      engine: `${label} ${await versionOf(database, data.db)}`,
      skipped: null,
      ceilingRps: ceiling.rps,
      measurements: rows.measured.map((m) => ({
        ...m,
        ratio: ceiling.rps ? m.rps / ceiling.rps : 0,
        cpuRatio: m.cpuUsPerRequest ? ceiling.cpu / m.cpuUsPerRequest : 0,
      })),
      hashRate: rows.hashRate,
      peakServerMb: server.peakBytes / 2 ** 20,
      memoryAfter,
    };
  } finally {
    await server?.stop();
    await data.remove();
  }
}

async function measureRows(
  database: Database,
  server: ServerProcess,
  fixture: Fixture,
  db: DB,
  { wanted }: PassOptions,
) {
  const measured: Array<Measurement & { key: string }> = [];
  const memoryAfter: Pass['memoryAfter'] = {};
  const run = async (key: string, work: () => Promise<Measurement>) => {
    const m = await server.profile(`${database}-${key}`, work);
    measured.push({ ...m, key });
    console.log(
      `  ${m.name}: ${m.note ?? `${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.cpuUsPerRequest} µs CPU/req`}` +
        ` (server peak so far ${(server.peakBytes / 2 ** 20).toFixed(0)} MB)`,
    );
    memoryAfter[key] = await server.memory();
  };
  const available = sc.availableOn(server, fixture);
  // Warm both processes' JIT before the first figure counts.
  await measure('warm-up', server, [{ method: 'GET', path: '/__ceiling' }], { duration: 2 });
  // Each student signed in once before, as in a class already working: the server has checked
  // each token's signature and read each session once (the rows then measure steady state).
  await sc.signedInFloor(server, fixture, available, { amount: fixture.students.length });
  await run('ceiling-first', () => sc.ceiling(server, ' (first)'));
  if (wanted('floor')) await run('floor', () => sc.signedInFloor(server, fixture, available));
  if (wanted('catalogue (tRPC)'))
    await run('catalogue-trpc', () => sc.catalogTrpc(server, fixture, available));
  if (wanted('catalogue (REST)'))
    await run('catalogue-rest', () => sc.catalogRest(server, fixture, available));
  // A few hundred students warm quiz.start and submit up; the rest are measured.
  const warm = fixture.students.slice(0, 200);
  const measuredStudents = fixture.students.slice(200);
  if (wanted('quiz') || wanted('results') || wanted('quiz storm')) {
    await sc.quizStart(server, fixture, available, warm);
    await run('quiz-start', () => sc.quizStart(server, fixture, available, measuredStudents));
    const sessions = await sc.openSessions(db, fixture);
    await run('quiz-saveAnswer', () => sc.saveAnswer(server, fixture, available, sessions));
    if (wanted('quiz storm'))
      await run('save-during-sign-ins', () => sc.saveDuringSignIns(server, fixture, available, sessions));
    // Half the sessions submit a sheet saved answer by answer (what the client does), the other
    // half one the submit has to write whole.
    const savedHalf = sessions.slice(0, Math.floor(sessions.length / 2));
    await sc.saveWholeSheets(db, fixture, savedHalf);
    // Those sheets were written from the bench's own connection, and the sign-ins of the row
    // before wrote users and tokens: either empties the server's cache of signed-in users. The
    // students' saves through the server would not have, so each is seen once again first.
    await sc.signedInFloor(server, fixture, available, { amount: fixture.students.length });
    await run('quiz-submit', () => sc.submit(server, fixture, available, savedHalf, true));
    await run('quiz-submit-unsaved', () =>
      sc.submit(server, fixture, available, sessions.slice(savedHalf.length), false),
    );
    await run('results-list', () => sc.resultsList(server, available, measuredStudents));
  }
  // The hash alone right before sign-in, so both see the same machine (others may share it).
  console.log('  Argon2id alone...');
  const hashRate = await measureHashRate(CONNECTIONS);
  if (wanted('sign-in')) await run('sign-in', () => sc.signIn(server, fixture));
  await run('ceiling-last', () => sc.ceiling(server, ' (last)'));
  return { measured, memoryAfter, hashRate };
}
