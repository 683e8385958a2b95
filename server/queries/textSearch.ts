// Case-insensitive substring search, the same on SQLite and PostgreSQL (whose LIKE minds case).
import { sql, type SqlBool } from 'kysely';

/** `column` contains `search` in any case; LIKE's wildcards in the search are taken literally. */
export function contains(column: string, search: string) {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** Trimmed, case-insensitive equality: profile fields are free text typed by students. */
export function sameText(column: string, value: string) {
  return sql<SqlBool>`lower(trim(${sql.ref(column)})) = ${value.trim().toLowerCase()}`;
}
