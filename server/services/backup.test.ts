// The PostgreSQL backup's handling of pg_dump, with stand-in programs (PG_BIN) that write down
// what they were given: the password never on the command line, a failed dump never left behind.
// (db/postgres.test.ts runs the real pg_dump against a real server.) The backups row goes to the
// test project's database: SQLite, or PostgreSQL in the postgres project.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createDb, type DB } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { testDatabaseEnv } from '../test/database';
import { backupPostgres } from './backup';

let dir: string;
let db: DB;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-backup-'));
  const { DATABASE_URL } = await testDatabaseEnv(dir);
  db = createDb(DATABASE_URL ?? path.join(dir, 'app.db'));
  await migrateToLatest(db);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Stand-ins for pg_dump and pg_restore in a folder of their own, given to the backup as PG_BIN. */
function fakePrograms(pgDump: string) {
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'pg_dump'), `#!/bin/sh\n${pgDump}\n`, { mode: 0o755 });
  fs.writeFileSync(
    path.join(bin, 'pg_restore'),
    '#!/bin/sh\necho ";"\necho "1; 2615 2200 TABLE DATA public users nmc"\n',
    { mode: 0o755 },
  );
  vi.stubEnv('PG_BIN', bin);
}

const URL_WITH_PASSWORD =
  'postgres://nmc:p%40ss%20w0rd@db.example:5432/nmc_prep?options=-c+search_path%3Dschool';

it('gives pg_dump the password through PGPASSWORD and the rest of the URL on its command line', async () => {
  fakePrograms(
    [
      `printf '%s\\n' "$@" > ${dir}/args`,
      `printf '%s' "$PGPASSWORD" > ${dir}/password`,
      // A dump past 2 GiB (sparse: no disk taken), more than a 32-bit integer column holds.
      'for a; do case "$a" in --file=*) truncate -s 3G "${a#--file=}";; esac; done',
    ].join('\n'),
  );
  const backups = path.join(dir, 'backups');
  const { file, size, entries } = await backupPostgres(db, URL_WITH_PASSWORD, backups);
  const args = fs.readFileSync(path.join(dir, 'args'), 'utf8').trim().split('\n');
  expect(args).toEqual([
    '--format=custom',
    `--file=${file}`,
    '--dbname=postgres://nmc@db.example:5432/nmc_prep?options=-c%20search_path%3Dschool',
    '--schema=school',
  ]);
  expect(fs.readFileSync(path.join(dir, 'password'), 'utf8')).toBe('p@ss w0rd');
  expect(path.dirname(file)).toBe(backups);
  expect(path.basename(file)).toMatch(/^app-[\dT-]+Z\.dump$/);
  expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
  expect([size, entries]).toEqual([3 * 2 ** 30, ['1; 2615 2200 TABLE DATA public users nmc']]);
  expect(await db.selectFrom('backups').select(['file_path', 'size_bytes']).execute()).toEqual([
    { file_path: path.resolve(file), size_bytes: 3 * 2 ** 30 },
  ]);
});

it('takes a password given as ?password= off the command line too', async () => {
  fakePrograms(`printf '%s\\n' "$@" > ${dir}/args; printf '%s' "$PGPASSWORD" > ${dir}/password`);
  await backupPostgres(db, 'postgres://nmc@db.example/nmc_prep?password=hunter2', path.join(dir, 'b'));
  expect(fs.readFileSync(path.join(dir, 'args'), 'utf8')).not.toContain('hunter2');
  expect(fs.readFileSync(path.join(dir, 'password'), 'utf8')).toBe('hunter2');
});

it('removes a failed dump, records nothing, and says what pg_dump said', async () => {
  fakePrograms('echo "pg_dump: error: connection to server failed" >&2; exit 1');
  const backups = path.join(dir, 'backups');
  await expect(backupPostgres(db, URL_WITH_PASSWORD, backups)).rejects.toThrow(
    'pg_dump failed: pg_dump: error: connection to server failed',
  );
  expect(fs.readdirSync(backups)).toEqual([]);
  expect(await db.selectFrom('backups').selectAll().execute()).toEqual([]);
});
