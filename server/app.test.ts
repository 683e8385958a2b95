// HTTP-level safety: bad bodies, headers, limits, health.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeClientFixture } from './test/clientFixture';
import { startTestServer, STUDENT, type TestServer } from './test/harness';

const client = makeClientFixture();
afterAll(() => client.remove());

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({
    rateLimits: { resetPerAccount: { points: 2, windowSeconds: 60 } },
    app: { clientDir: client.dir },
  });
});
afterEach(async () => {
  await t.close();
});

describe('HTTP safety', () => {
  it('reports health with a database check', async () => {
    const res = await t.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers malformed JSON and oversized bodies with a clear 4xx and writes nothing', async () => {
    const bad = await t.api('POST', '/api/auth/registration/', { raw: '{"email": "x@y.z",' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: 'Malformed JSON in request body.' });
    const huge = await t.api('POST', '/api/auth/registration/', {
      body: { ...STUDENT, bio: 'x'.repeat(200_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toMatch(/too large/);
    const wrongType = await t.api('POST', '/api/auth/login/', { body: ['email', 'password'] });
    expect(wrongType.status).toBe(400);
    const users = await t.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(0);
  });

  it('rate-limits sign-in attempts per account with a 429 and a clear message', async () => {
    const attempt = () =>
      t.api('POST', '/api/auth/login/', { body: { email: 'x@example.com', password: 'wrong-password' } });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe(
      'Too many wrong passwords for this account. Try again in 2 seconds, or reset your password.',
    );
    const other = await t.api('POST', '/api/auth/login/', {
      body: { email: 'y@example.com', password: 'wrong-password' },
    });
    expect(other.status).toBe(400);
  });

  it('rate-limits reset requests', async () => {
    const ask = () => t.api('POST', '/api/auth/password/reset/', { body: { email: 'x@example.com' } });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });

  it('sends security headers with a strict Content-Security-Policy and no X-Powered-By', async () => {
    const res = await fetch(`${t.url}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('tags the client files for revalidation but not the per-user JSON answers', async () => {
    const api = await fetch(`${t.url}/api/health`);
    expect(api.headers.get('etag')).toBeNull();
    const page = await fetch(`${t.url}/`);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${t.url}${script}`);
    await asset.arrayBuffer();
    expect(asset.headers.get('etag')).not.toBeNull();
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a missing hashed asset with 404, not the app page (a stale chunk must fail loudly)', async () => {
    const res = await fetch(`${t.url}/assets/index-doesnotexist.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toContain('text/html');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.api('GET', '/api/nothing/here/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });
});
