// Builds the services the app runs on from the configuration: used by the server, scripts and tests.
import fs from 'node:fs';
import { createDb, type DB, type DbOptions } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { CONTENT_TABLES } from './queries/catalog';
import { SESSION_USER_TABLES, UNREAD_COLUMNS } from './queries/users';
import type { AppDeps } from './context';
import type { Env } from './env';
import { createLogger, type LogDestination } from './logger';
import { createMailer } from './services/mail';
import { memoryLimiters, RateLimits, type RateLimitSettings } from './services/rateLimits';
import { databaseLimiters } from '../db/rateLimitStore';
import { OWASP_PASSWORD_COST, type PasswordCost } from './services/passwords';
import { loadJwtSecret } from './services/secrets';
import { TokenSigner } from './services/tokens';
import { DeviceCookies } from './services/deviceCookies';

/** Every table a read-cache entry depends on (server/context.ts, routers/catalog.ts, quizSessions.ts). */
const CACHED_TABLES = [...CONTENT_TABLES, ...SESSION_USER_TABLES, 'quiz_sessions'];

export async function openDatabase(env: Env, opts: DbOptions = {}): Promise<DB> {
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const db = createDb(env.DATABASE_URL ?? env.DATABASE_FILE, {
    cachedTables: CACHED_TABLES,
    unreadColumns: UNREAD_COLUMNS,
    ...opts,
  });
  await migrateToLatest(db);
  return db;
}

/**
 * Whether other processes may serve the same database: always possible on PostgreSQL (several
 * machines), on SQLite only with WEB_CONCURRENCY. Then rate limits count in the database.
 */
function sharesDatabase(env: Env): boolean {
  return env.DATABASE_URL !== undefined || env.WEB_CONCURRENCY > 1;
}

export function createDeps(
  env: Env,
  db: DB,
  opts: {
    rateLimits?: Partial<RateLimitSettings>;
    logDestination?: LogDestination;
    firstAccountWaitSeconds?: number;
    /** For tests that hash hundreds of passwords; every server and script keeps OWASP's cost. */
    passwordCost?: PasswordCost;
  } = {},
): AppDeps {
  const logger = createLogger(env.LOG_LEVEL, opts.logDestination);
  const secret = loadJwtSecret(env.DATA_DIR, env.JWT_SECRET);
  return {
    db,
    env,
    logger,
    signer: new TokenSigner(secret),
    mailer: createMailer(db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger }),
    limits: new RateLimits(
      opts.rateLimits,
      sharesDatabase(env) ? databaseLimiters(db) : memoryLimiters,
      opts.firstAccountWaitSeconds,
    ),
    devices: new DeviceCookies(secret, env.PUBLIC_URL.startsWith('https:')),
    passwordCost: opts.passwordCost ?? OWASP_PASSWORD_COST,
    background: new Set(),
  };
}
