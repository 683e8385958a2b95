// npm run migrate-to-postgres -- --from data/app.db: copies a school's SQLite database into the
// empty PostgreSQL database of DATABASE_URL (db/copyToPostgres.ts), then prints each table's row
// count in both. A target holding any row is refused before anything is written; any difference
// or error rolls the whole copy back and exits 1.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createDb } from '../db/client';
import {
  copyTables,
  countRows,
  FILLED_BY_MIGRATIONS,
  postgresTables,
  sqliteTables,
  type Counts,
} from '../db/copyToPostgres';
import { migrateToLatest } from '../db/migrate';
import { loadEnv } from '../server/env';

function printCounts(tables: string[], sqlite: Counts, postgres: Counts) {
  const width = Math.max(...tables.map((t) => t.length), 'table'.length);
  const line = (table: string, a: string, b: string) =>
    console.log(`${table.padEnd(width)}  ${a.padStart(8)}  ${b.padStart(8)}`);
  line('table', 'sqlite', 'postgres');
  for (const table of tables) line(table, String(sqlite.get(table)), String(postgres.get(table)));
}

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const env = loadEnv();
  if (!env.DATABASE_URL)
    throw new Error(
      'Set DATABASE_URL to the PostgreSQL database to copy into (postgres://user:pass@host/db).',
    );
  if (!values.from) throw new Error('Name the SQLite file to copy: --from data/app.db');
  if (!fs.existsSync(values.from)) throw new Error(`--from ${values.from}: no such file`);
  const source = createDb(values.from, { readCache: false });
  const target = createDb(env.DATABASE_URL, { readCache: false });
  try {
    // Both at the same schema version: the school's file may be from an older release.
    await migrateToLatest(source);
    await migrateToLatest(target);
    const holding = [...(await countRows(target, await postgresTables(target)))].filter(
      ([table, n]) => n > 0 && !FILLED_BY_MIGRATIONS.includes(table),
    );
    if (holding.length)
      throw new Error(
        `The PostgreSQL database is not empty (${holding.map(([t, n]) => `${t}: ${n}`).join(', ')}); nothing was copied.`,
      );
    const tables = await sqliteTables(source);
    const before = await countRows(source, tables);
    const after = await copyTables(source, target, tables, before);
    printCounts(tables, before, after);
    console.log(`Copied ${tables.length} tables: each holds as many rows as in ${values.from}.`);
  } finally {
    await source.destroy();
    await target.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
