// Start-up: config -> database (migrated) -> first admin -> seed on empty -> background work
// (expired mocks) -> listen. With WEB_CONCURRENCY=N the steps up to the background work run
// once, in the primary process, and N workers (node:cluster) listen (cluster.ts).
import cluster from 'node:cluster';
import { createApp } from './app';
import { exitOnSignals, startBackgroundWork, type BackgroundWork } from './background';
import { superviseWorkers } from './cluster';
import type { AppDeps } from './context';
import { createDeps, openDatabase } from './deps';
import { createHttpServer } from './http/httpServer';
import { EnvError, loadEnv, publicUrlWarning, type Env } from './env';
import { ensureFirstAdmin } from './services/admins';
import { sizePasswordHashing } from './services/passwords';
import { seedIfEmpty } from './services/seed';
import { prewarmParser } from './services/import/parseInWorker';
import { databaseLocation } from './services/systemInfo';

const GRACE_MS = 5000;
const NO_BACKGROUND_WORK: BackgroundWork = { stop: async () => {} };

/** The first admin and the sample bank (each safe when several processes start at once). */
async function prepareData(env: Env, deps: AppDeps) {
  const password = await ensureFirstAdmin(deps.db, env.ADMIN_EMAIL);
  if (password) {
    // The one line that shows a password, on purpose: the operator has no other way to it.
    deps.logger.info(
      `First admin created: ${env.ADMIN_EMAIL} / ${password}  (shown once: sign in, then change the password and e-mail under My Account, ${env.PUBLIC_URL}/admin/account)`,
    );
  }
  if (env.SEED_ON_EMPTY) {
    const seeded = await seedIfEmpty(deps.db);
    if (seeded)
      deps.logger.info({ questions: seeded }, `Loaded the sample question bank: ${seeded} questions.`);
  }
}

function listen(deps: AppDeps, background: BackgroundWork, onListening: () => void) {
  const { env } = deps;
  sizePasswordHashing(env.WEB_CONCURRENCY);
  const server = createHttpServer(createApp(deps)).listen(env.PORT, env.HOST, onListening);
  // The first upload should not wait for a thread start and a cold SheetJS load (see parseInWorker.ts).
  prewarmParser();
  exitOnSignals(server, background, deps.db, { graceMs: GRACE_MS });
}

async function main() {
  const env = loadEnv();
  const deps = createDeps(env, await openDatabase(env));
  if (cluster.isWorker) return listen(deps, NO_BACKGROUND_WORK, () => {});
  await prepareData(env, deps);
  const warning = publicUrlWarning(process.env, env);
  if (warning) deps.logger.warn(warning);
  const background = await startBackgroundWork(deps);
  const serving = `Serving on ${env.PUBLIC_URL} (listening on ${env.HOST}:${env.PORT}, database ${databaseLocation(env)}`;
  const where = { url: env.PUBLIC_URL, host: env.HOST, port: env.PORT, workers: env.WEB_CONCURRENCY };
  if (env.WEB_CONCURRENCY > 1) {
    superviseWorkers(env.WEB_CONCURRENCY, {
      deps,
      background,
      graceMs: GRACE_MS,
      onListening: () => deps.logger.info(where, `${serving}, ${env.WEB_CONCURRENCY} worker processes)`),
    });
    return;
  }
  listen(deps, background, () => deps.logger.info(where, `${serving})`));
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
