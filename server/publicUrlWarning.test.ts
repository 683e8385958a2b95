// A school that starts the server for its network without PUBLIC_URL is told at start that the
// links it hands out would point at localhost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/bench/serverProcess';
import { loadEnv, publicUrlWarning } from './env';
import { startServerProcess } from './test/serverProcess';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-public-url-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const warningOf = (source: Record<string, string>) => publicUrlWarning(source, loadEnv(source));

describe('the PUBLIC_URL warning at start', () => {
  it('is logged when the server listens beyond loopback without PUBLIC_URL, and only then', async () => {
    const port = await freePort();
    const open = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '0.0.0.0',
      PUBLIC_URL: '',
    });
    await open.stop();
    expect(open.log()).toContain(
      `Warning: PUBLIC_URL is not set, so verification and reset links point at http://localhost:${port}, which students' phones cannot open.`,
    );

    const named = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://exams.school.edu.gh',
    });
    await named.stop();
    expect(named.log()).toContain('Serving on https://exams.school.edu.gh');
    expect(named.log()).not.toContain('PUBLIC_URL is not set');
  });

  it('stays quiet for a server only this machine can reach', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.1.1']) {
      expect(warningOf({ HOST }), HOST).toBeNull();
    }
    expect(warningOf({ HOST: '0.0.0.0' })).toMatch(/^Warning: PUBLIC_URL is not set/);
    expect(warningOf({ HOST: '192.168.1.10', PORT: '8080' })).toContain('http://localhost:8080');
  });
});
