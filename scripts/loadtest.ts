// npm run loadtest [-- --students 300] [-- --think-ms 300] [-- --kill] [-- --backup]
// [-- --database postgres] [-- --processes 2]: a class taking the same mock at once against the
// server in a child process, then the database checks. --kill crashes the server (SIGKILL) mid-run
// and restarts it, or with --processes above 1 kills one worker while the others serve; --backup
// takes an online backup mid-run and checks the copy (SQLite). --database postgres runs on a
// throwaway PostgreSQL cluster. Up to 1,000 students (a school) start within a second; more
// (several schools) sign in over the first two minutes. Exits non-zero if any check fails.
import { parseArgs } from 'node:util';
import { runLoad, type LoadReport } from './load/run';
import type { Percentiles } from './load/stats';

/** The default sign-in limit per address (1000 per 15 minutes) admits a class of this size from one NAT. */
const DEFAULT_LIMIT_ADMITS = 1000;

function percentileLine(name: string, width: number, p: Percentiles): string {
  const figures = [p.p50, p.p90, p.p99, p.max].map((v) => String(v).padStart(7)).join(' ');
  return `${name.padEnd(width)} ${String(p.count).padStart(6)} ${figures}`;
}

function print(r: LoadReport): void {
  console.log(
    `\n${r.database}, ${r.processes} process(es): ${r.students} students, ${r.questions} questions each, ${(r.durationMs / 1000).toFixed(1)} s, ` +
      // Think times of a few hundred ms compress an exam into a minute: far more saves per second
      // than a real class (an answer per student every half minute or so) would send.
      `${(r.acks / (r.durationMs / 1000)).toFixed(0)} saves/s on average`,
  );
  console.log(
    `acknowledged saves ${r.acks}; network errors ${r.networkErrors}; HTTP errors ${r.httpErrors.length};` +
      ` gave up ${r.fatal.length}; resumes ${r.resumes}; kills ${r.kills}; server peak ${r.peakServerMb.toFixed(0)} MB`,
  );
  console.log('\nprocedure           count     p50     p90     p99     max  (ms)');
  for (const [name, p] of Object.entries(r.latencies)) console.log(percentileLine(name, 18, p));
  console.log(`\nsign-in phase (${r.busy} sign-ins answered busy and repeated after Retry-After)`);
  for (const [name, p] of Object.entries(r.phases)) console.log(percentileLine(name, 38, p));
  const problems = [...r.httpErrors, ...r.fatal, ...r.lostOnResume, ...r.networkErrorSamples];
  for (const e of problems.slice(0, 10)) console.log(`  ! ${e}`);
  console.log('');
  const checks = [...r.checks, ...(r.backup?.checks ?? [])];
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  if (r.backup)
    console.log(
      `     backup took ${r.backup.ms.toFixed(0)} ms at ${r.backup.ackedBefore} acknowledged saves`,
    );
  console.log(`\n${r.ok ? 'PASS' : 'FAIL'}`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      students: { type: 'string', default: '300' },
      questions: { type: 'string', default: '50' },
      'think-ms': { type: 'string', default: '300' },
      kill: { type: 'boolean', default: false },
      backup: { type: 'boolean', default: false },
      'time-limit-s': { type: 'string', default: '1500' },
      database: { type: 'string', default: 'sqlite' },
      processes: { type: 'string', default: '1' },
    },
  });
  const database = values.database;
  if (database !== 'sqlite' && database !== 'postgres') throw new Error('--database: sqlite or postgres');
  const processes = Number(values.processes);
  if (!Number.isInteger(processes) || processes < 1)
    throw new Error('--processes must be a positive whole number');
  const students = Number(values.students);
  if (!Number.isInteger(students) || students < 1)
    throw new Error('--students must be a positive whole number');
  const relaxed = students > DEFAULT_LIMIT_ADMITS;
  if (relaxed)
    console.log(
      `More than ${DEFAULT_LIMIT_ADMITS} sign-ins from one address: the sign-in limits are lifted for this run.`,
    );
  const report = await runLoad({
    students,
    questions: Number(values.questions),
    thinkMs: Number(values['think-ms']),
    // With workers, the primary grades abandoned sessions only at its next sweep: none are left then.
    kill: values.kill ? { atShare: 0.4, downMs: 1000, abandoned: processes > 1 ? 0 : 10 } : undefined,
    backup: values.backup ? { atShare: 0.6 } : undefined,
    timeLimitMs: Number(values['time-limit-s']) * 1000,
    relaxedLimits: relaxed,
    database,
    processes,
    spreadStartMs: students > DEFAULT_LIMIT_ADMITS ? 120_000 : 1000,
    production: true,
    log: (line) => console.log(line),
  });
  print(report);
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
