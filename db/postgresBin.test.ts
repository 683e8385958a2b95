// Which pg_dump a backup runs: PG_BIN, else the newest install that has it, else the one on PATH.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { postgresProgram } from './postgresBin';

const made: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const root of made.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A Debian-like /usr/lib/postgresql holding `programs` under each version. */
function installs(programs: Record<string, string[]>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-pglib-'));
  made.push(root);
  for (const [version, tools] of Object.entries(programs)) {
    fs.mkdirSync(path.join(root, version, 'bin'), { recursive: true });
    for (const tool of tools) fs.writeFileSync(path.join(root, version, 'bin', tool), '');
  }
  return root;
}

it('takes the newest version that has the program, the client alone included', () => {
  vi.stubEnv('PG_BIN', '');
  // 16 has the server only; 9 sorts after 15 as text but is older.
  const root = installs({
    '9': ['pg_dump'],
    '15': ['pg_dump', 'initdb'],
    '16': ['initdb'],
    '13': ['pg_dump'],
  });
  expect(postgresProgram('pg_dump', root)).toBe(path.join(root, '15', 'bin', 'pg_dump'));
});

it('falls back to the program on PATH, and PG_BIN wins over both', () => {
  vi.stubEnv('PG_BIN', '');
  expect(postgresProgram('pg_dump', installs({}))).toBe('pg_dump');
  expect(postgresProgram('pg_dump', '/nonexistent')).toBe('pg_dump');
  vi.stubEnv('PG_BIN', '/opt/pg/bin');
  expect(postgresProgram('pg_dump', installs({ '15': ['pg_dump'] }))).toBe('/opt/pg/bin/pg_dump');
});
