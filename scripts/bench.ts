// npm run bench: the figures of issue 6 in one run. Builds the client if needed, prepares a fresh
// database, starts the server as a child process and measures it with autocannon over loopback;
// prints a table, writes bench-results/latest.json and the '## Benchmark figures' section of
// README.md. Options: --students N (pool size), --only TEXT (just the rows whose key contains it),
// --profile DIR (one CPU profile of the server per row), --tsx (server under tsx, as `npm run dev`,
// instead of compiled and run with `npm start`'s node options), --compare NAME (one mechanism of
// the request path with and without, see scripts/bench/compare.ts).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureHashRate } from './bench/argon';
import { CONNECTIONS, measure, type Measurement } from './bench/cannon';
import { measureClient } from './bench/clientSize';
import { freshDataDir } from './bench/dataDir';
import { prepareFixture } from './bench/fixtures';
import { measureImport } from './bench/importBench';
import { machineInfo } from './bench/machine';
import { summarize } from './bench/profile';
import { judge, markdown, updateReadme, writeResults, type BenchResults } from './bench/report';
import * as sc from './bench/scenarios';
import { productionLaunch, SERVER_SCRIPT, ServerProcess } from './bench/serverProcess';
import { bundleServer } from './bench/bundle';
import { runComparison } from './bench/compare';
import { measureOnPostgres, ON_POSTGRES } from './bench/postgresRows';
import { isMechanism, MECHANISMS } from './bench/mechanisms';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'dist/client');

function ensureClientBuilt(): void {
  if (fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) return;
  console.log('Building the client (dist/client is missing)...');
  // --manifest lets the size report follow the landing/login route chunks exactly.
  execSync('npx vite build --manifest --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
}

/**
 * Sizes of the built client, read first thing: others may rebuild dist/client while the bench
 * runs (vite empties it first), so a missing folder is waited for, for up to a minute.
 */
async function measureClientSettled() {
  for (let attempt = 0; ; attempt++) {
    try {
      return measureClient(CLIENT_DIR);
    } catch (err) {
      if (attempt >= 30) throw err;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      profile: { type: 'string' },
      students: { type: 'string', default: '4000' },
      // Measure only the rows whose name contains this text (with the ceiling), e.g. for a profile.
      only: { type: 'string' },
      // Run the server under tsx (as `npm run dev` does) instead of compiled to plain JavaScript
      // and run with the node options of `npm start`: the difference is what the loader costs.
      tsx: { type: 'boolean', default: false },
      compare: { type: 'string' },
      // Leave out the PostgreSQL pass (the same request rows on a throwaway cluster).
      'sqlite-only': { type: 'boolean', default: false },
    },
  });
  if (values.compare !== undefined && !isMechanism(values.compare))
    throw new Error(`--compare: one of ${MECHANISMS.join(', ')}`);
  const studentCount = Number(values.students);
  if (values.profile) fs.mkdirSync(values.profile, { recursive: true });
  ensureClientBuilt();
  const client = await measureClientSettled();
  const machine = machineInfo();
  const data = await freshDataDir('nmc-bench');
  console.log(`Preparing ${studentCount} students and a 100-question mock in ${data.dir}...`);
  const fixture = await prepareFixture(data.db, data.signer, { students: studentCount, mockQuestions: 100 });
  // As `npm start`: one JavaScript bundle, run by node with the options from package.json.
  const compiled = values.tsx ? undefined : await bundleServer(SERVER_SCRIPT, ROOT);
  const server = await ServerProcess.start({
    dataDir: data.dir,
    jwtSecret: data.jwtSecret,
    relaxedLimits: true,
    profileDir: values.profile ? path.resolve(values.profile) : undefined,
    compiled,
    ...(compiled ? productionLaunch(ROOT) : {}),
  });
  if (values.compare !== undefined && isMechanism(values.compare)) {
    const without = await ServerProcess.start({
      dataDir: data.dir,
      jwtSecret: data.jwtSecret,
      relaxedLimits: true,
      compiled,
      ...(compiled ? productionLaunch(ROOT) : {}),
      env: { ...(compiled ? productionLaunch(ROOT).env : {}), BENCH_WITHOUT: values.compare },
    });
    try {
      await runComparison(
        values.compare,
        { with: server, without },
        fixture,
        data.db,
        sc.availableOn(server, fixture),
        ROOT,
      );
    } finally {
      await without.stop();
      await server.stop();
      await data.remove();
    }
    return;
  }
  const available = sc.availableOn(server, fixture);
  try {
    const rows: Measurement[] = [];
    const wanted = (name: string) => !values.only || name.includes(values.only);
    const record = (m: Measurement) => {
      rows.push(m);
      console.log(
        `  ${m.name}: ${m.note ?? `${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.cpuUsPerRequest} µs CPU/req`}` +
          ` (server peak so far ${(server.peakBytes / 2 ** 20).toFixed(0)} MB)`,
      );
    };
    const memoryAfter: Record<string, Record<string, number>> = {};
    const run = async (key: string, work: () => Promise<Measurement>) => {
      record(await server.profile(key, work));
      memoryAfter[key] = await server.memory();
    };
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
    const measured = fixture.students.slice(200);
    if (wanted('quiz') || wanted('results') || wanted('quiz storm')) {
      await sc.quizStart(server, fixture, available, warm);
      await run('quiz-start', () => sc.quizStart(server, fixture, available, measured));
      const sessions = await sc.openSessions(data.db, fixture);
      await run('quiz-saveAnswer', () => sc.saveAnswer(server, fixture, available, sessions));
      if (wanted('quiz storm'))
        await run('save-during-sign-ins', () => sc.saveDuringSignIns(server, fixture, available, sessions));
      // Half the sessions submit a sheet saved answer by answer (what the client does), the other
      // half one the submit has to write whole.
      const savedHalf = sessions.slice(0, Math.floor(sessions.length / 2));
      await sc.saveWholeSheets(data.db, fixture, savedHalf);
      // Those sheets were written from the bench's own connection, and the sign-ins of the row
      // before wrote users and tokens: either empties the server's cache of signed-in users. The
      // students' saves through the server would not have, so each is seen once again first.
      await sc.signedInFloor(server, fixture, available, { amount: fixture.students.length });
      await run('quiz-submit', () => sc.submit(server, fixture, available, savedHalf, true));
      await run('quiz-submit-unsaved', () =>
        sc.submit(server, fixture, available, sessions.slice(savedHalf.length), false),
      );
      await run('results-list', () => sc.resultsList(server, available, measured));
    }
    // The hash alone right before sign-in, so both see the same machine (others may share it).
    console.log('Argon2id alone...');
    const hashRate = await measureHashRate(CONNECTIONS);
    if (wanted('sign-in')) await run('sign-in', () => sc.signIn(server, fixture));
    await run('ceiling-last', () => sc.ceiling(server, ' (last)'));
    console.log('The 10,000-question import...');
    const importFigures = wanted('import')
      ? await server
          .profile('import', () => measureImport(server.url, fixture.admin.access, fixture))
          .catch((e: Error) => ({ error: `import failed: ${e.message}` }))
      : { error: 'not run (--only)' };
    memoryAfter.import = await server.memory();
    console.log('Server memory after each step (MB):');
    for (const [k, m] of Object.entries(memoryAfter)) console.log(`  ${k.padEnd(22)} ${JSON.stringify(m)}`);
    await server.stop();
    const postgres = values['sqlite-only']
      ? { rows: [], skipped: 'left out (--sqlite-only)' }
      : await measureOnPostgres({
          students: studentCount,
          launch: { compiled, ...(compiled ? productionLaunch(ROOT) : {}) },
          wanted,
          report: record,
        });
    if (postgres.skipped) console.log(`PostgreSQL rows not measured: ${postgres.skipped}`);
    if (values.profile) {
      for (const f of fs.readdirSync(values.profile).filter((n) => n.endsWith('.cpuprofile'))) {
        const s = summarize(path.join(values.profile, f), 10);
        console.log(`\nCPU profile ${f}: busy ${s.totalMs.toFixed(0)} ms`);
        const line = (r: { share: number; name: string }) =>
          `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`;
        console.log(s.byPackage.map(line).join('\n'));
        console.log('  --');
        console.log(s.byFunction.map(line).join('\n'));
      }
    }

    const sqliteRows = rows.filter((m) => !m.name.endsWith(ON_POSTGRES));
    const { rps: ceilingRps, cpu: ceilingCpu } = ceilingOf(sqliteRows);
    const pgCeiling = ceilingOf(postgres.rows);
    const partial: Omit<BenchResults, 'targets'> = {
      machine,
      runtime: values.tsx ? 'tsx' : 'production',
      connections: CONNECTIONS,
      ceilingRps,
      measurements: [
        ...sqliteRows.map((m) => withRatios(m, { rps: ceilingRps, cpu: ceilingCpu })),
        ...postgres.rows.map((m) => withRatios(m, pgCeiling)),
      ],
      postgresSkipped: postgres.skipped ?? null,
      hashRate,
      importFigures,
      peakServerMb: server.peakBytes / 2 ** 20,
      memoryAfter,
      client,
    };
    const results_: BenchResults = { ...partial, targets: judge(partial) };
    console.log(`\n${markdown(results_)}\n`);
    // A partial run (--only) must not overwrite the figures of a full one.
    if (!values.only) {
      const file = writeResults(results_, ROOT);
      // README shows the server as deployed (as npm start runs it); --tsx is a comparison.
      if (!values.tsx) updateReadme(results_, ROOT);
      console.log(`Written: ${file}${values.tsx ? '' : ' and README.md (## Benchmark figures)'}`);
    }
  } finally {
    await server.stop();
    await data.remove();
    if (compiled) fs.rmSync(path.dirname(compiled), { recursive: true, force: true });
  }
}

/** The mean of a pass's first and last bare-Express rows: what its rows are shares of. */
function ceilingOf(pass: Measurement[]): { rps: number; cpu: number } {
  const ceilings = pass.filter((m) => m.name.startsWith('ceiling'));
  if (!ceilings.length) return { rps: 0, cpu: 0 };
  return {
    rps: ceilings.reduce((sum, m) => sum + m.rps, 0) / ceilings.length,
    cpu: ceilings.reduce((sum, m) => sum + m.cpuUsPerRequest, 0) / ceilings.length,
  };
}

function withRatios(m: Measurement, ceiling: { rps: number; cpu: number }) {
  return {
    ...m,
    ratio: ceiling.rps ? m.rps / ceiling.rps : 0,
    cpuRatio: m.cpuUsPerRequest ? ceiling.cpu / m.cpuUsPerRequest : 0,
  };
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
