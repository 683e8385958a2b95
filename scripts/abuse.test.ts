// The short form of npm run abuse: every attack of scripts/abuse replayed against the built server,
// started as package.json starts it, must hold. On the code before their fixes most of them
// do not (the server dies under the anonymous bodies, the squatter keeps the account, ...).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, productionLaunch } from './abuse/launch';
import { runAbuse, table } from './abuse/run';
import { AbuseServer } from './abuse/server';

describe('npm run abuse --short', () => {
  it('reads the node flags and environment of the serve script, else of start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-abuse-pkg-'));
    const write = (scripts: Record<string, string>) =>
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ scripts }));
    try {
      write({
        start: 'npm run build && npm run serve',
        serve: 'cross-env MALLOC_ARENA_MAX=2 node --max-old-space-size=512 dist/server/index.js',
      });
      expect(productionLaunch(dir)).toEqual({
        script: 'serve',
        nodeFlags: ['--max-old-space-size=512'],
        env: { MALLOC_ARENA_MAX: '2' },
      });
      write({
        start: 'npm run build && node --max-old-space-size=160 --max-semi-space-size=4 dist/server/index.js',
      });
      expect(productionLaunch(dir).nodeFlags).toEqual([
        '--max-old-space-size=160',
        '--max-semi-space-size=4',
      ]);
      write({ start: 'node server.js' });
      expect(() => productionLaunch(dir)).toThrow(/dist\/server\/index\.js/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // A group's two workers on PostgreSQL (the default, and what CI replays: the counters shared
  // through the database are the harder case), or with ABUSE_DATABASE=sqlite a school's one process.
  const database = process.env.ABUSE_DATABASE === 'sqlite' ? 'sqlite' : 'postgres';
  it(`every attack holds against the built server on ${database}`, async () => {
    await ensureBuilt({ full: false, log: () => {} });
    const server = { database, processes: database === 'postgres' ? 2 : 1 } as const;
    const report = await runAbuse({ short: true, server });
    const failed = report.results.filter((r) => !r.held).map((r) => `${r.name}: ${r.figures}`);
    expect(failed, table(report)).toEqual([]);
    expect(report.results.length).toBeGreaterThanOrEqual(19);
  }, 240_000);

  it('leaves no server, cluster or folder behind when the server does not start', async () => {
    await ensureBuilt({ full: false, log: () => {} });
    const ours = () => fs.readdirSync(os.tmpdir()).filter((n) => /^nmc-(abuse|pg)-/.test(n));
    const before = new Set(ours());
    // The server's configuration check refuses WEB_CONCURRENCY=0: it exits before it listens.
    await expect(AbuseServer.start({ database: 'postgres', processes: 0 })).rejects.toThrow(
      /exited \(1\) before it was ready/,
    );
    expect(ours().filter((n) => !before.has(n))).toEqual([]);
  }, 60_000);
});
