// Reads that many requests share (the catalogue, the user behind an access token, the questions of
// a set) are kept in memory until a table they were read from is written. Writes are seen in two
// ways, so no caller has to remember to invalidate anything:
// - in this process, a Kysely plugin notes the tables of every insert, update and delete once the
//   statement has run (its transaction still holds the one connection, so no read in this process
//   sees the old rows after the mark);
// - in other processes (a command-line import, create-admin, other app processes): on PostgreSQL,
//   the other process announces its tables at commit (postgres.ts) and entries that read them are
//   dropped; on SQLite, `PRAGMA data_version` changes, and then every entry is dropped. The pragma
//   is read once per turn of the event loop, not on every lookup: it opens a read transaction with
//   its file locks (a cost worth paying once per turn, not once per lookup), and
//   requests handled in one turn are not ordered against another process's commit anyway.
// An entry is stamped before it is loaded: a write during the load makes the next read load again.
// An entry that reads rows by key (the user behind a token, a student's own session) depends on
// those rows, not on the whole table (writeMarks.ts): a class starting its mock, signing in or
// submitting does not send every other student's next answer save back to the database.
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import {
  alsoDroppedBy,
  isOnRows,
  isRowMark,
  tableOf,
  unknownRowsOf,
  writeMarks,
  type UnreadColumns,
} from './writeMarks';

/** Pseudo table for "changed by another process": every entry depends on it. */
const ANYTHING = '*';

/**
 * A national mock day's 10,000 students each need two entries in every process (their sign-in and
 * their session): below that, the oldest entry goes just before its student's next save needs it.
 */
const DEFAULT_MAX_ENTRIES = 50_000;

interface Entry {
  stamp: number;
  value: unknown;
}

export class ReadCache {
  private tick = 0;
  private readonly changedAt = new Map<string, number>();
  /** How many of changedAt's keys are rowOf marks (one per row written since the last pruning). */
  private rowMarks = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new WeakMap<QueryId, string[]>();
  private externalVersion: number | undefined;
  private externalReadThisTurn = false;

  private readonly maxEntries: number;
  private enabled: boolean;
  private readonly cachedTables: ReadonlySet<string> | null;
  private readonly unreadColumns: UnreadColumns;

  /**
   * @param readExternalVersion SQLite's data_version of this connection: it moves when another
   *   connection commits. Null where other processes report their writes (changedElsewhere).
   * @param opts.maxEntries the oldest entry goes when a new one would pass this.
   * @param opts.enabled false: every get loads (the bench's comparison without the cache).
   * @param opts.cachedTables where other processes report their writes, only these tables are
   *   reported: an entry may depend on no other.
   * @param opts.unreadColumns columns no entry reads (writeMarks).
   */
  constructor(
    private readonly readExternalVersion: (() => number) | null,
    opts: {
      maxEntries?: number;
      enabled?: boolean;
      cachedTables?: readonly string[];
      unreadColumns?: UnreadColumns;
    } = {},
  ) {
    this.maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.enabled = opts.enabled ?? true;
    this.cachedTables = opts.cachedTables ? new Set(opts.cachedTables) : null;
    this.unreadColumns = opts.unreadColumns ?? {};
  }

  /**
   * What a write changes that some entry may depend on (writeMarks, on the tables entries may
   * read where that is known): what this process marks, and what it announces to the others.
   */
  marksOf(node: RootOperationNode): string[] {
    return writeMarks(node, this.unreadColumns).filter(
      (mark) => this.cachedTables?.has(tableOf(mark)) ?? true,
    );
  }

  /** Another process committed writes: the marks it announced. */
  changedElsewhere(marks: readonly string[]): void {
    this.markChanged(marks);
  }

  /** From now on every get loads (the news of other processes' writes can no longer be trusted). */
  disable(): void {
    this.enabled = false;
    this.entries.clear();
  }

  readonly plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }: PluginTransformQueryArgs): RootOperationNode => {
      const marks = this.marksOf(node);
      if (marks.length) this.pending.set(queryId, marks);
      return node;
    },
    transformResult: async ({
      result,
      queryId,
    }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      const marks = this.pending.get(queryId);
      if (marks) this.markChanged(marks);
      return result;
    },
  };

  private markChanged(marks: readonly string[]): void {
    this.tick++;
    for (const mark of marks) {
      if (isRowMark(mark) && !this.changedAt.has(mark)) this.rowMarks++;
      this.changedAt.set(mark, this.tick);
    }
    if (this.rowMarks > this.maxEntries) this.forgetWhichRows();
  }

  /** Bounds the marks of single rows: they become "rows unknown changed", dropping every rowOf entry once. */
  private forgetWhichRows(): void {
    const tables = new Set<string>();
    for (const mark of this.changedAt.keys()) {
      if (!isRowMark(mark)) continue;
      tables.add(tableOf(mark));
      this.changedAt.delete(mark);
    }
    this.rowMarks = 0;
    for (const table of tables) this.changedAt.set(unknownRowsOf(table), this.tick);
  }

  private readonly nextTurn = () => {
    this.externalReadThisTurn = false;
  };

  private stampOf(dependencies: readonly string[]): number {
    if (this.readExternalVersion && !this.externalReadThisTurn) {
      this.externalReadThisTurn = true;
      setImmediate(this.nextTurn);
      const external = this.readExternalVersion();
      if (external !== this.externalVersion) {
        if (this.externalVersion !== undefined) this.markChanged([ANYTHING]);
        this.externalVersion = external;
      }
    }
    let stamp = this.changedAt.get(ANYTHING) ?? 0;
    for (const d of dependencies) {
      const also = alsoDroppedBy(d);
      stamp = Math.max(
        stamp,
        this.changedAt.get(d) ?? 0,
        also === null ? 0 : (this.changedAt.get(also) ?? 0),
      );
    }
    return stamp;
  }

  /**
   * The value stored under `key` if none of `dependencies` (tables, rowsOf or rowOf them, see
   * writeMarks.ts) was written since it was loaded, otherwise `load()`'s (then stored). A value
   * read from rows that found nothing (null) is not stored: an insert could make it found. Values
   * are shared between requests: callers must not mutate them.
   */
  async get<T>(key: string, dependencies: readonly string[], load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    if (this.cachedTables) {
      const unreported = dependencies.map(tableOf).find((t) => !this.cachedTables?.has(t));
      if (unreported) throw new Error(`readCache: writes to ${unreported} are not reported across processes`);
    }
    const stamp = this.stampOf(dependencies);
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = await load();
    this.entries.delete(key);
    if (value == null && dependencies.some(isOnRows)) return value;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { stamp, value });
    return value;
  }
}
