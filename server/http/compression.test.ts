// Which answers are gzipped, over the real HTTP stack.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClientFixture } from '../test/clientFixture';
import { startTestServer, type TestServer } from '../test/harness';

const client = makeClientFixture();
afterAll(() => client.remove());

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ smtp: false, app: { clientDir: client.dir } });
});
afterEach(async () => {
  await t.close();
});

const encodingOf = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(url, { ...init, headers: { 'accept-encoding': 'gzip', ...init.headers } });
  await res.arrayBuffer();
  return res.headers.get('content-encoding');
};

describe('response compression', () => {
  it('sends small tRPC answers plain and those over 1 KB gzipped', async () => {
    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    expect(await encodingOf(`${t.url}/trpc/auth.login`, { method: 'POST', body, headers: json })).toBeNull();
    expect(await encodingOf(`${t.url}/trpc/catalog.programs`)).toBeNull();
    // Ten signed-out errors in one batch make an answer of about 2 KB.
    const ten = Array.from({ length: 10 }, () => 'results.list').join(',');
    expect(await encodingOf(`${t.url}/trpc/${ten}?batch=1`)).toBe('gzip');
    // A browser offering brotli gets brotli.
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    expect(await encodingOf(`${t.url}/trpc/${ten}?batch=1`, { headers: browser })).toBe('br');
  });

  it('gzips the client files and keeps the size threshold for REST answers', async () => {
    expect(await encodingOf(`${t.url}/api/health`)).toBeNull();
    const index = await fetch(`${t.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    const html = await index.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(await encodingOf(`${t.url}${script}`)).toBe('gzip');
  });
});
