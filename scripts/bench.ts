// npm run bench: the performance figures in one run. Builds the client if needed, then for
// each database (SQLite, then PostgreSQL on a throwaway cluster) prepares a fresh one, starts the
// server as a child process on it and measures the request rows with autocannon over loopback
// (scripts/bench/pass.ts); prints a table, writes bench-results/latest.json and the '## Benchmark
// figures' section of README.md. Options: --students N (pool size), --only TEXT (just the rows
// whose key contains it; several texts comma-separated), --profile DIR (one CPU profile of the
// server per row), --tsx (server under tsx, as `npm run dev`, instead of compiled and run with
// `npm start`'s node options),
// --database sqlite|postgres|both (default both), --compare NAME (one mechanism of the request
// path with and without, on SQLite, see scripts/bench/compare.ts; its rows unless --only names
// others), --rounds N (rounds of a comparison, both sides together; default 4), --seconds N (of
// each timed measurement; default 8).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONNECTIONS, timing } from './bench/cannon';
import { measureClient } from './bench/clientSize';
import { freshDataDir } from './bench/dataDir';
import { prepareFixture } from './bench/fixtures';
import { measureImport } from './bench/importBench';
import { machineInfo } from './bench/machine';
import { summarize } from './bench/profile';
import {
  DATABASE_NAMES,
  runPasses,
  skippedPass,
  type Database,
  type Pass,
  type PassOptions,
} from './bench/pass';
import { judge, markdown, updateReadme, writeResults, type BenchResults } from './bench/report';
import * as sc from './bench/scenarios';
import { productionLaunch, SERVER_SCRIPT, ServerProcess } from './bench/serverProcess';
import { bundleServer } from './bench/bundle';
import { runComparison } from './bench/compare';
import {
  isMechanism,
  MECHANISMS,
  ROWS,
  type Mechanism,
} from './bench/mechanisms';

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

const DATABASES = ['sqlite', 'postgres'] as const;

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
      rounds: { type: 'string', default: '4' },
      seconds: { type: 'string' },
      database: { type: 'string', default: 'both' },
    },
  });
  if (values.compare !== undefined && !isMechanism(values.compare))
    throw new Error(`--compare: one of ${MECHANISMS.join(', ')}`);
  const chosen = values.database;
  if (chosen !== 'both' && !DATABASES.some((d) => d === chosen))
    throw new Error('--database: sqlite, postgres or both');
  const studentCount = Number(values.students);
  if (values.seconds) timing.durationS = Number(values.seconds);
  if (values.profile) fs.mkdirSync(values.profile, { recursive: true });
  // As `npm start`: one JavaScript bundle, run by node with the options from package.json.
  const compiled = values.tsx ? undefined : await bundleServer(SERVER_SCRIPT, ROOT);
  const launch = { compiled, ...(compiled ? productionLaunch(ROOT) : {}) };
  try {
    // --only takes one text or several, comma-separated: a row is measured when its name holds one.
    const only = values.only?.split(',').filter(Boolean) ?? [];
    const wanted = (name: string) => !only.length || only.some((part) => name.includes(part));
    if (values.compare !== undefined && isMechanism(values.compare)) {
      const rows = only.length ? only : ROWS[values.compare];
      const compared = (name: string) => rows.some((part) => name.includes(part));
      await compare(values.compare, studentCount, launch, compared, Number(values.rounds));
      return;
    }
    // A comparison does not ask for the client's files; the full run measures them.
    ensureClientBuilt();
    const client = await measureClientSettled();
    const machine = machineInfo();
    let importFigures: BenchResults['importFigures'] = { error: 'not run (--database postgres)' };
    const chosenDatabases = DATABASES.filter((d) => chosen === 'both' || chosen === d);
    const measured = await runPasses(chosenDatabases, {
      students: studentCount,
      launch,
      profileDir: values.profile,
      wanted,
      // The import is judged against SheetJS alone, not against a ceiling: measured on SQLite.
      after: async (database, server, fixture, memoryAfter) => {
        if (database !== 'sqlite') return;
        console.log('The 10,000-question import...');
        importFigures = wanted('import')
          ? await server
              .profile('import', () => measureImport(server.url, fixture.admin.access, fixture))
              .catch((e: Error) => ({ error: `import failed: ${e.message}` }))
          : { error: 'not run (--only)' };
        memoryAfter.import = await server.memory();
      },
    });
    const passOf = (database: Database): Pass =>
      measured.find((p) => p.database === database) ??
      skippedPass(database, `left out (--database ${chosen})`);
    for (const pass of measured) {
      const name = DATABASE_NAMES[pass.database];
      if (pass.skipped) {
        console.log(`\n${name} rows not measured: ${pass.skipped}`);
        continue;
      }
      console.log(`${name} server memory after each step (MB):`);
      for (const [k, m] of Object.entries(pass.memoryAfter))
        console.log(`  ${k.padEnd(22)} ${JSON.stringify(m)}`);
    }
    if (values.profile) printProfiles(values.profile);

    const partial: Omit<BenchResults, 'targets'> = {
      machine,
      runtime: values.tsx ? 'tsx' : 'production',
      connections: CONNECTIONS,
      sqlite: passOf('sqlite'),
      postgres: passOf('postgres'),
      importFigures,
      client,
    };
    const results_: BenchResults = { ...partial, targets: judge(partial) };
    console.log(`\n${markdown(results_)}\n`);
    // A partial run (--only, one database) must not overwrite the figures of a full one.
    if (!values.only && chosen === 'both') {
      const file = writeResults(results_, ROOT);
      // README shows the server as deployed (as npm start runs it); --tsx is a comparison.
      if (!values.tsx) updateReadme(results_, ROOT);
      console.log(`Written: ${file}${values.tsx ? '' : ' and README.md (## Benchmark figures)'}`);
    }
  } finally {
    if (compiled) fs.rmSync(path.dirname(compiled), { recursive: true, force: true });
  }
}

function printProfiles(dir: string): void {
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
    const s = summarize(path.join(dir, f), 10);
    console.log(`\nCPU profile ${f}: busy ${s.totalMs.toFixed(0)} ms`);
    const line = (r: { share: number; name: string }) =>
      `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`;
    console.log(s.byPackage.map(line).join('\n'));
    console.log('  --');
    console.log(s.byFunction.map(line).join('\n'));
  }
}

/** --compare: two servers on one prepared SQLite database, one without the mechanism. */
async function compare(
  mechanism: Mechanism,
  students: number,
  launch: PassOptions['launch'],
  wanted: (row: string) => boolean,
  rounds: number,
): Promise<void> {
  console.log(`Node ${process.version}; ${rounds} rounds of ${timing.durationS} s a timed row`);
  const data = await freshDataDir('nmc-bench');
  console.log(`Preparing ${students} students and a 100-question mock in ${data.dir}...`);
  const fixture = await prepareFixture(data.db, data.signer, { students, mockQuestions: 100 });
  const start = (env: Record<string, string>) =>
    ServerProcess.start({
      dataDir: data.dir,
      jwtSecret: data.jwtSecret,
      relaxedLimits: true,
      ...launch,
      env,
    });
  const servers: ServerProcess[] = [];
  try {
    const server = await start({ ...launch.env, DATABASE_URL: '' });
    servers.push(server);
    const without = await start({ ...launch.env, DATABASE_URL: '', BENCH_WITHOUT: mechanism });
    servers.push(without);
    await runComparison(
      mechanism,
      { with: server, without },
      fixture,
      data.db,
      sc.availableOn(server, fixture),
      ROOT,
      wanted,
      rounds,
    );
  } finally {
    for (const s of servers) await s.stop();
    await data.remove();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
