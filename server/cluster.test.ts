// Several processes as an operator starts them: WEB_CONCURRENCY=2 (two workers serve one port;
// rate limits count across both; a worker killed is replaced while the other serves; SIGTERM
// ends all), and two processes started at once on one new database. Runs in the app and
// postgres projects.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childrenOf, freePort } from '../scripts/bench/serverProcess';
import { testDatabaseEnv } from './test/database';
import { seedBankSize } from './test/importFiles';
import { startServerProcess, type ServerProcess } from './test/serverProcess';

const dataDirs: string[] = [];
const newDataDir = () => {
  dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-cluster-')));
  return dataDirs[dataDirs.length - 1];
};
afterAll(() => dataDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const isNode = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/index.ts');

/** GET /api/health on a new connection, up to 5 tries of 1 s each. */
async function healthWithRetry(port: number): Promise<number | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await new Promise<number | undefined>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.setTimeout(1000, () => req.destroy(new Error('no answer within 1 s')));
        req.on('error', reject);
      });
    } catch (err) {
      if (attempt === 5) throw err;
    }
  }
}

async function waitFor(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The server with WEB_CONCURRENCY=2 on a new database and a free port. */
async function startTwoWorkers() {
  const port = await freePort();
  const dataDir = newDataDir();
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    PORT: String(port),
    WEB_CONCURRENCY: '2',
    ...(await testDatabaseEnv(dataDir)),
  });
  return { port, server };
}

describe('two workers on one port', () => {
  // One server for both tests: starting a primary and two workers is most of each test's time.
  // The figures are read first, while only their own requests have been counted.
  let port = 0;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    ({ port, server } = await startTwoWorkers());
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers /metrics from either worker with the figures of both', async () => {
    // New connections, which the primary hands to the workers in turn.
    for (let i = 0; i < 12; i++) expect(await healthWithRetry(port)).toBe(200);
    for (let scrape = 0; scrape < 2; scrape++) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      const text = await res.text();
      const value = (series: string) =>
        Number(
          text
            .split('\n')
            .find((l) => l.startsWith(`${series} `))
            ?.slice(series.length + 1),
        );
      expect(value('nmc_rest_request_duration_seconds_count{route="GET /api/health",status="200"}')).toBe(12);
      // Each worker has its own 8 MiB lane for answers: the sum of two.
      expect(value('nmc_body_budget_bytes{lane="answers",kind="room"}')).toBe(2 * 8 * 1024 * 1024);
    }
  });

  it('serves one port from two workers, shares rate limits, replaces a killed worker, ends on SIGTERM', async () => {
    const running = server;
    if (!running) throw new Error('The two workers did not start');
    const base = `http://127.0.0.1:${port}`;
    expect(running.log()).toContain('2 worker processes');
    const workers = childrenOf(running.pid).filter(isNode);
    expect(workers).toHaveLength(2);

    // Five reset asks for one account an hour: the sixth is refused, whichever worker takes it.
    const ask = () =>
      fetch(`${base}/api/auth/password/reset/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com' }),
      }).then((r) => r.status);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await ask());
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    process.kill(workers[0], 'SIGKILL');
    // The other worker serves on: a connection handed to the dead one in the moment before the
    // primary heard of its death is lost (its client times out and tries again, as browsers do).
    expect(await healthWithRetry(port)).toBe(200);
    await waitFor(() => {
      const now = childrenOf(running.pid).filter(isNode);
      return now.length === 2 && !now.includes(workers[0]);
    });
    expect(running.log()).toMatch(/worker \d+ exited \(SIGKILL\); starting another/);
    server = undefined;
    await running.stop();
    expect(childrenOf(running.pid)).toEqual([]);
  });
});

it(
  'starts two processes at once on one new database: one first admin, one sample bank',
  { timeout: 60_000 },
  async () => {
    const dataDir = newDataDir();
    const database = await testDatabaseEnv(dataDir);
    // The same data folder on SQLite (the same file), the same database URL on PostgreSQL.
    const start = async () =>
      startServerProcess({
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        SEED_ON_EMPTY: 'true',
        ...database,
      });
    const servers = await Promise.all([start(), start()]);
    try {
      const logs = servers.map((s) => s.log()).join('');
      expect(logs.match(/First admin created/g)).toHaveLength(1);
      const loaded = `Loaded the sample question bank: ${seedBankSize().questions} questions`;
      expect(logs.split(loaded)).toHaveLength(2);
      expect(logs).not.toMatch(/error/i);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  },
);
