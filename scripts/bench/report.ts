// The bench's verdicts and its three outputs: a table on stdout, bench-results/latest.json, and
// the '## Benchmark figures' section at the end of README.md (replaced on every run).
import fs from 'node:fs';
import path from 'node:path';
import type { ClientSizes } from './clientSize';
import { compareDatabases, POSTGRES_OF_SQLITE, REQUEST_TARGETS, type RowComparison } from './databases';
import type { ImportFigures } from './importBench';
import type { Machine } from './machine';
import { MASTERY_ANSWERS, MASTERY_P99_MS } from './mastery';
import { CUSTOM_COUNT_P99_MS, CUSTOM_START_P99_MS } from './customTests';
import { DATABASE_NAMES, type Pass } from './pass';

export interface BenchResults {
  machine: Machine;
  /** How the server ran: compiled and run as `npm start` runs it, or under tsx (--tsx). */
  runtime: 'production' | 'tsx';
  connections: number;
  /** The request rows on each database, each against its own pass's ceiling (pass.ts). */
  sqlite: Pass;
  postgres: Pass;
  /** Taken on the SQLite pass's server. */
  importFigures: ImportFigures | { error: string };
  client: ClientSizes;
  targets: Target[];
}

export interface Target {
  what: string;
  goal: string;
  value: string;
  /** null: not judged in this run (its pass was left out or could not run). */
  ok: boolean | null;
}

/** Vite and this report count kB as 1000 bytes. */
const KB = 1000;
const FIRST_LOAD_BUDGET = 150 * KB;
const MEMORY_BUDGET_MB = 250;

const pct = (r: number) => `${(r * 100).toFixed(1)}%`;

/** A page of the question bank's search, as one admin waits for it. */
const SEARCH_P99_MS = 100;

/** A latency row of a pass against its p99 goal; a row missing from a pass that ran fails. */
function p99Target(pass: Pass, key: string, what: string, maxMs: number): Target {
  const m = pass.measurements.find((x) => x.key === key);
  const notRun = pass.skipped === null ? null : `not measured: ${pass.skipped}`;
  return {
    what: `${what}, ${DATABASE_NAMES[pass.database]}`,
    goal: `p99 < ${maxMs} ms, no failures`,
    value:
      notRun ?? (m ? (m.note ?? `p50 ${m.p50} ms, p99 ${m.p99} ms (${m.failures} failures)`) : 'missing'),
    ok: notRun ? null : Boolean(m && !m.note && m.failures === 0 && m.p99 < maxMs),
  };
}

export const searchTarget = (pass: Pass) =>
  p99Target(pass, 'question-search', 'question bank search at 20,000 questions', SEARCH_P99_MS);

/** The review queue of a student with 5,000 answers, as their phone waits. */
const REVIEW_P99_MS = 50;

export const reviewTarget = (pass: Pass) =>
  p99Target(pass, 'review-queue', 'review queue at 5,000 answers', REVIEW_P99_MS);

export const masteryTarget = (pass: Pass) =>
  p99Target(
    pass,
    'mastery',
    `mastery by topic, ${MASTERY_ANSWERS.toLocaleString('en')} answers`,
    MASTERY_P99_MS,
  );

/** An exam-day start (180 drawn of a programme's 10,000, 5,000 answers of history), per database. */
export const EXAM_DAY_P99_MS = { sqlite: 100, postgres: 150 } as const;

export const examDayTarget = (pass: Pass) =>
  p99Target(
    pass,
    'exam-day-start',
    'exam-day start, 180 drawn at 20,000 questions',
    EXAM_DAY_P99_MS[pass.database],
  );

export const customStartTarget = (pass: Pass) =>
  p99Target(
    pass,
    'custom-test-start',
    'custom test start, 100 from the incorrect pool, 20,000 questions',
    CUSTOM_START_P99_MS[pass.database],
  );

export const customCountTarget = (pass: Pass) =>
  p99Target(
    pass,
    'custom-test-count',
    "custom test builder's live count, 20,000 questions",
    CUSTOM_COUNT_P99_MS,
  );

export function judge(r: Omit<BenchResults, 'targets'>): Target[] {
  const lite = r.sqlite;
  const notRun = lite.skipped === null ? null : `not measured: ${lite.skipped}`;
  const row = (prefix: string) => lite.measurements.find((m) => m.name.startsWith(prefix));
  const share = (prefix: string, min: number): Target => {
    const m = row(prefix);
    const valid = m && !m.note && m.failures === 0;
    return {
      what: prefix,
      goal: `>= ${pct(min)} of ceiling, no failures`,
      value: notRun ?? (m ? (m.note ?? `${pct(m.ratio)} (${m.failures} failures)`) : 'missing'),
      ok: notRun ? null : Boolean(valid && m.ratio >= min),
    };
  };
  const login = row('sign-in');
  const hashes = lite.hashRate?.perSecond ?? 0;
  const boundShare = login && hashes ? login.rps / hashes : 0;
  const imp = 'ratio' in r.importFigures ? r.importFigures : null;
  return [
    share('catalogue lists (tRPC)', 0.4),
    share('catalogue lists (REST', 0.4),
    share('quiz.saveAnswer', 0.4),
    share('quiz.start', 0.15),
    share('quiz.submit, answers saved as chosen', 0.15),
    ...compareDatabases(r.sqlite, r.postgres).flatMap(databaseTargets),
    searchTarget(r.sqlite),
    searchTarget(r.postgres),
    reviewTarget(r.sqlite),
    reviewTarget(r.postgres),
    masteryTarget(r.sqlite),
    masteryTarget(r.postgres),
    examDayTarget(r.sqlite),
    examDayTarget(r.postgres),
    customStartTarget(r.sqlite),
    customStartTarget(r.postgres),
    customCountTarget(r.sqlite),
    customCountTarget(r.postgres),
    {
      what: 'sign-in bound by the password hash',
      goal: '>= 70% of argon2id verifies/s measured alone',
      value:
        notRun ?? `${login?.rps.toFixed(0) ?? 0} req/s vs ${hashes.toFixed(0)} hashes/s = ${pct(boundShare)}`,
      ok: notRun ? null : Boolean(login && login.failures === 0 && boundShare >= 0.7),
    },
    {
      what: '10,000-row .xlsx import',
      goal: '<= 1.5x bare SheetJS parse',
      value: imp
        ? `${imp.ratio.toFixed(2)}x, median of paired runs (uploads ${imp.importMs.toFixed(0)} ms, bare parses ${imp.bareParseMs.toFixed(0)} ms; HTTP ${imp.status})`
        : (r.importFigures as { error: string }).error,
      ok: notRun ? null : Boolean(imp && imp.status < 300 && imp.ratio <= 1.5),
    },
    {
      what: 'peak server memory (VmHWM)',
      goal: `< ${MEMORY_BUDGET_MB} MB`,
      value: notRun ?? `${lite.peakServerMb.toFixed(0)} MB`,
      ok: notRun ? null : lite.peakServerMb < MEMORY_BUDGET_MB,
    },
    {
      what: 'landing/login JavaScript, gzipped',
      goal: `<= ${FIRST_LOAD_BUDGET / KB} kB`,
      value: `${(r.client.firstLoad.gzipBytes / KB).toFixed(1)} kB (${r.client.firstLoad.files.join(', ')}; by ${r.client.firstLoad.method})`,
      ok: r.client.firstLoad.gzipBytes <= FIRST_LOAD_BUDGET,
    },
  ];
}

/** The two targets of a judged row: its share on SQLite, and on PostgreSQL against that. */
function databaseTargets(c: RowComparison): Target[] {
  const target = REQUEST_TARGETS[c.key];
  if (!target) return [];
  const value = (m: RowComparison['sqlite'], why: string | null) =>
    why ?? (m ? (m.note ?? `${pct(m.ratio)} (${m.failures} failures)`) : 'missing');
  const pgGoal = c.onPostgres.goal;
  return [
    {
      what: `${target.label}, SQLite`,
      goal: `>= ${pct(target.sqliteShare)} of ceiling, no failures`,
      value: value(c.sqlite, c.onSqlite.ok === null ? 'not measured' : null),
      ok: c.onSqlite.ok,
    },
    {
      what: `${target.label}, PostgreSQL`,
      goal:
        pgGoal === null
          ? `>= ${POSTGRES_OF_SQLITE * 100}% of the SQLite share`
          : `>= ${POSTGRES_OF_SQLITE * 100}% of the SQLite share: ${pct(pgGoal)} of its ceiling, no failures`,
      value: value(
        c.postgres,
        c.onPostgres.ok === null ? (pgGoal === null ? 'no SQLite figure' : 'not measured') : null,
      ),
      ok: c.onPostgres.ok,
    },
  ];
}

function measurementLines(pass: Pass): string[] {
  const lines = [
    '| measurement | req/s | p50 ms | p99 ms | ratio to ceiling | server CPU µs/req | CPU ratio | requests | failures | load avg |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of pass.measurements) {
    if (m.note) lines.push(`| ${m.name} | – | – | – | – | – | – | – | ${m.note} | – |`);
    else
      lines.push(
        `| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${pct(m.ratio)} | ${m.cpuUsPerRequest} | ${pct(m.cpuRatio)} | ${m.requests} | ${m.failures} | ${m.load1} |`,
      );
  }
  return lines;
}

/** Each row's share of its own pass's ceiling on both databases, and their verdicts. */
function comparisonLines(r: BenchResults): string[] {
  const share = (m: RowComparison['sqlite']) => (m && !m.note ? pct(m.ratio) : '–');
  const holds = (ok: boolean | null) => (ok === null ? '–' : ok ? 'yes' : 'NO');
  const goal = (g: number | null) => (g === null ? '' : ` (goal ${pct(g)})`);
  return [
    '| request row | SQLite | PostgreSQL | PostgreSQL / SQLite | SQLite holds | PostgreSQL holds |',
    '|---|---:|---:|---:|---|---|',
    ...compareDatabases(r.sqlite, r.postgres)
      .filter((c) => !c.key.startsWith('ceiling'))
      .map(
        (c) =>
          `| ${c.name} | ${share(c.sqlite)} | ${share(c.postgres)} | ${c.relative === null ? '–' : pct(c.relative)} | ` +
          `${holds(c.onSqlite.ok)}${goal(c.onSqlite.goal)} | ${holds(c.onPostgres.ok)}${goal(c.onPostgres.goal)} |`,
      ),
  ];
}

/** Above this gap between the first and last ceiling, the machine's speed moved during the run. */
const STEADY_CEILING_GAP = 0.1;

/** How far apart a pass's two ceiling runs are: how much the machine itself moved meanwhile. */
function steadiness(pass: Pass): string {
  const ceilings = pass.measurements.filter((x) => x.key.startsWith('ceiling') && !x.note).map((x) => x.rps);
  if (ceilings.length < 2) return 'Only one ceiling run: how steady the machine was is unknown.';
  const gap = (Math.max(...ceilings) - Math.min(...ceilings)) / Math.min(...ceilings);
  return gap <= STEADY_CEILING_GAP
    ? `The two ceilings are ${pct(gap)} apart: the machine was steady through the pass.`
    : `The two ceilings are ${pct(gap)} apart: this machine's speed moved during the pass, and every ratio moved with it.`;
}

/** A pass's table, or the line saying why it has none. */
function passLines(pass: Pass): string[] {
  const name = DATABASE_NAMES[pass.database];
  if (pass.skipped) return [`${name}: not measured, ${pass.skipped.replace(/\.$/, '')}.`];
  const where =
    pass.database === 'sqlite'
      ? `${pass.engine} (the default: one file, WAL)`
      : `${pass.engine} (a throwaway cluster on this machine, over loopback, fsync off)`;
  const hash = pass.hashRate
    ? ` Argon2id verify alone before its sign-in row: ${pass.hashRate.perSecond.toFixed(0)} hashes/s.`
    : '';
  return [
    `${where}: ceiling ${pass.ceilingRps.toFixed(0)} req/s. ${steadiness(pass)}${hash} ` +
      `Peak server memory (VmHWM): ${pass.peakServerMb.toFixed(0)} MB.`,
    '',
    ...measurementLines(pass),
  ];
}

export function markdown(r: BenchResults): string {
  const m = r.machine;
  const imp = 'ratio' in r.importFigures ? r.importFigures : null;
  const hashRate = r.sqlite.hashRate ?? r.postgres.hashRate;
  const lines = [
    `Measured ${m.date.slice(0, 16).replace('T', ' ')} UTC on ${m.nproc} cores (${m.cpu}), ${m.memoryGb} GB RAM,`,
    `Node ${m.node}, ${m.platform}; load average ${m.loadAvg} at the start. Server in its own process (${r.runtime === 'tsx' ? 'run' : 'compiled to'}`,
    `${r.runtime === 'tsx' ? 'under tsx as `npm run dev` runs it' : 'JavaScript and run with node as `npm start` runs it'}), autocannon in the bench process, both on this machine over`,
    `loopback, ${r.connections} connections. Each request row runs on SQLite and on PostgreSQL, each with its`,
    `own fresh database and server, one right after the other (which goes first alternates row by row);`,
    `ratios are to the mean of that server's two ceiling runs (first and last). The CPU ratio compares`,
    `the server's CPU time per request with the ceiling's, which other load on the machine hardly moves.`,
    `\`npm run bench\` reproduces it (\`--database sqlite|postgres\` runs one).`,
    '',
    ...passLines(r.sqlite),
    '',
    ...passLines(r.postgres),
    '',
    ...comparisonLines(r),
    '',
    hashRate
      ? `Argon2id verify alone (19 MiB, t=2, p=1; ${hashRate.threadPool} hashing threads, ${hashRate.concurrency} at once): ` +
        `${hashRate.perSecond.toFixed(0)} hashes/s, ${hashRate.msPerHash.toFixed(0)} ms for one on an idle machine.`
      : 'Argon2id: not measured.',
    '',
    imp
      ? `Import of ${imp.rows.toLocaleString('en')} questions (.xlsx, ${(imp.fileBytes / 1e6).toFixed(2)} MB, on SQLite): ${imp.importMs.toFixed(0)} ms through ` +
        `POST /api/admin/upload-questions/ (median of ${imp.importRunsMs.join(', ')} ms) vs ${imp.bareParseMs.toFixed(0)} ms for SheetJS's bare parse ` +
        `(median of ${imp.bareParseRunsMs.join(', ')} ms, each taken right before its upload; cold ${imp.bareParseColdMs.toFixed(0)} ms): ` +
        `${imp.ratio.toFixed(2)}x, the median of the ${imp.importRunsMs.length} pairs' ratios.`
      : `Import: ${(r.importFigures as { error: string }).error}`,
    '',
    '| client chunk | bytes | gzipped |',
    '|---|---:|---:|',
    ...r.client.chunks.map((c) => `| ${c.file} | ${c.bytes} | ${c.gzipBytes} |`),
    '',
    `Landing/login first load: ${(r.client.firstLoad.gzipBytes / KB).toFixed(1)} kB of JavaScript gzipped.`,
    '',
    '| target | goal | measured | holds |',
    '|---|---|---|---|',
    ...r.targets.map(
      (t) => `| ${t.what} | ${t.goal} | ${t.value} | ${t.ok === null ? '–' : t.ok ? 'yes' : 'NO'} |`,
    ),
  ];
  return lines.join('\n');
}

export function writeResults(r: BenchResults, root: string): string {
  const dir = path.join(root, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, r.runtime === 'tsx' ? 'latest-tsx.json' : 'latest.json');
  fs.writeFileSync(file, JSON.stringify(r, null, 2));
  return file;
}

const SECTION = '## Benchmark figures';

/** Replaces the section in place, or appends it at the end; other sections stay as they are. */
export function updateReadme(r: BenchResults, root: string): void {
  const file = path.join(root, 'README.md');
  const text = fs.readFileSync(file, 'utf8');
  const body = `${SECTION}\n\n${markdown(r)}\n`;
  const at = text.indexOf(`\n${SECTION}\n`);
  if (at === -1) {
    fs.writeFileSync(file, `${text.replace(/\s*$/, '\n')}\n${body}`);
    return;
  }
  const next = text.indexOf('\n## ', at + SECTION.length + 1);
  const tail = next === -1 ? '' : `\n${text.slice(next + 1)}`;
  fs.writeFileSync(file, `${text.slice(0, at + 1)}${body}${tail}`);
}
