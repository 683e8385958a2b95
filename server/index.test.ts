// The real entry point as an operator runs it: first start creates the database and the first
// admin (password printed once), a restart keeps both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/bench/serverProcess';
import { startServerProcess } from './test/serverProcess';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const startServer = (port: number) => startServerProcess({ DATA_DIR: dataDir, PORT: String(port) });

describe('server start-up', () => {
  it('creates and migrates the database, prints the first admin password once, and serves health', async () => {
    const port = await freePort();
    const first = await startServer(port);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
    const match = /First admin created: admin@example\.com \/ (\S+)/.exec(first.log());
    expect(match).not.toBeNull();
    await first.stop();
    expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

    const second = await startServer(port);
    expect(second.log()).not.toContain('First admin created');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: match![1] }),
    });
    expect(login.status).toBe(200);
    await second.stop();
  });
});
