// Copies a SQLite database into an empty PostgreSQL one of the same schema (both migrated to the
// latest, npm run migrate-to-postgres): every table the SQLite file holds, parents first, ids
// kept, in one transaction that commits only if each table then holds as many rows as the source.
// The column types match without conversion: both engines get integers, text and bigint from the
// migrations, with booleans as 0/1 and times as ISO strings (db/schema.ts).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables found in the databases themselves, not db/schema.ts
type Tables = Kysely<any>;
export type Counts = Map<string, number>;

/** Rows per insert: the widest table has 14 columns, far under PostgreSQL's 65,535 parameters. */
const BATCH = 500;

/**
 * Tables the migrations themselves fill (the first schools): a new database holds these rows
 * before anyone used it, and the copy replaces them with the SQLite file's own.
 */
export const FILLED_BY_MIGRATIONS = ['schools'];

/** Not Kysely's migration bookkeeping (each database keeps its own), nor SQLite's own tables. */
const isAppTable = (name: string) => !name.startsWith('kysely_') && !name.startsWith('sqlite_');

/** The SQLite file's tables, each after every table it references. */
export async function sqliteTables(db: Tables): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' order by rowid`.execute(db);
  const names = rows.map((r) => r.name).filter(isAppTable);
  const parents = new Map<string, string[]>();
  for (const name of names) {
    const refs = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(
      db,
    );
    parents.set(
      name,
      refs.rows.map((r) => r.table).filter((t) => t !== name),
    );
  }
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name)) return;
    if (path.includes(name)) throw new Error(`Foreign keys form a cycle: ${[...path, name].join(' > ')}`);
    for (const parent of parents.get(name) ?? []) visit(parent, [...path, name]);
    ordered.push(name);
  };
  for (const name of names) visit(name, []);
  return ordered;
}

/** The app's tables in the PostgreSQL schema the connection works in. */
export async function postgresTables(db: Tables): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name).filter(isAppTable);
}

export async function countRows(db: Tables, tables: string[]): Promise<Counts> {
  const counts: Counts = new Map();
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts.set(table, Number(row.n));
  }
  return counts;
}

/** Moves each identity column's counter past the copied ids, so new rows do not collide. */
async function moveIdCounters(trx: Tables, tables: string[]): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES'`.execute(trx);
  for (const { table_name, column_name } of rows.filter((r) => tables.includes(r.table_name))) {
    const column = sql.ref(column_name);
    await sql`select setval(pg_get_serial_sequence(${table_name}, ${column_name}),
      (select coalesce(max(${column}), 0) + 1 from ${sql.table(table_name)}), false)`.execute(trx);
  }
}

/**
 * Copies `tables` (parents first) from `source` into `target` in one transaction and returns the
 * target's row counts. Rolls everything back, and throws, if any count differs from `expected`.
 */
export async function copyTables(
  source: Tables,
  target: Tables,
  tables: string[],
  expected: Counts,
): Promise<Counts> {
  return target.transaction().execute(async (trx) => {
    for (const table of FILLED_BY_MIGRATIONS.filter((t) => tables.includes(t)))
      await trx.deleteFrom(table).execute();
    for (const table of tables) {
      let batch: unknown[] = [];
      const flush = async () => {
        if (batch.length) await trx.insertInto(table).values(batch).execute();
        batch = [];
      };
      // Read as a stream: a school's answers need not fit in memory at once.
      for await (const row of source.selectFrom(table).selectAll().stream()) {
        batch.push(row);
        if (batch.length === BATCH) await flush();
      }
      await flush();
    }
    await moveIdCounters(trx, tables);
    const copied = await countRows(trx, tables);
    const differ = tables.filter((t) => copied.get(t) !== expected.get(t));
    if (differ.length)
      throw new Error(
        `Row counts differ after the copy (${differ.map((t) => `${t}: ${expected.get(t)} in SQLite, ${copied.get(t)} copied`).join('; ')}); nothing was written.`,
      );
    return copied;
  });
}
