// The bench's verdicts and its three outputs: a table on stdout, bench-results/latest.json, and
// the '## Benchmark figures' section at the end of README.md (replaced on every run).
import fs from 'node:fs';
import path from 'node:path';
import type { HashRate } from './argon';
import type { Measurement } from './cannon';
import type { ClientSizes } from './clientSize';
import type { ImportFigures } from './importBench';
import type { Machine } from './machine';

export interface BenchResults {
  machine: Machine;
  /** How the server ran: compiled and run as `npm start` runs it, or under tsx (--tsx). */
  runtime: 'production' | 'tsx';
  connections: number;
  ceilingRps: number;
  /** ratio: req/s over the ceiling's; cpuRatio: the ceiling's server CPU per request over this one's. */
  measurements: Array<Measurement & { ratio: number; cpuRatio: number }>;
  hashRate: HashRate;
  importFigures: ImportFigures | { error: string };
  peakServerMb: number;
  /** process.memoryUsage() of the server after each step, in MB. */
  memoryAfter: Record<string, Record<string, number>>;
  client: ClientSizes;
  /** Why the PostgreSQL rows (names ending ' [PostgreSQL]') are missing, or null. */
  postgresSkipped: string | null;
  targets: Target[];
}

export interface Target {
  what: string;
  goal: string;
  value: string;
  ok: boolean;
}

/** Vite and this report count kB as 1000 bytes. */
const KB = 1000;
const FIRST_LOAD_BUDGET = 150 * KB;
const MEMORY_BUDGET_MB = 250;

const pct = (r: number) => `${(r * 100).toFixed(1)}%`;

export function judge(r: Omit<BenchResults, 'targets'>): Target[] {
  const row = (prefix: string) => r.measurements.find((m) => m.name.startsWith(prefix));
  const share = (prefix: string, min: number): Target => {
    const m = row(prefix);
    const valid = m && !m.note && m.failures === 0;
    return {
      what: prefix,
      goal: `>= ${pct(min)} of ceiling, no failures`,
      value: m ? (m.note ?? `${pct(m.ratio)} (${m.failures} failures)`) : 'missing',
      ok: Boolean(valid && m.ratio >= min),
    };
  };
  const login = row('sign-in');
  const boundShare = login ? login.rps / r.hashRate.perSecond : 0;
  const imp = 'ratio' in r.importFigures ? r.importFigures : null;
  /** A row on PostgreSQL against its own ceiling, at least half the SQLite row's share (issue 20). */
  const onPostgres = (prefix: string): Target => {
    const lite = row(prefix);
    const pg = r.measurements.find((m) => m.name.startsWith(prefix) && m.name.endsWith(' [PostgreSQL]'));
    const goal = lite ? lite.ratio / 2 : 0;
    return {
      what: `${prefix} on PostgreSQL`,
      goal: `>= half the SQLite share (${pct(goal)}), no failures`,
      value: pg ? `${pct(pg.ratio)} (${pg.failures} failures)` : (r.postgresSkipped ?? 'missing'),
      ok: Boolean(pg && lite && pg.failures === 0 && pg.ratio >= goal),
    };
  };
  return [
    ...[
      'catalogue lists (tRPC)',
      'catalogue lists (REST',
      'quiz.saveAnswer',
      'quiz.start',
      'quiz.submit, answers saved',
    ].map(onPostgres),
    share('catalogue lists (tRPC)', 0.4),
    share('catalogue lists (REST', 0.4),
    share('quiz.saveAnswer', 0.4),
    share('quiz.start', 0.15),
    share('quiz.submit, answers saved as chosen', 0.15),
    {
      what: 'sign-in bound by the password hash',
      goal: '>= 70% of argon2id verifies/s measured alone',
      value: `${login?.rps.toFixed(0) ?? 0} req/s vs ${r.hashRate.perSecond.toFixed(0)} hashes/s = ${pct(boundShare)}`,
      ok: Boolean(login && login.failures === 0 && boundShare >= 0.7),
    },
    {
      what: '10,000-row .xlsx import',
      goal: '<= 1.5x bare SheetJS parse',
      value: imp
        ? `${imp.ratio.toFixed(2)}x, median of paired runs (uploads ${imp.importMs.toFixed(0)} ms, bare parses ${imp.bareParseMs.toFixed(0)} ms; HTTP ${imp.status})`
        : (r.importFigures as { error: string }).error,
      ok: Boolean(imp && imp.status < 300 && imp.ratio <= 1.5),
    },
    {
      what: 'peak server memory (VmHWM)',
      goal: `< ${MEMORY_BUDGET_MB} MB`,
      value: `${r.peakServerMb.toFixed(0)} MB`,
      ok: r.peakServerMb < MEMORY_BUDGET_MB,
    },
    {
      what: 'landing/login JavaScript, gzipped',
      goal: `<= ${FIRST_LOAD_BUDGET / KB} kB`,
      value: `${(r.client.firstLoad.gzipBytes / KB).toFixed(1)} kB (${r.client.firstLoad.files.join(', ')}; by ${r.client.firstLoad.method})`,
      ok: r.client.firstLoad.gzipBytes <= FIRST_LOAD_BUDGET,
    },
  ];
}

function measurementLines(r: BenchResults): string[] {
  const lines = [
    '| measurement | req/s | p50 ms | p99 ms | ratio to ceiling | server CPU µs/req | CPU ratio | requests | failures | load avg |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of r.measurements) {
    if (m.note) lines.push(`| ${m.name} | – | – | – | – | – | – | – | ${m.note} | – |`);
    else
      lines.push(
        `| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${pct(m.ratio)} | ${m.cpuUsPerRequest} | ${pct(m.cpuRatio)} | ${m.requests} | ${m.failures} | ${m.load1} |`,
      );
  }
  return lines;
}

/** Above this gap between the first and last ceiling, the machine's speed moved during the run. */
const STEADY_CEILING_GAP = 0.1;

/** How far apart the two ceiling runs are: how much the machine itself moved during the run. */
function steadiness(r: BenchResults): string {
  const ceilings = r.measurements.filter((x) => x.name.startsWith('ceiling') && !x.note).map((x) => x.rps);
  if (ceilings.length < 2) return 'Only one ceiling run: how steady the machine was is unknown.';
  const gap = (Math.max(...ceilings) - Math.min(...ceilings)) / Math.min(...ceilings);
  return gap <= STEADY_CEILING_GAP
    ? `The two ceilings are ${pct(gap)} apart: the machine was steady through the run.`
    : `The two ceilings are ${pct(gap)} apart: this machine's speed moved during the run, and every ratio moved with it.`;
}

export function markdown(r: BenchResults): string {
  const m = r.machine;
  const imp = 'ratio' in r.importFigures ? r.importFigures : null;
  const lines = [
    `Measured ${m.date.slice(0, 16).replace('T', ' ')} UTC on ${m.nproc} cores (${m.cpu}), ${m.memoryGb} GB RAM,`,
    `Node ${m.node}, ${m.platform}; load average ${m.loadAvg} at the start. Server in its own process (${r.runtime === 'tsx' ? 'run' : 'compiled to'}`,
    `${r.runtime === 'tsx' ? 'under tsx as `npm run dev` runs it' : 'JavaScript and run with node as `npm start` runs it'}), autocannon in the bench process, both on this machine over`,
    `loopback, ${r.connections} connections. Ratios are to the mean of the two ceiling runs (first and last);`,
    `the CPU ratio compares the server's CPU time per request with the ceiling's, which other load on`,
    `the machine hardly moves. ${steadiness(r)}`,
    `\`npm run bench\` reproduces it.`,
    '',
    ...measurementLines(r),
    '',
    `Argon2id verify alone (19 MiB, t=2, p=1; libuv pool ${r.hashRate.threadPool}, ${r.hashRate.concurrency} at once): ` +
      `${r.hashRate.perSecond.toFixed(0)} hashes/s, ${r.hashRate.msPerHash.toFixed(0)} ms for one on an idle machine.`,
    '',
    imp
      ? `Import of ${imp.rows.toLocaleString('en')} questions (.xlsx, ${(imp.fileBytes / 1e6).toFixed(2)} MB): ${imp.importMs.toFixed(0)} ms through ` +
        `POST /api/admin/upload-questions/ (median of ${imp.importRunsMs.join(', ')} ms) vs ${imp.bareParseMs.toFixed(0)} ms for SheetJS's bare parse ` +
        `(median of ${imp.bareParseRunsMs.join(', ')} ms, each taken right before its upload; cold ${imp.bareParseColdMs.toFixed(0)} ms): ` +
        `${imp.ratio.toFixed(2)}x, the median of the ${imp.importRunsMs.length} pairs' ratios.`
      : `Import: ${(r.importFigures as { error: string }).error}`,
    '',
    `Peak server memory through the whole run (VmHWM): ${r.peakServerMb.toFixed(0)} MB.`,
    '',
    '| client chunk | bytes | gzipped |',
    '|---|---:|---:|',
    ...r.client.chunks.map((c) => `| ${c.file} | ${c.bytes} | ${c.gzipBytes} |`),
    '',
    `Landing/login first load: ${(r.client.firstLoad.gzipBytes / KB).toFixed(1)} kB of JavaScript gzipped.`,
    '',
    '| target | goal | measured | holds |',
    '|---|---|---|---|',
    ...r.targets.map((t) => `| ${t.what} | ${t.goal} | ${t.value} | ${t.ok ? 'yes' : 'NO'} |`),
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
