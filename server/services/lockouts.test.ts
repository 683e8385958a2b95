// Limits that cannot be turned against their owners, through the real HTTP stack: junk from a
// school's shared address never locks its students out, and an account's owner gets back in past
// a wait that strangers caused (device cookies, a completed reset).
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  linkIn,
  signUpAndIn,
  startTestServer,
  STUDENT,
  verificationToken,
  type TestServer,
} from '../test/harness';
import { lockOut, postFrom } from '../test/fromAddress';

const WRONG = 'Not-The-Password-9';
const LOGIN = '/api/auth/login/';
const NEW_PASSWORD = 'Fresh-Shea-Butter-9';
let t: TestServer | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A browser on one address that keeps the cookies it is given and sends them where they apply. */
class Browser {
  readonly cookies = new Map<string, { name: string; value: string; path: string; attributes: string[] }>();

  constructor(readonly from: string) {}

  async post(path: string, body: unknown) {
    const cookie = [...this.cookies.values()]
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const r = await postFrom(t!, this.from, path, body, cookie ? { cookie } : {});
    this.keep(r.headers);
    return r;
  }

  private keep(headers: http.IncomingHttpHeaders) {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair, ...rest] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const attributes = rest.map((a) => a.toLowerCase());
      const path = rest.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const name = pair.slice(0, eq);
      this.cookies.set(`${name}|${path}`, { name, value: pair.slice(eq + 1), path, attributes });
    }
  }
}

/** Asserts the lockout was still running (so a 200 now proves it did not hold the caller). */
function withinWait(lock: { at: number; wait: number }) {
  expect(Date.now() - lock.at).toBeLessThan((lock.wait - 1) * 1000);
}

/** A stranger's wrong passwords make the account wait 8 s at once, not after 2 + 4 s of waits. */
const LONG_WAIT = { firstAccountWaitSeconds: 8 };

const tooManyWrong = /^Too many wrong passwords for this account\. Try again in \d+ seconds/;

describe("a school's shared address", () => {
  it('answers a valid refresh with new tokens after junk refreshes from the same address', async () => {
    t = await startTestServer({
      rateLimits: { refreshFailuresPerAddress: { points: 20, windowSeconds: 900 } },
    });
    const s = await signUpAndIn(t);
    const school = '127.0.8.1';
    const junk: number[] = [];
    for (let i = 0; i < 40; i++) {
      junk.push(
        (await postFrom(t, school, '/api/token/refresh/', { refresh: `${s.refresh.slice(0, -6)}x${i}` }))
          .status,
      );
    }
    expect(junk.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(junk.slice(20)).toEqual(Array(20).fill(429));
    const valid = await postFrom(t, school, '/api/token/refresh/', { refresh: s.refresh });
    expect(valid.status).toBe(200);
    expect((await t.api('GET', '/api/profile/', { token: String(valid.body.access) })).status).toBe(200);
    const rows = await t.db.selectFrom('refresh_tokens').select(['rotated_at']).execute();
    expect(rows.map((r) => r.rotated_at !== null).sort()).toEqual([false, true]);
  });

  it('never counts a valid refresh against the address', async () => {
    t = await startTestServer({
      rateLimits: { refreshFailuresPerAddress: { points: 2, windowSeconds: 900 } },
    });
    let { refresh } = await signUpAndIn(t);
    const school = '127.0.8.2';
    for (let i = 0; i < 6; i++) {
      const r = await postFrom(t, school, '/api/token/refresh/', { refresh });
      expect(r.status).toBe(200);
      refresh = String(r.body.refresh);
    }
    const junk = [];
    for (let i = 0; i < 3; i++)
      junk.push((await postFrom(t, school, '/api/token/refresh/', { refresh: 'junk' })).status);
    expect(junk).toEqual([401, 401, 429]);
  });

  it('counts only invalid verification links against the address, and valid ones still verify past it', async () => {
    t = await startTestServer({ rateLimits: { badLinksPerAddress: { points: 3, windowSeconds: 900 } } });
    const school = '127.0.8.3';
    // As the link's page posts it: the key with the password typed there.
    const verify = (key: string) =>
      postFrom(t!, school, '/api/auth/registration/verify-email/', { key, password: STUDENT.password1 });
    const keyOf = async (email: string) => {
      const reg = await postFrom(t!, school, '/api/auth/registration/', { ...STUDENT, email });
      expect(reg.status).toBe(201);
      return verificationToken((await t!.waitForMail(email, /Confirm/)).text);
    };
    // Five students verify from the school's address: none of it counts.
    for (let i = 0; i < 5; i++) expect((await verify(await keyOf(`early${i}@example.com`))).status).toBe(200);
    const bad = [];
    for (let i = 0; i < 5; i++) bad.push((await verify(`made-up-link-${i}`)).status);
    expect(bad).toEqual([400, 400, 400, 429, 429]);
    // Past the address's budget, a student's own link still verifies.
    const late = await verify(await keyOf('late@example.com'));
    expect(late.status).toBe(200);
    const rows = await t.db.selectFrom('users').select(['email', 'email_verified_at']).execute();
    expect(rows.filter((r) => r.email_verified_at).length).toBe(6);
  });
});

describe('the owner gets back in', () => {
  it('gives a signed, HttpOnly device cookie at sign-in, on both sign-in paths only', async () => {
    t = await startTestServer();
    await signUpAndIn(t);
    const phone = new Browser('127.0.9.1');
    expect((await phone.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 })).status).toBe(200);
    const cookies = [...phone.cookies.values()];
    expect(cookies.map((c) => c.path).sort()).toEqual(['/api/auth/login/', '/trpc/auth.login']);
    for (const c of cookies) {
      expect(c.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict']));
      expect(c.attributes).not.toContain('secure');
      // Neither the name nor the value shows whose account it is, plainly or in base64. (Not a
      // three-letter part of the address: a random value holds one now and then.)
      const shown = `${c.name}=${c.value}`;
      expect(shown.toLowerCase()).not.toContain('mensah');
      expect(shown).not.toContain(Buffer.from(STUDENT.email).toString('base64url').slice(0, 12));
    }
    // Behind HTTPS the cookie is Secure.
    await t.close();
    t = await startTestServer({ env: { PUBLIC_URL: 'https://exams.example.edu.gh' } });
    await signUpAndIn(t);
    const secure = new Browser('127.0.9.2');
    await secure.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 });
    expect([...secure.cookies.values()].map((c) => c.attributes.includes('secure'))).toEqual([true, true]);
  });

  it("lets a browser that signed in before through a stranger's lockout, and holds a new one", async () => {
    t = await startTestServer(LONG_WAIT);
    await signUpAndIn(t);
    const owner = new Browser('127.0.9.3');
    expect((await owner.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 })).status).toBe(200);
    const lock = await lockOut(t, STUDENT.email, '127.0.9.4', 8);

    const newBrowser = new Browser('127.0.9.3');
    const held = await newBrowser.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 });
    expect(held.status).toBe(429);
    expect(held.body.detail).toMatch(tooManyWrong);
    expect(newBrowser.cookies.size).toBe(0);
    // The known browser is in, on the REST path and on tRPC's.
    const rest = await owner.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 });
    expect(rest.status).toBe(200);
    const trpc = await owner.post('/trpc/auth.login', { email: STUDENT.email, password: STUDENT.password1 });
    expect(trpc.status).toBe(200);
    withinWait(lock);
    expect((await t.api('GET', '/api/profile/', { token: String(rest.body.access) })).body.email).toBe(
      STUDENT.email,
    );
    // The owner's sign-in did not lift the wait for everyone else.
    expect((await newBrowser.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 })).status).toBe(
      429,
    );
  });

  it("lets no other account's cookie, and no tampered one, through the wait", async () => {
    t = await startTestServer(LONG_WAIT);
    await signUpAndIn(t);
    const other = await signUpAndIn(t, { email: 'kofi@example.com' });
    const shared = new Browser('127.0.9.5');
    expect((await shared.post(LOGIN, { email: other.email, password: other.password })).status).toBe(200);
    const owner = new Browser('127.0.9.6');
    expect((await owner.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 })).status).toBe(200);
    const lock = await lockOut(t, STUDENT.email, '127.0.9.7', 8);
    const tryWith = async (change: (value: string) => string) => {
      const copy = new Browser('127.0.9.8');
      for (const [key, c] of owner.cookies) copy.cookies.set(key, { ...c, value: change(c.value) });
      return (await copy.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 })).status;
    };
    // Kofi's cookie is for Kofi's account only.
    expect((await shared.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 })).status).toBe(
      429,
    );
    const [device, expires, mac] = [...owner.cookies.values()][0].value.split('.');
    expect(await tryWith(() => `${device}.${expires}.${mac.slice(0, -2)}AA`)).toBe(429);
    expect(await tryWith(() => `${'B'.repeat(22)}.${expires}.${mac}`)).toBe(429);
    expect(await tryWith(() => `${device}.${Number(expires) + 1}.${mac}`)).toBe(429);
    expect(await tryWith((v) => v)).toBe(200);
    withinWait(lock);
  });

  it("counts a known browser's wrong passwords on its own budget: past 10 it waits like any other", async () => {
    t = await startTestServer(LONG_WAIT);
    await signUpAndIn(t);
    const owner = new Browser('127.0.9.8');
    expect((await owner.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 })).status).toBe(200);
    const own = [];
    for (let i = 0; i < 10; i++)
      own.push((await owner.post(LOGIN, { email: STUDENT.email, password: WRONG })).status);
    // Ten mistakes from the owner's own browser make nobody wait.
    expect(own).toEqual(Array(10).fill(400));
    const stranger = await postFrom(t, '127.0.9.9', LOGIN, {
      email: STUDENT.email,
      password: STUDENT.password1,
    });
    expect(stranger.status).toBe(200);
    // Its budget spent, the cookie no longer passes the account's wait.
    const lock = await lockOut(t, STUDENT.email, '127.0.9.10', 8);
    const spent = await owner.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 });
    expect(spent.status).toBe(429);
    expect(spent.body.detail).toMatch(tooManyWrong);
    withinWait(lock);
  });

  it('ends the wait with a completed reset, and trusts the browser that completed it', async () => {
    t = await startTestServer(LONG_WAIT);
    await signUpAndIn(t);
    const lock = await lockOut(t, STUDENT.email, '127.0.10.1', 8);
    const phone = new Browser('127.0.10.2');
    expect((await phone.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 })).status).toBe(429);

    expect((await phone.post('/api/auth/password/reset/', { email: STUDENT.email })).status).toBe(200);
    const [, uid, token] = /\/password-reset-confirm\/([^/]+)\/([^/\s]+)$/.exec(
      linkIn((await t.waitForMail(STUDENT.email, /Reset/)).text),
    )!;
    const confirm = await phone.post('/api/auth/password/reset/confirm/', {
      uid,
      token,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(confirm.status).toBe(200);
    expect(phone.cookies.size).toBe(2);
    // A browser that has never seen the account gets in at once, and so does the one that reset.
    const fresh = await postFrom(t, '127.0.10.3', LOGIN, { email: STUDENT.email, password: NEW_PASSWORD });
    expect(fresh.status).toBe(200);
    expect((await phone.post(LOGIN, { email: STUDENT.email, password: NEW_PASSWORD })).status).toBe(200);
    withinWait(lock);
  });

  it('leaves the wait and sets no cookie when the reset link is refused', async () => {
    t = await startTestServer(LONG_WAIT);
    await signUpAndIn(t);
    const lock = await lockOut(t, STUDENT.email, '127.0.10.4', 8);
    const phone = new Browser('127.0.10.5');
    const forged = await phone.post('/api/auth/password/reset/confirm/', {
      uid: 'MQ',
      token: 'forged-token',
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(forged.status).toBe(400);
    expect(phone.cookies.size).toBe(0);
    const held = await phone.post(LOGIN, { email: STUDENT.email, password: STUDENT.password1 });
    expect(held.status).toBe(429);
    withinWait(lock);
  });
});
