// The supervisor: the systemd unit starts the built server as `npm run serve` does,
// with runtime dependencies only, and a server killed outright comes back from the unit's own
// command line on the same data. (systemd itself does the restarting; it is not PID 1 here.)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE, ensureBuilt, productionLaunch, ROOT } from './abuse/launch';
import { freePort } from './bench/serverProcess';

const UNIT = fs.readFileSync(path.join(ROOT, 'scripts/deploy/nmc-prep.service'), 'utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

function unitValues(key: string): string[] {
  return [...UNIT.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1].trim());
}

const execStart = unitValues('ExecStart')[0].split(/\s+/);
const unitEnv = Object.fromEntries(
  unitValues('Environment').map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]),
);

const children: ChildProcess[] = [];
// The server bundle as npm run build:server makes it (about a second), unless it is current.
beforeAll(() => ensureBuilt({ full: false, log: () => {} }), 120_000);
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts the server the way the unit's ExecStart does (this machine's node for /usr/bin/node). */
async function startAsTheUnitDoes(dataDir: string, port: number): Promise<ChildProcess> {
  const [, ...args] = execStart;
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...unitEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  children.push(child);
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer /api/health within 20 s');
}

describe('the systemd unit', () => {
  it('runs the bundle with the node flags and environment of npm run serve', () => {
    const serve = productionLaunch();
    expect(serve.script).toBe('serve');
    expect(execStart[0]).toBe('/usr/bin/node');
    expect(execStart.slice(1, -1)).toEqual(serve.nodeFlags);
    expect(execStart.at(-1)).toBe(BUNDLE);
    for (const [name, value] of Object.entries(serve.env)) expect(unitEnv[name], name).toBe(value);
    expect(unitValues('Restart')).toEqual(['always']);
    expect(unitValues('StartLimitIntervalSec')).toEqual(['0']);
  });

  it('needs no dev dependency: the bundle imports only node and runtime packages', () => {
    const code = fs.readFileSync(path.join(ROOT, BUNDLE), 'utf8');
    const specifiers = [...code.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)["']([^"'./][^"']*)["']/g)].map(
      (m) => m[1],
    );
    expect(specifiers.length).toBeGreaterThan(10);
    const packageOf = (s: string) =>
      s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0];
    const outside = specifiers
      .filter((s) => !s.startsWith('node:') && !builtinModules.includes(s))
      .map(packageOf)
      .filter((p) => !(p in pkg.dependencies));
    expect([...new Set(outside)]).toEqual([]);
  });

  it('comes back from its own command line after a SIGKILL, on the same data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-unit-'));
    try {
      const port = await freePort();
      const first = await startAsTheUnitDoes(dataDir, port);
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      const down = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      expect(down).toBeNull();

      const second = await startAsTheUnitDoes(dataDir, port);
      const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
      expect(health).toEqual({ status: 'ok', database: 'ok' });
      // The same database: the first start created the admin and the second did not make another.
      const admins = await import('../db/sqliteDriver').then(
        ({ default: SQLite }) =>
          new SQLite(path.join(dataDir, 'app.db'), { readonly: true })
            .prepare('select count(*) as n from users where is_superuser = 1')
            .get() as { n: number },
      );
      expect(admins.n).toBe(1);
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
