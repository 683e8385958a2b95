// npm run bench -- --compare NAME: one mechanism of the request path measured with and without it
// in one run. Two servers run on the same database, one of them with BENCH_WITHOUT=NAME; each row
// is measured on both in the order with, without, without, with, so drift in the machine's speed
// falls on both alike. The gain is how many more requests a second the server with the mechanism
// answered (and how much less CPU each took); a mechanism stays only while a row it serves gains
// at least 20% (docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../../db/client';
import { measure, type Measurement, type Target } from './cannon';
import type { Fixture } from './fixtures';
import type { Mechanism } from './mechanisms';
import * as sc from './scenarios';
import type { ServerProcess } from './serverProcess';

interface Side {
  requests: number;
  seconds: number;
  cpuUs: number;
  failures: number;
}

export interface ComparedRow {
  name: string;
  with: { rps: number; cpuUsPerRequest: number };
  without: { rps: number; cpuUsPerRequest: number };
  /** with / without - 1, in requests a second */
  rpsGain: number;
  /** without / with - 1, in CPU per request */
  cpuGain: number;
  failures: number;
}

const add = (side: Side, m: Measurement) => {
  side.requests += m.requests;
  side.seconds += m.durationS;
  side.cpuUs += m.cpuUsPerRequest * m.requests;
  side.failures += m.failures;
};

const rate = (s: Side) => ({
  rps: s.seconds ? Math.round(s.requests / s.seconds) : 0,
  cpuUsPerRequest: s.requests ? Math.round(s.cpuUs / s.requests) : 0,
});

/** Measures `work` on both servers, with-without-without-with (`round` counts from 0). */
async function compareRow(
  name: string,
  servers: { with: ServerProcess; without: ServerProcess },
  work: (target: Target, round: number) => Promise<Measurement>,
): Promise<ComparedRow> {
  const sides = { with: emptySide(), without: emptySide() };
  const order = ['with', 'without', 'without', 'with'] as const;
  for (const [round, side] of order.entries()) add(sides[side], await work(servers[side], round));
  const w = rate(sides.with);
  const wo = rate(sides.without);
  const row: ComparedRow = {
    name,
    with: w,
    without: wo,
    rpsGain: wo.rps ? w.rps / wo.rps - 1 : 0,
    cpuGain: w.cpuUsPerRequest ? wo.cpuUsPerRequest / w.cpuUsPerRequest - 1 : 0,
    failures: sides.with.failures + sides.without.failures,
  };
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `  ${name}: with ${w.rps} req/s, ${w.cpuUsPerRequest} µs CPU; without ${wo.rps} req/s, ` +
      `${wo.cpuUsPerRequest} µs CPU; gain ${pct(row.rpsGain)} req/s, ${pct(row.cpuGain)} CPU; ${row.failures} failures`,
  );
  return row;
}

const emptySide = (): Side => ({ requests: 0, seconds: 0, cpuUs: 0, failures: 0 });

/** The items of round `round` of 4: each round takes its own quarter (sessions, students). */
const quarter = <T>(items: T[], round: number) => {
  const size = Math.floor(items.length / 4);
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
      (t, round) => sc.quizStart(t, fixture, available, quarter(starters, round)),
    ],
    ['quiz.saveAnswer', async (t) => sc.saveAnswer(t, fixture, available, (sessions ??= await openSessions()))],
    [
      'quiz.submit (whole sheet)',
      async (t, round) =>
        sc.submit(t, fixture, available, quarter((sessions ??= await openSessions()), round), false),
    ],
    ['results.list', (t) => sc.resultsList(t, available, fixture.students)],
  ];
  const rows: ComparedRow[] = [];
  for (const [name, work] of all.filter(([name]) => wanted(name))) {
    rows.push(await compareRow(name, servers, work));
  }
  const dir = path.join(root, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `compare-${mechanism}.json`);
  fs.writeFileSync(file, JSON.stringify({ mechanism, at: new Date().toISOString(), rows }, null, 2));
  console.log(`\n${comparisonMarkdown(mechanism, rows)}\nWritten: ${file}`);
  return rows;
}

export function comparisonMarkdown(mechanism: Mechanism, rows: ComparedRow[]): string {
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
  return [
    `| row (${mechanism}) | with: req/s, µs CPU | without: req/s, µs CPU | gain req/s | gain CPU | failures |`,
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.with.rps}, ${r.with.cpuUsPerRequest} | ${r.without.rps}, ${r.without.cpuUsPerRequest} | ` +
        `${pct(r.rpsGain)} | ${pct(r.cpuGain)} | ${r.failures} |`,
    ),
  ].join('\n');
}
