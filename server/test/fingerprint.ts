// The whole database's content, hashed table by table, so a test can show that a refused call
// wrote nothing: any insert, update or delete changes its table's hash.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import { isPostgres } from '../../db/dialect';

/** The app's tables, but for the migrations' own and the rate-limit counters (counting a refused request is what they are for). */
async function tablesToWatch(db: DB): Promise<string[]> {
  const tables = isPostgres(db)
    ? sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`
    : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  return (await tables.execute(db)).rows
    .map((r) => r.name)
    .filter((name) => !name.startsWith('kysely_') && name !== 'rate_limits')
    .sort();
}

/** On PostgreSQL one query hashes every table, rather than a round trip per table. */
export async function fingerprint(db: DB): Promise<Record<string, string>> {
  const names = await tablesToWatch(db);
  if (isPostgres(db)) {
    const perTable = names.map(
      (name) =>
        sql`select ${name} as name, md5(coalesce(string_agg(r::text, chr(10) order by r::text), '')) as hash
            from ${sql.table(name)} r`,
    );
    const { rows } = await sql<{
      name: string;
      hash: string;
    }>`${sql.join(perTable, sql` union all `)}`.execute(db);
    return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
  }
  const out: Record<string, string> = {};
  for (const name of names) {
    const rows = (await sql`select * from ${sql.table(name)}`.execute(db)).rows;
    out[name] = crypto.createHash('sha1').update(JSON.stringify(rows)).digest('hex');
  }
  return out;
}
