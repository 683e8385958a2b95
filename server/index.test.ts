// The real entry point as an operator runs it: first start creates the database and the first
// admin (password printed once), a restart keeps both.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

async function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_ON_EMPTY: 'false' },
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 20_000);
    child.stdout.on('data', () => {
      if (log.includes('Serving on')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    log: () => log,
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

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
