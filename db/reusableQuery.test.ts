// Reusable queries: compiled once per shape, each run with its own values, in and out of
// transactions, and still seen by the read cache as writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, readCacheOf, type DB } from './client';
import { migrateToLatest } from './migrate';
import { reusableQuery } from './reusableQuery';

let dir: string;
let db: DB;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-reusable-'));
  db = createDb(path.join(dir, 'app.db'));
  await migrateToLatest(db);
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

type ProgramRow = { name: string; description: string | undefined; is_active: number; created_at: string };
const insertPrograms = reusableQuery((d: DB, rows: ProgramRow[]) =>
  // An undefined description is left out of the insert (the column's default applies).
  d
    .insertInto('programs')
    .values(rows as never)
    .returning(['id', 'name', 'description']),
);
const byName = reusableQuery((d: DB, p: { name: string }) =>
  d.selectFrom('programs').select(['id', 'name']).where('name', '=', p.name),
);
/** What the programs table holds, in insertion order. */
const storedPrograms = () =>
  db.selectFrom('programs').select(['name', 'description']).orderBy('id').execute();
const row = (name: string, description?: string): ProgramRow => ({
  name,
  description,
  is_active: 1,
  created_at: '2026-11-22T00:00:00.000Z',
});

describe('reusableQuery', () => {
  it('runs each call with its own values, whatever the number of rows', async () => {
    await insertPrograms.execute(db, [row('Midwifery', 'M')]);
    await insertPrograms.execute(db, [row('General Nursing', 'G'), row('Mental Health Nursing', 'H')]);
    await insertPrograms.execute(db, [row('Public Health Nursing', 'P')]);
    expect(await storedPrograms()).toEqual([
      { name: 'Midwifery', description: 'M' },
      { name: 'General Nursing', description: 'G' },
      { name: 'Mental Health Nursing', description: 'H' },
      { name: 'Public Health Nursing', description: 'P' },
    ]);
    expect((await byName.execute(db, { name: 'General Nursing' })).map((r) => r.name)).toEqual([
      'General Nursing',
    ]);
    expect(await byName.execute(db, { name: "x' or '1'='1" })).toEqual([]);
  });

  it('leaves an undefined value out, as Kysely does, without mixing it up with a given one', async () => {
    await insertPrograms.execute(db, [row('Midwifery')]);
    await insertPrograms.execute(db, [row('General Nursing', 'G')]);
    expect(await storedPrograms()).toEqual([
      { name: 'Midwifery', description: '' },
      { name: 'General Nursing', description: 'G' },
    ]);
  });

  it('keeps each value with its column when rows list their keys in different orders', async () => {
    const reordered = {
      created_at: '2026-11-22T00:00:00.000Z',
      is_active: 1,
      description: 'H',
      name: 'Mental Health',
    };
    await insertPrograms.execute(db, [row('Midwifery', 'M'), reordered as ProgramRow]);
    await insertPrograms.execute(db, [row('General Nursing', 'G'), row('Public Health', 'P')]);
    expect(await storedPrograms()).toEqual([
      { name: 'Midwifery', description: 'M' },
      { name: 'Mental Health', description: 'H' },
      { name: 'General Nursing', description: 'G' },
      { name: 'Public Health', description: 'P' },
    ]);
  });

  it('works inside transactions, and a rollback leaves nothing', async () => {
    await db.transaction().execute((trx) => insertPrograms.execute(trx, [row('Midwifery', 'M')]));
    await expect(
      db.transaction().execute(async (trx) => {
        await insertPrograms.execute(trx, [row('General Nursing', 'G')]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.selectFrom('programs').select('name').execute()).toEqual([{ name: 'Midwifery' }]);
  });

  it('counts as a write for the read cache', async () => {
    const cache = readCacheOf(db);
    const count = () =>
      cache.get(
        'programs',
        ['programs'],
        async () => (await db.selectFrom('programs').select('id').execute()).length,
      );
    expect(await count()).toBe(0);
    await insertPrograms.execute(db, [row('Midwifery', 'M')]);
    expect(await count()).toBe(1);
    await db.transaction().execute((trx) => insertPrograms.execute(trx, [row('General Nursing', 'G')]));
    expect(await count()).toBe(2);
  });
});
