// The server child of the bench and the load tests: the real app (createApp) behind an outer
// Express app that adds a bare JSON endpoint, /__ceiling, in the same process. That endpoint is
// what Express alone can do on this machine; every app figure is read as a share of it.
//
// Environment: DATA_DIR, JWT_SECRET, PORT (all required), RELAXED_LIMITS=1 to lift the sign-in
// limits (the bench signs one address in hundreds of times a second), PROFILE_DIR to enable
// POST /__profile/start and /__profile/stop?name=X, which write one V8 CPU profile per
// measurement. Prints `READY <port>`.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import express from 'express';
import { createApp } from '../../server/app';
import { answerClientErrorsAsJson } from '../../server/clientError';
import { createDeps, openDatabase } from '../../server/deps';
import { loadEnv } from '../../server/env';
import { prewarmParser } from '../../server/services/import/parseInWorker';
import { gradeExpiredSessions } from '../../server/services/quizSessions';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../../server/services/rateLimits';

function relaxedLimits(): RateLimitSettings {
  const all = { ...DEFAULT_RATE_LIMITS } as RateLimitSettings;
  for (const name of Object.keys(all) as Array<keyof RateLimitSettings>) {
    all[name] = { points: 1_000_000_000, windowSeconds: 60 };
  }
  return all;
}

async function main() {
  const env = loadEnv({
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    SEED_ON_EMPTY: 'false',
  });
  const db = await openDatabase(env);
  const deps = createDeps(env, db, {
    rateLimits: process.env.RELAXED_LIMITS === '1' ? relaxedLimits() : undefined,
  });
  // As server/index.ts does: mocks abandoned past their deadline are graded at start and every minute.
  const sweep = () =>
    gradeExpiredSessions(db, new Date()).catch((err: unknown) =>
      console.error(`expired-session sweep: ${String(err)}`),
    );
  await sweep();
  setInterval(() => void sweep(), 60_000).unref();
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
  outer.use(createApp(deps));
  const server = outer.listen(env.PORT, env.HOST, () => {
    process.stdout.write(`READY ${env.PORT}\n`);
  });
  answerClientErrorsAsJson(server);
  // As server/index.ts: one parser worker warm from the start.
  prewarmParser();
  // A graceful stop (SIGTERM) lets --cpu-prof write its profile; SIGKILL is the crash test.
  const stop = () => {
    server.close(() => void db.destroy().then(() => process.exit(0)));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
