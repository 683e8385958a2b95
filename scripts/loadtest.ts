// npm run loadtest [-- --students 300] [-- --think-ms 300] [-- --kill] [-- --backup]
// [-- --database postgres] [-- --processes 2]: a class taking the same mock at once against the
// server in a child process, then the database checks. --kill crashes the server (SIGKILL) mid-run
// and restarts it, or with --processes above 1 kills one worker while the others serve; --backup
// takes an online backup mid-run and checks the copy (SQLite). --database postgres runs on a
// throwaway PostgreSQL cluster. Up to 1,000 students (a school) start within a second; more
// (several schools) sign in over the first two minutes. Exits non-zero if any check fails.
//
// --scheduled: the national mock day (scripts/load/scheduled.ts). Defaults: 10,000 students of 50
// schools, a 50-question mock, sign-ins over 10 minutes, a 60-minute window, starts within its
// first 5 minutes, an answer about every 20 s, 10% leave without submitting. Durations are options
// in seconds (--sign-in-spread-s, --start-spread-s, --window-s, --think-s) so a run can be
// compressed, e.g. npm run loadtest -- --scheduled --database postgres --processes 2 --window-s 1200.
import { parseArgs } from 'node:util';
import type { Percentiles } from './load/stats';
import { runLoad, type LoadReport } from './load/run';
import { runScheduled, type ScheduledReport } from './load/scheduled';

/** The default sign-in limit per address (1000 per 15 minutes) admits a class of this size from one NAT. */
const DEFAULT_LIMIT_ADMITS = 1000;

function percentileLine(name: string, width: number, p: Percentiles): string {
  const figures = [p.p50, p.p90, p.p99, p.max].map((v) => String(v).padStart(7)).join(' ');
  return `${name.padEnd(width)} ${String(p.count).padStart(6)} ${figures}`;
}

function printLatencies(latencies: Record<string, Percentiles>): void {
  console.log('\nprocedure           count     p50     p90     p99     max  (ms)');
  for (const [name, p] of Object.entries(latencies)) console.log(percentileLine(name, 18, p));
}

function printScheduled(r: ScheduledReport): void {
  const m = r.machine;
  console.log(
    `\n${r.database}, ${r.processes} process(es): ${r.students} students of ${r.schools} schools, ` +
      `${r.questions} questions, ${(r.durationMs / 60_000).toFixed(1)} min from the first sign-in to the last grade check`,
  );
  console.log(
    `machine: ${m.nproc} cores (${m.cpu}), ${m.memoryGb} GB, Node ${m.node}, ${m.platform}; started ${m.date}`,
  );
  console.log(
    `load average (1 min): ${r.load.start.toFixed(2)} at the start, mean ${r.load.mean.toFixed(2)}, ` +
      `max ${r.load.max.toFixed(2)}, ${r.load.end.toFixed(2)} at the end`,
  );
  console.log(
    `window ${r.opensAt} - ${r.closesAt}; acknowledged saves ${r.acks} (peak ${r.savesPerSecond.peak}/s, ` +
      `mean ${r.savesPerSecond.mean.toFixed(1)}/s over the seconds with saves); server CPU ${r.serverCpuS.toFixed(0)} s`,
  );
  console.log(
    `submitted by the students ${r.submittedByStudents}; closed by the server ${r.closedByServer}; ` +
      `last grade ${r.lastGradedAfterCloseMs === null ? 'never' : `${(r.lastGradedAfterCloseMs / 1000).toFixed(1)} s`} after the close`,
  );
  console.log(
    `server peak memory (VmHWM) per process: ${r.peaks.map((p) => `${p.role} ${p.pid} ${p.mb.toFixed(0)} MB`).join(', ')}`,
  );
  printLatencies(r.latencies);
  for (const e of r.problems.slice(0, 10)) console.log(`  ! ${e}`);
  console.log('');
  for (const c of r.checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  console.log(`\n${r.ok ? 'PASS' : 'FAIL'}`);
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
  printLatencies(r.latencies);
  console.log(`\nby phase (${r.busy} sign-ins answered busy and repeated after Retry-After)`);
  for (const [name, p] of Object.entries(r.phases)) console.log(percentileLine(name, 44, p));
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
      students: { type: 'string' },
      questions: { type: 'string', default: '50' },
      'think-ms': { type: 'string', default: '300' },
      kill: { type: 'boolean', default: false },
      backup: { type: 'boolean', default: false },
      'time-limit-s': { type: 'string', default: '1500' },
      database: { type: 'string', default: 'sqlite' },
      processes: { type: 'string', default: '1' },
      scheduled: { type: 'boolean', default: false },
      schools: { type: 'string', default: '50' },
      'sign-in-spread-s': { type: 'string', default: '600' },
      'start-spread-s': { type: 'string', default: '300' },
      'window-s': { type: 'string', default: '3600' },
      'think-s': { type: 'string', default: '20' },
      'leave-share': { type: 'string', default: '0.1' },
    },
  });
  const database = values.database;
  if (database !== 'sqlite' && database !== 'postgres') throw new Error('--database: sqlite or postgres');
  const processes = Number(values.processes);
  if (!Number.isInteger(processes) || processes < 1)
    throw new Error('--processes must be a positive whole number');
  // A mock day's default size; the plain run keeps its class of 300.
  const students = Number(values.students ?? (values.scheduled ? '10000' : '300'));
  if (!Number.isInteger(students) || students < 1)
    throw new Error('--students must be a positive whole number');
  const relaxed = students > DEFAULT_LIMIT_ADMITS;
  if (relaxed)
    console.log(
      `More than ${DEFAULT_LIMIT_ADMITS} sign-ins from one address: the sign-in limits are lifted for this run.`,
    );
  if (values.scheduled) {
    const seconds = (name: keyof typeof values) => {
      const n = Number(values[name]);
      if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number of seconds, 0 or more`);
      return n * 1000;
    };
    const schools = Number(values.schools);
    if (!Number.isInteger(schools) || schools < 1 || schools > students)
      throw new Error('--schools must be a whole number from 1 to the number of students');
    const leaveShare = Number(values['leave-share']);
    if (!(leaveShare >= 0 && leaveShare <= 1)) throw new Error('--leave-share must be between 0 and 1');
    const report = await runScheduled({
      students,
      schools,
      questions: Number(values.questions),
      database,
      processes,
      signInSpreadMs: seconds('sign-in-spread-s'),
      startSpreadMs: seconds('start-spread-s'),
      windowMs: seconds('window-s'),
      thinkMs: seconds('think-s'),
      leaveShare,
      gradeWithinMs: 60_000,
      saveP99Ms: 500,
      relaxedLimits: relaxed,
      production: true,
      log: (line) => console.log(line),
    });
    printScheduled(report);
    process.exitCode = report.ok ? 0 : 1;
    return;
  }
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
