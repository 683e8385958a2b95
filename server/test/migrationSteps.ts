// A migrated database per test, and one migration's step run as migrate.ts runs it: on one
// connection, inside `begin immediate` on SQLite (a plain transaction on PostgreSQL).
import { sql } from 'kysely';
import { afterEach, beforeEach } from 'vitest';
import type { DB } from '../../db/client';
import { isPostgres } from '../../db/dialect';
import { tempDb } from './importFiles';

type Step = (db: DB) => Promise<void>;

export function useMigratedDb() {
  const state: { db?: DB; close?: () => Promise<void> } = {};
  beforeEach(async () => {
    const { db, close } = await tempDb();
    Object.assign(state, { db, close });
  });
  afterEach(() => state.close?.());
  const db = () => {
    if (!state.db) throw new Error('The database is made before each test: read it inside one');
    return state.db;
  };
  const step = (migration: Step) =>
    db()
      .connection()
      .execute(async (conn) => {
        await sql.raw(isPostgres(conn) ? 'begin' : 'begin immediate').execute(conn);
        await migration(conn);
        await sql`commit`.execute(conn);
      });
  return { db, step };
}
