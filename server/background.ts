// The work a serving process runs beside its requests. server/index.ts and the bench's server
// (scripts/bench/server.ts) both start it from here, so the figures are those of what a school runs.
import type { Server } from 'node:http';
import type { DB } from '../db/client';
import { exclusively } from '../db/dialect';
import type { AppDeps } from './context';
import { gradeExpiredSessions } from './services/quizSessions';
import { settleClassMocks } from './services/classMocks';

export const EXPIRED_SWEEP_MS = 60_000;
/** Often enough that a class mock's open attempts are graded well within a minute of its close. */
export const CLASS_MOCK_SWEEP_MS = 10_000;

export interface BackgroundWork {
  /** Stops the sweep. */
  stop(): Promise<void>;
}

/**
 * Grades mocks abandoned past their deadline on their saved answers, so their results and
 * notifications appear even if the student never comes back. One process at a time: false when
 * another is sweeping.
 */
export async function sweepExpiredSessions({ db, logger }: Pick<AppDeps, 'db' | 'logger'>): Promise<boolean> {
  return exclusively(db, 'sweep:expired-sessions', async () => {
    await gradeExpiredSessions(db, new Date(), (err, id) =>
      logger.error({ topic: 'quiz', session: id, err }, 'grading an expired session failed'),
    );
  });
}

/**
 * Grades the attempts still open at a class mock's close and releases the results due at it
 * (services/classMocks.ts). One process at a time: false when another is at it.
 */
export async function sweepClassMocks(
  { db, logger }: Pick<AppDeps, 'db' | 'logger'>,
  now = new Date(),
): Promise<boolean> {
  return exclusively(db, 'sweep:class-mocks', async () => {
    await settleClassMocks(db, now, (err, what) =>
      logger.error({ topic: 'class-mocks', what, err }, 'settling a class mock failed'),
    );
  });
}

export async function startBackgroundWork(deps: AppDeps): Promise<BackgroundWork> {
  const sweep = () =>
    sweepExpiredSessions(deps).catch((err: unknown) =>
      deps.logger.error({ topic: 'quiz', err }, 'expired-session sweep failed'),
    );
  const settle = () =>
    sweepClassMocks(deps).catch((err: unknown) =>
      deps.logger.error({ topic: 'class-mocks', err }, 'class mock sweep failed'),
    );
  await sweep();
  await settle();
  const timers = [
    setInterval(() => void sweep(), EXPIRED_SWEEP_MS).unref(),
    setInterval(() => void settle(), CLASS_MOCK_SWEEP_MS).unref(),
  ];
  return { stop: async () => timers.forEach(clearInterval) };
}

/**
 * On SIGTERM or SIGINT: stop taking requests, let those under way finish, then stop the background
 * work and close the database; exit anyway after `graceMs`. `dropIdleConnections` also closes
 * kept-alive connections at once (the bench's load tool holds many).
 */
export function exitOnSignals(
  server: Server,
  work: BackgroundWork,
  db: DB,
  opts: { graceMs: number; dropIdleConnections?: boolean },
): void {
  let stopping = false;
  const stop = () => {
    // A cluster worker may hear the signal twice: from its primary and from the terminal or systemd.
    if (stopping) return;
    stopping = true;
    server.close(
      () =>
        void work
          .stop()
          .then(() => db.destroy())
          .then(() => process.exit(0)),
    );
    if (opts.dropIdleConnections) server.closeAllConnections();
    setTimeout(() => process.exit(0), opts.graceMs).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
