// Which answers are gzipped, over the real HTTP stack.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ smtp: false });
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
  it('sends tiny acknowledgements plain and larger answers gzipped', async () => {
    const login = `${t.url}/trpc/auth.login`;
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    expect(
      await encodingOf(login, { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
    ).toBeNull();
    // A list procedure is compressed even when its answer is an error: it is not on the small list.
    expect(await encodingOf(`${t.url}/trpc/catalog.programs`)).toBe('gzip');
    expect(
      await encodingOf(`${t.url}/trpc/auth.login,catalog.programs?batch=1`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    ).toBe('gzip');
  });
});
