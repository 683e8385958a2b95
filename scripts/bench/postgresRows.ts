// The request rows again on PostgreSQL, in the same bench run: a throwaway cluster, the same
// fixture, the same server build with DATABASE_URL, and its own Express ceiling, so each row's
// ratio compares with the SQLite one (issue 20: at least half of it).
import { postgresBin } from '../../db/postgresBin';
import { startCluster } from '../postgres/cluster';
import { measure, type Measurement } from './cannon';
import { freshDataDir } from './dataDir';
import { prepareFixture } from './fixtures';
import * as sc from './scenarios';
import { ServerProcess } from './serverProcess';

export const ON_POSTGRES = ' [PostgreSQL]';

export interface PostgresRun {
  rows: Measurement[];
  /** Why nothing was measured, when PostgreSQL is not installed. */
  skipped?: string;
}

export async function measureOnPostgres(opts: {
  students: number;
  launch: { compiled?: string; nodeFlags?: string[]; env?: Record<string, string> };
  wanted: (name: string) => boolean;
  report: (m: Measurement) => void;
}): Promise<PostgresRun> {
  try {
    postgresBin();
  } catch (err) {
    return { rows: [], skipped: (err as Error).message };
  }
  const cluster = await startCluster();
  const data = await freshDataDir('nmc-bench-pg', { postgresUrl: cluster.url });
  let server: ServerProcess | null = null;
  try {
    console.log(`\nPostgreSQL: preparing ${opts.students} students and a 100-question mock...`);
    const fixture = await prepareFixture(data.db, data.signer, {
      students: opts.students,
      mockQuestions: 100,
    });
    server = await ServerProcess.start({
      dataDir: data.dir,
      jwtSecret: data.jwtSecret,
      relaxedLimits: true,
      ...opts.launch,
      env: { ...opts.launch.env, DATABASE_URL: data.env.DATABASE_URL! },
    });
    const target = server;
    const rows: Measurement[] = [];
    const run = async (work: () => Promise<Measurement>) => {
      const m = await work();
      const named = { ...m, name: m.name + ON_POSTGRES };
      rows.push(named);
      opts.report(named);
    };
    const available = sc.availableOn(target, fixture);
    await measure('warm-up', target, [{ method: 'GET', path: '/__ceiling' }], { duration: 2 });
    await sc.signedInFloor(target, fixture, available, { amount: fixture.students.length });
    await run(() => sc.ceiling(target, ' (first)'));
    if (opts.wanted('catalogue (tRPC)')) await run(() => sc.catalogTrpc(target, fixture, available));
    if (opts.wanted('catalogue (REST)')) await run(() => sc.catalogRest(target, fixture, available));
    if (opts.wanted('quiz')) {
      const warm = fixture.students.slice(0, 200);
      const measured = fixture.students.slice(200);
      await sc.quizStart(target, fixture, available, warm);
      await run(() => sc.quizStart(target, fixture, available, measured));
      const sessions = await sc.openSessions(data.db, fixture);
      await run(() => sc.saveAnswer(target, fixture, available, sessions));
      const savedHalf = sessions.slice(0, Math.floor(sessions.length / 2));
      await sc.saveWholeSheets(data.db, fixture, savedHalf);
      await sc.signedInFloor(target, fixture, available, { amount: fixture.students.length });
      await run(() => sc.submit(target, fixture, available, savedHalf, true));
    }
    await run(() => sc.ceiling(target, ' (last)'));
    return { rows };
  } finally {
    await server?.stop();
    await data.remove();
    cluster.stop();
  }
}
