// Start-up: config -> database (migrated) -> first admin -> seed on empty -> background work
// (expired mocks) -> listen.
import { createApp } from './app';
import { exitOnSignals, startBackgroundWork } from './background';
import { createDeps, openDatabase } from './deps';
import { createHttpServer } from './http/httpServer';
import { EnvError, loadEnv } from './env';
import { ensureFirstAdmin } from './services/admins';
import { seedIfEmpty } from './services/seed';
import { prewarmParser } from './services/import/parseInWorker';

async function main() {
  const env = loadEnv();
  const db = await openDatabase(env);
  const deps = createDeps(env, db);
  const password = await ensureFirstAdmin(db, env.ADMIN_EMAIL);
  if (password) {
    deps.logger.info(
      `First admin created: ${env.ADMIN_EMAIL} / ${password}  (shown once: sign in, then change the password and e-mail under My Account, ${env.PUBLIC_URL}/admin/account)`,
    );
  }
  if (env.SEED_ON_EMPTY) {
    const seeded = await seedIfEmpty(db);
    if (seeded) deps.logger.info(`Loaded the sample question bank: ${seeded} questions.`);
  }
  const background = await startBackgroundWork(deps);
  const server = createHttpServer(createApp(deps)).listen(env.PORT, env.HOST, () => {
    deps.logger.info(
      `Serving on ${env.PUBLIC_URL} (listening on ${env.HOST}:${env.PORT}, database ${env.DATABASE_FILE})`,
    );
  });
  // The first upload should not wait for a thread start and a cold SheetJS load (see parseInWorker.ts).
  prewarmParser();
  exitOnSignals(server, background, db, { graceMs: 5000 });
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
