// npm run bench -- --compare NAME: one mechanism of the request path measured with and without it
// in one run. Two servers run on the same database, one of them without the mechanism
// (scripts/bench/mechanisms.ts); each row is measured on both in rounds that alternate, with
// first in one pair and without first in the next (with, without, without, with, ...), so drift
// in the machine's speed and the load of other jobs fall on both alike. Each side's figures are
// the medians of its rounds; the gain is the median over the pairs of how many more requests a
// second the server with the mechanism answered (and how much less CPU each took). A mechanism
// stays only while a row it serves gains at least 20% (docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../../db/client';
import { measure, type Measurement, type Target } from './cannon';
import type { Fixture } from './fixtures';
import type { Mechanism } from './mechanisms';
import * as sc from './scenarios';
import type { ServerProcess } from './serverProcess';

interface SideFigures {
  /** Medians over the side's rounds. */
  rps: number;
  cpuUsPerRequest: number;
  /** Each round's requests a second, in the order measured. */
  rounds: number[];
}

export interface ComparedRow {
  name: string;
  with: SideFigures;
  without: SideFigures;
  /**
   * The median over the pairs of rounds measured one right after the other (one on each side) of
   * with / without - 1, in requests a second: what drift the pairs share cancels out.
   */
  rpsGain: number;
  /** The same median of without / with - 1, in CPU per request. */
  cpuGain: number;
  failures: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const figures = (ms: Measurement[]): SideFigures => ({
  rps: Math.round(median(ms.map((m) => m.rps))),
  cpuUsPerRequest: Math.round(median(ms.map((m) => m.cpuUsPerRequest))),
  rounds: ms.map((m) => Math.round(m.rps)),
});

/** The side of each round: with, without, without, with, with, without, ... */
export function roundOrder(rounds: number): Array<'with' | 'without'> {
  return Array.from({ length: rounds }, (_, i) => (i % 4 === 0 || i % 4 === 3 ? 'with' : 'without'));
}

/** The paired gains of rounds measured in roundOrder: rounds 0 and 1 are a pair, 2 and 3 the next. */
export function pairedGains(measured: Array<{ side: 'with' | 'without'; m: Measurement }>) {
  const rps: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i + 1 < measured.length; i += 2) {
    const pair = [measured[i], measured[i + 1]];
    const w = pair.find((p) => p.side === 'with')?.m;
    const wo = pair.find((p) => p.side === 'without')?.m;
    if (!w || !wo) continue;
    if (wo.rps) rps.push(w.rps / wo.rps - 1);
    if (w.cpuUsPerRequest) cpu.push(wo.cpuUsPerRequest / w.cpuUsPerRequest - 1);
  }
  return { rps: rps.length ? median(rps) : 0, cpu: cpu.length ? median(cpu) : 0 };
}

/** Measures `work` on both servers, `rounds` times in all (`round` counts from 0). */
async function compareRow(
  name: string,
  servers: { with: ServerProcess; without: ServerProcess },
  rounds: number,
  work: (target: Target, round: number) => Promise<Measurement>,
): Promise<ComparedRow> {
  const measured: Array<{ side: 'with' | 'without'; m: Measurement }> = [];
  for (const [round, side] of roundOrder(rounds).entries())
    measured.push({ side, m: await work(servers[side], round) });
  const w = figures(measured.filter((r) => r.side === 'with').map((r) => r.m));
  const wo = figures(measured.filter((r) => r.side === 'without').map((r) => r.m));
  const gains = pairedGains(measured);
  const row: ComparedRow = {
    name,
    with: w,
    without: wo,
    rpsGain: gains.rps,
    cpuGain: gains.cpu,
    failures: measured.reduce((n, r) => n + r.m.failures, 0),
  };
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `  ${name}: with ${w.rps} req/s (${w.rounds.join(', ')}), ${w.cpuUsPerRequest} µs CPU; ` +
      `without ${wo.rps} req/s (${wo.rounds.join(', ')}), ${wo.cpuUsPerRequest} µs CPU; ` +
      `paired gain ${pct(row.rpsGain)} req/s, ${pct(row.cpuGain)} CPU; ${row.failures} failures`,
  );
  return row;
}

/** The items of round `round` of `rounds`: each round takes its own share (sessions, students). */
export const share = <T>(items: T[], round: number, rounds: number) => {
  const size = Math.floor(items.length / rounds);
  return items.slice(round * size, (round + 1) * size);
};

export async function runComparison(
  mechanism: Mechanism,
  servers: { with: ServerProcess; without: ServerProcess },
  fixture: Fixture,
  db: DB,
  available: sc.Available,
  root: string,
  wanted: (row: string) => boolean = () => true,
  rounds = 4,
): Promise<ComparedRow[]> {
  for (const s of [servers.with, servers.without]) {
    await measure('warm-up', s, [{ method: 'GET', path: '/__ceiling' }], { duration: 2 });
    await sc.signedInFloor(s, fixture, available, { amount: fixture.students.length });
  }
  console.log(`Comparing the app with and without ${mechanism}:`);
  const starters = fixture.students.slice(200);
  // The save and submit rows answer the sessions the quiz.start row opens: when that row is left
  // out (--only), the same sessions are opened first, unmeasured.
  const startRow = 'quiz.start (100 questions)';
  let sessions: sc.Session[] | undefined;
  const openSessions = async () => {
    if (!wanted(startRow)) await sc.quizStart(servers.with, fixture, available, starters);
    return sc.openSessions(db, fixture);
  };
  const all: Array<[string, (t: Target, round: number) => Promise<Measurement>]> = [
    ['ceiling: bare Express JSON', (t) => sc.ceiling(t)],
    ['floor (profile.get)', (t) => sc.signedInFloor(t, fixture, available)],
    ['catalogue lists (tRPC)', (t) => sc.catalogTrpc(t, fixture, available)],
    ['catalogue lists (REST)', (t) => sc.catalogRest(t, fixture, available)],
    [
      startRow,
      (t, round) => sc.quizStart(t, fixture, available, share(starters, round, rounds)),
    ],
    ['quiz.saveAnswer', async (t) => sc.saveAnswer(t, fixture, available, (sessions ??= await openSessions()))],
    [
      'quiz.submit (whole sheet)',
      async (t, round) =>
        sc.submit(t, fixture, available, share((sessions ??= await openSessions()), round, rounds), false),
    ],
    ['results.list', (t) => sc.resultsList(t, available, fixture.students)],
    // Each sign-in verifies an argon2id hash: a 19 MiB block on one of libuv's threads.
    ['sign-in (auth.login)', (t) => sc.signIn(t, fixture)],
  ];
  const rows: ComparedRow[] = [];
  for (const [name, work] of all.filter(([name]) => wanted(name))) {
    rows.push(await compareRow(name, servers, rounds, work));
  }
  const peakMb = (s: ServerProcess) => Math.round(s.peakBytes / 2 ** 20);
  const memory = { with: peakMb(servers.with), without: peakMb(servers.without) };
  console.log(`Peak server memory (VmHWM): with ${memory.with} MB, without ${memory.without} MB`);
  const dir = path.join(root, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `compare-${mechanism}.json`);
  fs.writeFileSync(file, JSON.stringify({ mechanism, at: new Date().toISOString(), node: process.version, rounds, memory, rows }, null, 2));
  console.log(`\n${comparisonMarkdown(mechanism, rows)}\nWritten: ${file}`);
  return rows;
}

export function comparisonMarkdown(mechanism: Mechanism, rows: ComparedRow[]): string {
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
  return [
    `| row (${mechanism}) | with: req/s, µs CPU (medians) | without: req/s, µs CPU (medians) | gain req/s (paired) | gain CPU (paired) | failures |`,
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.with.rps}, ${r.with.cpuUsPerRequest} | ${r.without.rps}, ${r.without.cpuUsPerRequest} | ` +
        `${pct(r.rpsGain)} | ${pct(r.cpuGain)} | ${r.failures} |`,
    ),
  ].join('\n');
}
