// Rate-limit counters kept in the database, so that every process serving it counts together
// (N processes must not allow N times a limit): rate-limiter-flexible's own PostgreSQL and SQLite
// stores, on the `rate_limits` table of migration 0004.
import { RateLimiterPostgres, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { openSqlite, storageOf, type DB } from './client';

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  /** seconds */
  duration: number;
}

export type LimiterFactory = (opts: LimiterOptions) => RateLimiterAbstract;

const TABLE = 'rate_limits';

/** Limiters whose counters live in `db`'s database. */
export function databaseLimiters(db: DB): LimiterFactory {
  const storage = storageOf(db);
  // All limiters share the table; one of them is enough to delete expired rows every 5 minutes.
  let sweeperMade = false;
  const common = (opts: LimiterOptions) => {
    const sweeps = !sweeperMade;
    sweeperMade = true;
    return { ...opts, tableName: TABLE, tableCreated: true, clearExpiredByTimeout: sweeps };
  };
  if (storage.engine === 'postgres') {
    return (opts) =>
      new RateLimiterPostgres({ ...common(opts), storeClient: storage.pool, storeType: 'pool' });
  }
  // Its own connection (open for the life of the process): the limiter runs its statements
  // directly, so they must not land inside a transaction of the app's connection.
  const connection = openSqlite(storage.file, storage.synchronous);
  return (opts) =>
    new RateLimiterSQLite({ ...common(opts), storeClient: connection, storeType: 'better-sqlite3' });
}
