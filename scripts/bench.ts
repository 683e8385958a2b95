// npm run bench [-- --profile DIR] [-- --students N]: the figures of issue 6 in one run. Builds
// the client if needed, prepares a fresh database, starts the server as a child process and
// measures it with autocannon over loopback; prints a table, writes bench-results/latest.json and
// the '## Benchmark figures' section of README.md.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appRouter } from '../server/router';
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
import { ServerProcess } from './bench/serverProcess';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'dist/client');

function ensureClientBuilt(): void {
  if (fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) return;
  console.log('Building the client (dist/client is missing)...');
  // --manifest lets the size report follow the landing/login route chunks exactly.
  execSync('npx vite build --manifest --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
}

async function main() {
  const { values } = parseArgs({
    options: {
      profile: { type: 'string' },
      students: { type: 'string', default: '4000' },
      // Measure only the rows whose name contains this text (with the ceiling), e.g. for a profile.
      only: { type: 'string' },
    },
  });
  const studentCount = Number(values.students);
  ensureClientBuilt();
  const machine = machineInfo();
  const data = await freshDataDir('nmc-bench');
  console.log(`Preparing ${studentCount} students and a 100-question mock in ${data.dir}...`);
  const fixture = await prepareFixture(data.db, data.signer, { students: studentCount, mockQuestions: 100 });
  const server = await ServerProcess.start({
    dataDir: data.dir,
    jwtSecret: data.jwtSecret,
    relaxedLimits: true,
    cpuProfDir: values.profile ? path.resolve(values.profile) : undefined,
  });
  const available: sc.Available = {
    procedures: new Set(Object.keys(appRouter._def.procedures)),
    rest: async (p) => {
      const res = await fetch(server.url + p, {
        headers: { authorization: `Bearer ${fixture.students[0].access}` },
      });
      await res.arrayBuffer();
      return res.status !== 404;
    },
  };
  try {
    const rows: Measurement[] = [];
    const wanted = (name: string) => !values.only || name.includes(values.only);
    const record = (m: Measurement) => {
      rows.push(m);
      console.log(
        `  ${m.name}: ${m.note ?? `${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`}` +
          ` (server peak so far ${(server.peakBytes / 2 ** 20).toFixed(0)} MB)`,
      );
    };
    // Warm both processes' JIT before the first figure counts.
    await measure('warm-up', server.url, [{ method: 'GET', path: '/__ceiling' }], { duration: 2 });
    record(await sc.ceiling(server.url, ' (first)'));
    if (wanted('catalogue (tRPC)')) record(await sc.catalogTrpc(server.url, fixture, available));
    if (wanted('catalogue (REST)')) record(await sc.catalogRest(server.url, fixture, available));
    // A few hundred students warm quiz.start and submit up; the rest are measured.
    const warm = fixture.students.slice(0, 200);
    const measured = fixture.students.slice(200);
    if (wanted('quiz') || wanted('results')) {
      await sc.quizStart(server.url, fixture, available, warm);
      record(await sc.quizStart(server.url, fixture, available, measured));
      const sessions = await sc.openSessions(data.db, fixture);
      record(await sc.saveAnswer(server.url, fixture, available, sessions));
      record(await sc.submit(server.url, fixture, available, sessions));
      record(await sc.resultsList(server.url, available, measured));
    }
    // The hash alone right before sign-in, so both see the same machine (others may share it).
    console.log('Argon2id alone...');
    const hashRate = await measureHashRate(CONNECTIONS);
    if (wanted('sign-in')) record(await sc.signIn(server.url, fixture));
    record(await sc.ceiling(server.url, ' (last)'));
    console.log('The 10,000-question import...');
    const importFigures = wanted('import')
      ? await measureImport(server.url, fixture.admin.access, fixture).catch((e: Error) => ({
          error: `import failed: ${e.message}`,
        }))
      : { error: 'not run (--only)' };
    await server.stop();
    if (values.profile) {
      for (const f of fs.readdirSync(values.profile).filter((n) => n.endsWith('.cpuprofile'))) {
        const s = summarize(path.join(values.profile, f));
        console.log(`\nCPU profile ${f}: busy ${s.totalMs.toFixed(0)} ms`);
        for (const r of s.byPackage) console.log(`  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`);
      }
    }

    const ceilings = rows.filter((m) => m.name.startsWith('ceiling'));
    const ceilingRps = ceilings.reduce((sum, m) => sum + m.rps, 0) / ceilings.length;
    const partial: Omit<BenchResults, 'targets'> = {
      machine,
      connections: CONNECTIONS,
      ceilingRps,
      measurements: rows.map((m) => ({ ...m, ratio: ceilingRps ? m.rps / ceilingRps : 0 })),
      hashRate,
      importFigures,
      peakServerMb: server.peakBytes / 2 ** 20,
      client: measureClient(CLIENT_DIR),
    };
    const results_: BenchResults = { ...partial, targets: judge(partial) };
    console.log(`\n${markdown(results_)}\n`);
    // A partial run (--only) must not overwrite the figures of a full one.
    if (!values.only) {
      updateReadme(results_, ROOT);
      console.log(`Written: ${writeResults(results_, ROOT)} and README.md (## Benchmark figures)`);
    }
  } finally {
    await server.stop();
    await data.remove();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
