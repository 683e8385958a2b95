// Kysely builds and compiles every query from scratch on each call. On the hot paths of an exam
// that is most of the server's time in the database layer: a 100-answer insert spent about
// 0.9 ms in Kysely's builder and compiler before SQLite saw it (bench profile, issue 6). The SQL
// of a query depends only on its shape (which columns, how many rows), not on the values, so a
// reusable query is built and compiled by Kysely once per shape with placeholder values, and then
// run with each call's values put where the placeholders were. The SQL still comes from Kysely's
// compiler for the database in use, so nothing here is specific to SQLite.
import type { Compilable, CompiledQuery, Kysely, KyselyPlugin, QueryResult } from 'kysely';

const MARK = '\u0000value#';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype
  );
}

/**
 * Walks the values in a fixed order, passing each leaf through `leaf`; with `rebuild`, returns a
 * copy of them with the leaves replaced. The signature names the structure (array lengths, object
 * keys, undefined leaves, which Kysely leaves out of the SQL), so two calls with one signature
 * compile to the same SQL.
 */
function walk(
  values: unknown,
  leaf: (v: unknown) => unknown,
  rebuild: boolean,
): { signature: string; mapped: unknown } {
  let signature = '';
  const visit = (v: unknown): unknown => {
    if (!rebuild && Array.isArray(v) && visitRows(v)) return undefined;
    if (Array.isArray(v)) {
      signature += `[${v.length}`;
      const out = rebuild ? v.map(visit) : (v.forEach(visit), undefined);
      signature += ']';
      return out;
    }
    if (isPlainObject(v)) {
      const out: Record<string, unknown> | undefined = rebuild ? {} : undefined;
      for (const key of Object.keys(v)) {
        signature += `${key}:`;
        const mapped = visit(v[key]);
        if (out) out[key] = mapped;
      }
      signature += '}';
      return out;
    }
    if (v === undefined) {
      signature += 'u,';
      return undefined;
    }
    signature += 'v,';
    return leaf(v);
  };
  /**
   * The common case of a multi-row insert, walked without a signature part per value: rows that
   * all have the first row's keys in the same order and only leaf values (nothing undefined or
   * nested). Leaves come out in the same order as the general walk; false leaves the array to it.
   */
  const visitRows = (rows: unknown[]): boolean => {
    const first = rows[0];
    if (!isPlainObject(first)) return false;
    const keys = Object.keys(first);
    const isLeaf = (x: unknown) => x !== undefined && !Array.isArray(x) && !isPlainObject(x);
    for (const row of rows) {
      if (!isPlainObject(row)) return false;
      const rowKeys = Object.keys(row);
      if (rowKeys.length !== keys.length) return false;
      for (let k = 0; k < keys.length; k++) {
        if (rowKeys[k] !== keys[k] || !isLeaf(row[keys[k]])) return false;
      }
    }
    for (const row of rows as Array<Record<string, unknown>>) for (const key of keys) leaf(row[key]);
    signature += `[${rows.length}*{${keys.join(',')}}]`;
    return true;
  };
  const mapped = visit(values);
  return { signature, mapped };
}

interface Compiled {
  query: CompiledQuery;
  /** For each parameter: the index of the leaf it takes, or -1 for a constant of the query. */
  slots: number[];
}

/** Executors of one database share plugin instances (a transaction copies the list, not them). */
const NO_PLUGINS: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => args.result,
};

/**
 * A query built by `build` from `values` (plain objects, arrays and leaves). Compiled once per
 * shape of `values` and per database; the build function must use every leaf as a value, never
 * as a column name or a switch in its structure.
 */
export function reusableQuery<DB, V, R>(build: (db: Kysely<DB>, values: V) => Compilable<R>) {
  const byDatabase = new WeakMap<KyselyPlugin, Map<string, Compiled>>();

  function compile(db: Kysely<DB>, values: V, leafCount: number): Compiled {
    let n = 0;
    const placeholders = walk(values, () => `${MARK}${n++}`, true).mapped as V;
    const query = build(db, placeholders).compile() as CompiledQuery;
    const slots = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : -1,
    );
    const used = new Set(slots.filter((s) => s >= 0));
    if (used.size !== leafCount) {
      throw new Error(`reusableQuery: the query uses ${used.size} of ${leafCount} values as parameters`);
    }
    return { query, slots };
  }

  /** The whole QueryResult: rows, and for writes the number of rows changed. */
  async function executeQuery(db: Kysely<DB>, values: V): Promise<QueryResult<R>> {
    const key = db.getExecutor().plugins[0] ?? NO_PLUGINS;
    let shapes = byDatabase.get(key);
    if (!shapes) byDatabase.set(key, (shapes = new Map()));
    const leaves: unknown[] = [];
    const { signature } = walk(values, (v) => leaves.push(v), false);
    let compiled = shapes.get(signature);
    if (!compiled) shapes.set(signature, (compiled = compile(db, values, leaves.length)));
    const { query, slots } = compiled;
    const parameters = slots.map((s, i) => (s >= 0 ? leaves[s] : query.parameters[i]));
    return db.executeQuery<R>({ ...query, parameters } as CompiledQuery<R>);
  }

  return {
    executeQuery,
    async execute(db: Kysely<DB>, values: V): Promise<R[]> {
      return (await executeQuery(db, values)).rows;
    },
  };
}
