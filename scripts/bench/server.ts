// The server child of the bench and the load tests: the real app (createApp) with its background
// work, as server/index.ts serves it, beside an outer Express app that answers the bench's own
// /__ paths, among them a bare JSON endpoint, /__ceiling, in the same process. That endpoint is
// what Express alone can do on this machine; every app figure is read as a share of it.
//
// Environment: DATA_DIR, JWT_SECRET, PORT (all required), RELAXED_LIMITS=1 to lift the sign-in
// limits (the bench signs one address in hundreds of times a second), PROFILE_DIR to enable
// POST /__profile/start and /__profile/stop?name=X, which write one V8 CPU profile per
// measurement, BENCH_WITHOUT=NAME to switch off one mechanism (see MECHANISMS), WEB_CONCURRENCY=N
// for N workers under a primary, as server/index.ts (server/cluster.ts). Prints `READY <port>`.
import cluster from 'node:cluster';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import express from 'express';
import { createApp } from '../../server/app';
import { exitOnSignals, startBackgroundWork, type BackgroundWork } from '../../server/background';
import { superviseWorkers } from '../../server/cluster';
import { createHttpServer } from '../../server/http/httpServer';
import { createDeps, openDatabase } from '../../server/deps';
import { loadEnv } from '../../server/env';
import { isMechanism, MECHANISMS } from './mechanisms';
import { prewarmParser } from '../../server/services/import/parseInWorker';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../../server/services/rateLimits';
import { sizePasswordHashing } from '../../server/services/passwords';

function relaxedLimits(): RateLimitSettings {
  const all = { ...DEFAULT_RATE_LIMITS } as RateLimitSettings;
  for (const name of Object.keys(all) as Array<keyof RateLimitSettings>) {
    all[name] = { points: 1_000_000_000, windowSeconds: 60 };
  }
  return all;
}

async function main() {
  const without = process.env.BENCH_WITHOUT ?? '';
  if (without && !isMechanism(without)) throw new Error(`BENCH_WITHOUT: one of ${MECHANISMS.join(', ')}`);
  const env = loadEnv({
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    SEED_ON_EMPTY: 'false',
  });
  const db = await openDatabase(env, {
    readCache: without !== 'read-cache',
    statementCache: without !== 'statement-cache',
    synchronous: without === 'synchronous-full' ? 'NORMAL' : 'FULL',
  });
  const deps = createDeps(env, db, {
    rateLimits: process.env.RELAXED_LIMITS === '1' ? relaxedLimits() : undefined,
  });
  const ready = () => process.stdout.write(`READY ${env.PORT}\n`);
  // As server/index.ts: the sweep of abandoned mocks, in the primary when there are workers.
  const noBackgroundWork: BackgroundWork = { stop: async () => {} };
  const background = cluster.isWorker ? noBackgroundWork : await startBackgroundWork(deps);
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
    superviseWorkers(env.WEB_CONCURRENCY, { deps, background, graceMs: 3000, onListening: ready });
    return;
  }
  // As server/index.ts: the hashing threads sized to the machine and the number of workers.
  sizePasswordHashing(env.WEB_CONCURRENCY);
  const outer = express();
  outer.disable('x-powered-by');
  outer.get('/__ceiling', (_req, res) => {
    res.json({ ok: true });
  });
  // Where the resident memory is: V8 heap, buffers outside it, and the rest (code, threads, native).
  outer.get('/__memory', (_req, res) => {
    res.json(process.memoryUsage());
  });
  const profileDir = process.env.PROFILE_DIR;
  if (profileDir) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    outer.post('/__profile/start', async (_req, res) => {
      await session.post('Profiler.start');
      res.json({ ok: true });
    });
    outer.post('/__profile/stop', async (req, res) => {
      const { profile } = await session.post('Profiler.stop');
      const name = String(req.query.name ?? 'profile').replace(/[^\w.-]+/g, '_');
      fs.writeFileSync(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
      res.json({ ok: true });
    });
  }
  // The app runs as server/index.ts runs it, not mounted under the outer app: a mounted app pays
  // a second router pass per request that the school's server does not. The outer app takes only
  // the bench's own /__ paths.
  const app = createApp(deps, {
    leanTrpcFront: without !== 'trpc-front',
    requestLog: without !== 'request-log',
  });
  const server = createHttpServer((req, res) => (req.url?.startsWith('/__') ? outer : app)(req, res));
  server.listen(env.PORT, env.HOST, cluster.isWorker ? undefined : ready);
  // As server/index.ts: one parser worker warm from the start.
  prewarmParser();
  // A graceful stop (SIGTERM) lets --cpu-prof write its profile; SIGKILL is the crash test.
  exitOnSignals(server, background, db, { graceMs: 3000, dropIdleConnections: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
