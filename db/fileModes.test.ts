// The database, its WAL and shared-memory files and the backups are readable by
// the owner only, like the JWT secret, whatever the process umask.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import SQLite from './sqliteDriver';
import { backupDatabase } from '../server/services/backup';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

let t: TestServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  t = dir = undefined;
});

describe('file modes', () => {
  it('creates the database, -wal, -shm and backups as 0600 on a fresh install', async () => {
    // The usual umask, under which a file is created 0644 unless the app asks for less.
    const umask = process.umask(0o022);
    try {
      t = await startTestServer();
    } finally {
      process.umask(umask);
    }
    await signUpAndIn(t);
    const db = t.deps.env.DATABASE_FILE;
    for (const file of [db, `${db}-wal`, `${db}-shm`, path.join(t.dataDir, 'jwt-secret')]) {
      expect({ file: path.basename(file), mode: mode(file).toString(8) }).toEqual({
        file: path.basename(file),
        mode: '600',
      });
    }
    const { file } = await backupDatabase(t.db, db, path.join(t.dataDir, 'backups'));
    expect(mode(file).toString(8)).toBe('600');
    expect(mode(path.join(t.dataDir, 'backups')).toString(8)).toBe('700');
    const users = new SQLite(file, { readonly: true });
    expect(users.prepare('select count(*) as n from users').get()).toEqual({ n: 1 });
    users.close();
  });

  it('tightens an existing database and its -wal and -shm at start', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-modes-'));
    const db = path.join(dir, 'app.db');
    const old = new SQLite(db);
    old.pragma('journal_mode = WAL');
    old.exec('create table t (n integer); insert into t values (1)');
    for (const file of [db, `${db}-wal`, `${db}-shm`]) fs.chmodSync(file, 0o644);
    t = await startTestServer({ dataDir: dir });
    for (const file of [db, `${db}-wal`, `${db}-shm`]) expect(mode(file).toString(8)).toBe('600');
    old.close();
  });
});
