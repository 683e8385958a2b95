// The request log over the real HTTP stack: one line a request with the id its answer was sent
// (X-Request-Id), status and duration, and never a password, token or cookie.
import { afterEach, describe, expect, it } from 'vitest';
import {
  linkIn,
  signUpAndIn,
  startTestServer,
  STUDENT,
  type LogLine,
  type TestServer,
} from '../test/harness';
import { loggedPath } from './requestLog';

let t: TestServer;
afterEach(async () => {
  await t.close();
});

const idOf = (line: LogLine) => (line.req as { id?: string } | undefined)?.id;

/** The request log's line for the answer that carried `id` (written once the answer is sent). */
async function requestLine(id: string | null): Promise<LogLine> {
  for (let i = 0; i < 100; i++) {
    const line = t.logs.find((l) => idOf(l) === id && l.res !== undefined);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no request line for ${id}`);
}

describe('the request log', () => {
  it('logs each request with its id, status and duration, and none of its secrets', async () => {
    // debug: successful fast requests are logged at that level.
    t = await startTestServer({ captureLogs: true, env: { LOG_LEVEL: 'debug' } });
    const { access, refresh } = await signUpAndIn(t);
    const link = linkIn(t.mails[0].text);
    const linkToken = link.split('/').pop()!;
    const signIn = await t.api('POST', '/api/auth/login/', {
      body: { email: STUDENT.email, password: STUDENT.password1 },
      headers: { cookie: 'device=cookie-secret-123' },
    });
    expect(signIn.status).toBe(200);
    const id = signIn.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = await requestLine(id);
    expect(line).toMatchObject({
      level: 20,
      msg: 'request completed',
      req: { id, method: 'POST', path: '/api/auth/login/' },
      res: { statusCode: 200 },
    });
    expect(line.responseTime).toEqual(expect.any(Number));
    expect(line.pid).toBe(process.pid);

    // The mailed link, its API form, and a signed-in call with its token in the header.
    const page = await fetch(link, { redirect: 'manual' });
    const api = await fetch(`${t.url}/api/auth/verify-email/${linkToken}/`, { redirect: 'manual' });
    const profile = await t.api('GET', '/api/profile/', { token: access });
    expect(profile.status).toBe(200);
    expect((await requestLine(page.headers.get('x-request-id'))).req).toMatchObject({
      method: 'GET',
      path: '/verify-email/[redacted]',
    });
    expect((await requestLine(api.headers.get('x-request-id'))).req).toMatchObject({
      method: 'GET',
      path: '/api/auth/verify-email/[redacted]/',
    });
    await requestLine(profile.headers.get('x-request-id'));

    const everything = JSON.stringify(t.logs);
    for (const secret of [STUDENT.password1, linkToken, access, refresh, 'cookie-secret-123']) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/authorization|cookie/i);
  });

  it("carries a signed-in caller's user id and school, and nobody's on anonymous requests", async () => {
    t = await startTestServer({ captureLogs: true, env: { LOG_LEVEL: 'debug' } });
    const { access } = await signUpAndIn(t);
    const { id: userId, school_id: schoolId } = await t.db
      .selectFrom('users')
      .select(['id', 'school_id'])
      .where('email', '=', STUDENT.email)
      .executeTakeFirstOrThrow();
    expect(schoolId).not.toBeNull(); // the school the student typed is one of the list's
    const viaTrpc = await t.api('GET', '/trpc/notifications.list', { token: access });
    const viaRest = await t.api('GET', '/api/profile/', { token: access });
    const anonymous = await t.api('GET', '/api/health');
    const refused = await t.api('GET', '/api/profile/', { token: 'not-a-token' });
    for (const signedIn of [viaTrpc, viaRest]) {
      expect(signedIn.status).toBe(200);
      expect(await requestLine(signedIn.headers.get('x-request-id'))).toMatchObject({
        user_id: userId,
        school_id: schoolId,
      });
    }
    for (const nobody of [anonymous, refused]) {
      const line = await requestLine(nobody.headers.get('x-request-id'));
      expect(line).not.toHaveProperty('user_id');
      expect(line).not.toHaveProperty('school_id');
    }
  });

  it('keeps an id a proxy sent when it is a short plain token, and makes its own otherwise', async () => {
    t = await startTestServer({ captureLogs: true, smtp: false, env: { LOG_LEVEL: 'debug' } });
    const idFor = async (given: string) =>
      (await t.api('GET', '/api/health', { headers: { 'x-request-id': given } })).headers.get('x-request-id');
    expect(await idFor('edge-7f3a.01')).toBe('edge-7f3a.01');
    for (const odd of ['x'.repeat(65), 'two words', '"quoted"', 'a\u00e9b']) {
      const id = await idFor(odd);
      expect(id, odd).toMatch(/^[0-9a-f-]{36}$/);
      expect(idOf(await requestLine(id))).toBe(id);
    }
  });

  it('logs a failure with its stack under the id its answer was sent, which has no stack', async () => {
    t = await startTestServer({ captureLogs: true });
    const { access } = await signUpAndIn(t);
    await t.db.schema.alterTable('notifications').renameTo('notifications_away').execute();
    try {
      const res = await t.api('GET', '/trpc/notifications.list', { token: access });
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toMatch(/no such table|does not exist|\.ts:\d+/);
      const id = res.headers.get('x-request-id');
      const failed = await requestLine(id);
      expect(failed).toMatchObject({ level: 50, res: { statusCode: 500 } });
      const cause = t.logs.find((l) => idOf(l) === id && l.topic === 'trpc');
      expect((cause?.err as { stack?: string } | undefined)?.stack).toMatch(/no such table|does not exist/);
    } finally {
      await t.db.schema.alterTable('notifications_away').renameTo('notifications').execute();
    }
  });

  it('logs refusals at info, fast successes only at debug, and neither at LOG_LEVEL=warn', async () => {
    const answers = async () => [
      await t.api('GET', '/api/health'),
      await t.api('POST', '/api/auth/login/', { body: { email: 'nobody@example.com', password: 'wrong' } }),
    ];
    t = await startTestServer({ captureLogs: true, smtp: false });
    const [ok, refused] = await answers();
    expect([ok.status, refused.status]).toEqual([200, 400]);
    expect((await requestLine(refused.headers.get('x-request-id'))).level).toBe(30);
    expect(t.logs.some((l) => idOf(l) === ok.headers.get('x-request-id'))).toBe(false);
    await t.close();

    t = await startTestServer({ captureLogs: true, smtp: false, env: { LOG_LEVEL: 'warn' } });
    const [quiet, refusedQuietly] = await answers();
    expect([quiet.status, refusedQuietly.status]).toEqual([200, 400]);
    expect(refusedQuietly.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 50));
    expect(t.logs).toEqual([]);
  });
});

describe('loggedPath', () => {
  it('drops the query and blanks out the tokens of links', () => {
    expect(loggedPath('/trpc/catalog.sets?input=%7B%22id%22%3A1%7D')).toBe('/trpc/catalog.sets');
    expect(loggedPath('/password-reset-confirm/MTI/abc123-secret')).toBe(
      '/password-reset-confirm/[redacted]',
    );
    expect(loggedPath('/api/auth/confirm-email/abc/')).toBe('/api/auth/confirm-email/[redacted]/');
    expect(loggedPath('/api/auth/registration/verify-email/')).toBe('/api/auth/registration/verify-email/');
    expect(loggedPath('/invitation/short-invite')).toBe('/invitation/[redacted]');
    expect(loggedPath('/api/auth/invitation/short-invite/')).toBe('/api/auth/invitation/[redacted]/');
    expect(loggedPath(`/anything/${'A1_-'.repeat(8)}/more`)).toBe('/anything/[redacted]/more');
    expect(loggedPath('/assets/index-DgK2x9.js')).toBe('/assets/index-DgK2x9.js');
  });
});
