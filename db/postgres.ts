// The PostgreSQL side of db/client.ts: Kysely's PostgresDialect on a `pg` pool, plus what several
// app processes on one database need from it. The read cache of each process (readCache.ts) must
// drop what another process changed: every transaction (or single statement) that writes a table
// a cache reads from sends NOTIFY with what it changed (its tables, and which of their rows:
// writeMarks.ts), which PostgreSQL delivers at commit, and each process LISTENs and forgets what
// depended on them.
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { ReadCache } from './readCache';
import { compactMarks, type UnreadColumns } from './writeMarks';
import type { Database } from './schema';

const CHANNEL = 'nmc_table_changes';

// COUNT and SUM answer bigint, AVG numeric: pg hands them over as strings to be safe with values
// past 2^53. None of ours come near that, and the queries expect numbers as SQLite gives them.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Tells other processes what a committed write changed (ReadCache.marksOf, writeMarks.ts). */
const notifyQuery = (origin: string, marks: Iterable<string>) =>
  CompiledQuery.raw('select pg_notify($1, $2)', [CHANNEL, `${origin} ${[...marks].join(',')}`]);

/** A connection handed to Kysely: the pool's own, and what its transaction changed that caches read. */
interface ConnectionState {
  inner: DatabaseConnection;
  inTransaction: boolean;
  marks: Set<string>;
}

/**
 * PostgresDialect's driver, with what each write changed announced on commit. Only tables some cache
 * reads from are announced, so an answer save (session_answers) costs no extra round trip.
 */
class NotifyingDriver implements Driver {
  private readonly states = new WeakMap<DatabaseConnection, ConnectionState>();

  constructor(
    private readonly inner: Driver,
    private readonly origin: string,
    private readonly marksOf: (query: CompiledQuery) => string[],
    private readonly onDestroy: () => Promise<void>,
  ) {}

  init() {
    return this.inner.init();
  }

  private stateOf(connection: DatabaseConnection): ConnectionState {
    const state = this.states.get(connection);
    if (!state) throw new Error('NotifyingDriver: a connection it did not hand out');
    return state;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const state: ConnectionState = { inner: connection, inTransaction: false, marks: new Set() };
    const wrapped: DatabaseConnection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await connection.executeQuery<R>(query);
        const marks = this.marksOf(query);
        if (marks.length) {
          if (state.inTransaction) for (const mark of marks) state.marks.add(mark);
          else await connection.executeQuery(notifyQuery(this.origin, marks));
        }
        return result;
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    this.states.set(wrapped, state);
    return wrapped;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const state = this.stateOf(connection);
    await this.inner.beginTransaction(state.inner, settings);
    state.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const state = this.stateOf(connection);
    // Inside the transaction: delivered when, and only if, it commits.
    if (state.marks.size) await state.inner.executeQuery(notifyQuery(this.origin, compactMarks(state.marks)));
    await this.inner.commitTransaction(state.inner);
    endTransaction(state);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const state = this.stateOf(connection);
    await this.inner.rollbackTransaction(state.inner);
    endTransaction(state);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(this.stateOf(connection).inner);
  }

  async destroy() {
    await this.onDestroy();
    await this.inner.destroy();
  }
}

function endTransaction(state: ConnectionState) {
  state.inTransaction = false;
  state.marks.clear();
}

export interface PostgresHandle {
  db: Kysely<Database>;
  cache: ReadCache;
  pool: pg.Pool;
  /** Resolves once the cache has heard of every write committed, by any process, before the call. */
  caughtUp: () => Promise<void>;
}

export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/**
 * A database handle on PostgreSQL. Its read cache hears other processes' writes through LISTEN;
 * the listening client closes with the handle.
 */
export function createPostgresDb(
  url: string,
  opts: {
    readCache?: boolean;
    poolSize?: number;
    cachedTables: readonly string[];
    unreadColumns?: UnreadColumns;
  },
): PostgresHandle {
  const origin = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const cache = new ReadCache(null, {
    enabled: opts.readCache ?? true,
    cachedTables: opts.cachedTables,
    unreadColumns: opts.unreadColumns,
  });
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  const listener = new pg.Client({ connectionString: url });
  const listening = listener
    .connect()
    .then(() => listener.query(`listen ${CHANNEL}`))
    .then(() => undefined);
  const probes = new Map<string, () => void>();
  let probesSent = 0;
  listener.on('notification', (message) => {
    const [from, marks = ''] = (message.payload ?? '').split(' ');
    probes.get(from)?.();
    probes.delete(from);
    if (from !== origin && marks) cache.changedElsewhere(marks.split(',').filter(Boolean));
  });
  // A listener hears notifications in commit order: once a probe sent now is back, so is the news
  // of every write committed before it. News takes a moment to arrive (more on a busy machine).
  const caughtUp = async () => {
    await listening;
    const probe = `${origin}-probe${++probesSent}`;
    const heard = new Promise<void>((resolve) => probes.set(probe, resolve));
    const { sql, parameters } = notifyQuery(probe, []);
    await pool.query(sql, [...parameters]);
    await heard;
  };
  // A lost listener could leave stale entries: from then on the cache answers nothing.
  listener.on('error', () => cache.disable());
  listener.on('end', () => cache.disable());

  class Dialect extends PostgresDialect {
    createDriver(): Driver {
      return new NotifyingDriver(
        super.createDriver(),
        origin,
        (query) => cache.marksOf(query.query),
        async () => {
          listener.removeAllListeners('end');
          await listener.end().catch(() => undefined);
        },
      );
    }
  }
  const db = new Kysely<Database>({
    dialect: new Dialect({
      pool: async () => {
        await listening;
        return pool;
      },
    }),
    plugins: [cache.plugin],
  });
  return { db, cache, pool, caughtUp };
}
