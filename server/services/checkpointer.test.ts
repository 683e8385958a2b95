// The checkpoint thread against a real database file: committed pages reach the database file
// itself (not only the WAL) without the server's connection checkpointing them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type DB } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { BACKSTOP_PAGES, startCheckpointer, type Checkpointer } from './checkpointer';

let dir: string;
let file: string;
let db: DB;
let checkpointer: Checkpointer | null = null;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoint-'));
  file = path.join(dir, 'app.db');
  db = createDb(file);
  await migrateToLatest(db);
});
afterEach(async () => {
  await checkpointer?.stop();
  checkpointer = null;
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function addPrograms(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Programme ${i}`,
    description: 'x'.repeat(200),
    is_active: 1,
    created_at: new Date().toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('programs')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Programs in the database file alone, as a copy without its WAL sees them. */
function programsInMainFile(): number {
  const copy = path.join(dir, `copy-${Date.now()}.db`);
  fs.copyFileSync(file, copy);
  const reader = new Database(copy, { readonly: true });
  try {
    return (reader.prepare('select count(*) as n from programs').get() as { n: number }).n;
  } finally {
    reader.close();
  }
}

describe('the checkpoint thread', () => {
  it('leaves the server connection only a far backstop, and copies commits into the file itself', async () => {
    checkpointer = await startCheckpointer(db, file, { intervalMs: 60_000 });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db);
    expect(rows[0].wal_autocheckpoint).toBe(BACKSTOP_PAGES);
    await checkpointer.now(); // the schema, into the file
    // About 2,000 pages: past the default threshold, at which the committing connection would
    // have copied them itself.
    await addPrograms(8000);
    expect(programsInMainFile()).toBe(0);
    const outcome = await checkpointer.now();
    expect(outcome).toMatchObject({ ok: true, busy: 0 });
    expect(outcome.ok && outcome.checkpointed).toBe(outcome.ok && outcome.log);
    expect(programsInMainFile()).toBe(8000);
  });

  it('answers once stopped, and stops once', async () => {
    checkpointer = await startCheckpointer(db, file);
    await checkpointer.stop();
    expect(await checkpointer.now()).toEqual({ ok: false, message: 'The checkpoint thread has stopped.' });
    await checkpointer.stop();
  });

  it('checkpoints on its own timer', async () => {
    checkpointer = await startCheckpointer(db, file, { intervalMs: 50 });
    await addPrograms(300);
    await expect.poll(programsInMainFile, { timeout: 5000, interval: 100 }).toBe(300);
  });
});
