// The operator's scripts run as child processes against a temporary data directory.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../db/client';
import { integrityCheck } from '../server/services/backup';
import { verifyPassword } from '../server/services/passwords';

const run = promisify(execFile);
let dataDir: string;

function tsx(script: string, args: string[], input?: string) {
  const child = run(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  }
  return child;
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-scripts-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('create-admin', () => {
  it('creates an admin from --password and promotes an existing user reading the password from stdin', async () => {
    const first = await tsx('scripts/create-admin.ts', [
      '--email',
      'Tutor@School.edu.gh',
      '--password',
      'Harmattan-Breeze-7',
    ]);
    expect(first.stdout).toContain('created');
    const second = await tsx(
      'scripts/create-admin.ts',
      ['--email', 'tutor@school.edu.gh'],
      'Another-Breeze-8\n',
    );
    expect(second.stdout).toContain('promoted');
    const db = createDb(path.join(dataDir, 'app.db'));
    const rows = await db.selectFrom('users').selectAll().execute();
    await db.destroy();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'tutor@school.edu.gh', is_staff: 1, is_superuser: 1 });
    expect(await verifyPassword(rows[0].password_hash, 'Another-Breeze-8')).toBe(true);
  });

  it('refuses a weak password with the rule it breaks and exits non-zero', async () => {
    await expect(
      tsx('scripts/create-admin.ts', ['--email', 'a@b.gh', '--password', '1234']),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('too short'),
    });
  });
});

describe('backup', () => {
  it('writes a consistent copy, records it, and passes the integrity check', async () => {
    await tsx('scripts/create-admin.ts', [
      '--email',
      'tutor@school.edu.gh',
      '--password',
      'Harmattan-Breeze-7',
    ]);
    const { stdout } = await tsx('scripts/backup.ts', []);
    expect(stdout).toMatch(/Backup written: .*integrity ok/);
    const files = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(files).toHaveLength(1);
    const copy = path.join(dataDir, 'backups', files[0]);
    // Readable by the owner only, like the database it copies.
    expect((fs.statSync(copy).mode & 0o777).toString(8)).toBe('600');
    expect((fs.statSync(path.join(dataDir, 'app.db')).mode & 0o777).toString(8)).toBe('600');
    expect(integrityCheck(copy)).toBe('ok');
    const restored = createDb(copy);
    const users = await restored.selectFrom('users').select('email').execute();
    await restored.destroy();
    expect(users).toEqual([{ email: 'tutor@school.edu.gh' }]);
  });
});

describe('configuration', () => {
  it('stops start-up with one line naming a bad variable', async () => {
    const err = await run(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: 'eighty' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 1 });
    expect((err as { stderr: string }).stderr.trim()).toMatch(/^Invalid environment variable PORT: /);
    expect((err as { stderr: string }).stderr.trim().split('\n')).toHaveLength(1);
  });
});
