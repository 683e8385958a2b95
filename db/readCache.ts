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
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Pseudo table for "changed by another process": every entry depends on it. */
const ANYTHING = '*';

interface Entry {
  stamp: number;
  value: unknown;
}

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'TableNode') {
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  }
  // `update t as x`: the table sits inside an AliasNode.
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return null;
}

/** The tables an insert, update or delete writes (cascades are covered by callers' table lists). */
export function writtenTables(node: RootOperationNode): string[] {
  const n = node as unknown as {
    into?: OperationNode;
    table?: OperationNode;
    from?: { froms: OperationNode[] };
  };
  switch (node.kind) {
    case 'InsertQueryNode':
      return [tableName(n.into)].filter((t): t is string => t !== null);
    case 'UpdateQueryNode':
      return [tableName(n.table)].filter((t): t is string => t !== null);
    case 'DeleteQueryNode':
      return (n.from?.froms ?? []).map(tableName).filter((t): t is string => t !== null);
    default:
      return [];
  }
}

export class ReadCache {
  private tick = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new WeakMap<QueryId, string[]>();
  private externalVersion: number | undefined;
  private externalReadThisTurn = false;

  private readonly maxEntries: number;
  private enabled: boolean;
  private readonly cachedTables: ReadonlySet<string> | null;

  /**
   * @param readExternalVersion SQLite's data_version of this connection: it moves when another
   *   connection commits. Null where other processes report their writes (changedElsewhere).
   * @param opts.maxEntries the oldest entry goes when a new one would pass this.
   * @param opts.enabled false: every get loads (the bench's comparison without the cache).
   * @param opts.cachedTables where other processes report their writes, only these tables are
   *   reported: an entry may depend on no other.
   */
  constructor(
    private readonly readExternalVersion: (() => number) | null,
    opts: { maxEntries?: number; enabled?: boolean; cachedTables?: readonly string[] } = {},
  ) {
    this.maxEntries = opts.maxEntries ?? 20_000;
    this.enabled = opts.enabled ?? true;
    this.cachedTables = opts.cachedTables ? new Set(opts.cachedTables) : null;
  }

  /** Whether writes to `table` must be reported to other processes. */
  watches(table: string): boolean {
    return this.cachedTables?.has(table) ?? true;
  }

  /** Another process committed writes to these tables. */
  changedElsewhere(tables: readonly string[]): void {
    this.markChanged(tables);
  }

  /** From now on every get loads (the news of other processes' writes can no longer be trusted). */
  disable(): void {
    this.enabled = false;
    this.entries.clear();
  }

  readonly plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }: PluginTransformQueryArgs): RootOperationNode => {
      const tables = writtenTables(node);
      if (tables.length) this.pending.set(queryId, tables);
      return node;
    },
    transformResult: async ({
      result,
      queryId,
    }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      const tables = this.pending.get(queryId);
      if (tables) this.markChanged(tables);
      return result;
    },
  };

  private markChanged(tables: readonly string[]): void {
    this.tick++;
    for (const t of tables) this.changedAt.set(t, this.tick);
  }

  private readonly nextTurn = () => {
    this.externalReadThisTurn = false;
  };

  private stampOf(tables: readonly string[]): number {
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
    for (const t of tables) stamp = Math.max(stamp, this.changedAt.get(t) ?? 0);
    return stamp;
  }

  /**
   * The value stored under `key` if none of `tables` was written since it was loaded, otherwise
   * `load()`'s (then stored). Values are shared between requests: callers must not mutate them.
   */
  async get<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    if (this.cachedTables) {
      const unreported = tables.find((t) => !this.cachedTables?.has(t));
      if (unreported) throw new Error(`readCache: writes to ${unreported} are not reported across processes`);
    }
    const stamp = this.stampOf(tables);
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = await load();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { stamp, value });
    return value;
  }
}
