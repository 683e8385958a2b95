// Start-up: config -> database (migrated) -> first admin -> seed on empty -> listen.
import { createApp } from './app';
import { answerClientErrorsAsJson } from './clientError';
import { createDeps, openDatabase } from './deps';
import { EnvError, loadEnv } from './env';
import { ensureFirstAdmin } from './services/admins';
import { gradeExpiredSessions } from './services/quizSessions';
import { seedIfEmpty } from './services/seed';
import { startCheckpointer } from './services/checkpointer';
import { prewarmParser } from './services/import/parseInWorker';

async function main() {
  const env = loadEnv();
  const db = await openDatabase(env);
  const deps = createDeps(env, db);
  const checkpointer = await startCheckpointer(db, env.DATABASE_FILE, {
    onError: (message) => deps.logger.error(`[db] checkpoint failed: ${message}`),
  });
  const password = await ensureFirstAdmin(db, env.ADMIN_EMAIL);
  if (password) {
    deps.logger.info(
      `First admin created: ${env.ADMIN_EMAIL} / ${password}  (shown once: sign in and change it)`,
    );
  }
  if (env.SEED_ON_EMPTY) {
    const seeded = await seedIfEmpty(db);
    if (seeded) deps.logger.info(`Loaded the sample question bank: ${seeded} questions.`);
  }
  // Mocks abandoned past their deadline get graded on their saved answers, so their results and
  // notifications appear even if the student never comes back.
  const sweep = () =>
    gradeExpiredSessions(db, new Date(), (err, id) =>
      deps.logger.error(`[quiz] grading expired session ${id} failed: ${String(err)}`),
    ).catch((err: unknown) => deps.logger.error(`[quiz] expired-session sweep failed: ${String(err)}`));
  await sweep();
  setInterval(() => void sweep(), 60_000).unref();
  const server = createApp(deps).listen(env.PORT, env.HOST, () => {
    deps.logger.info(
      `Serving on ${env.PUBLIC_URL} (listening on ${env.HOST}:${env.PORT}, database ${env.DATABASE_FILE})`,
    );
  });
  answerClientErrorsAsJson(server);
  // The first upload should not wait for a thread start and a cold SheetJS load (see parseInWorker.ts).
  prewarmParser();
  const stop = () => {
    server.close(
      () =>
        void checkpointer
          .stop()
          .then(() => db.destroy())
          .then(() => process.exit(0)),
    );
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
