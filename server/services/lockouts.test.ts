// Limits that cannot be turned against their owners, through the real HTTP stack: junk from a
// school's shared address never locks its students out, and an account's owner gets back in past
// a wait that strangers caused (device cookies, a completed reset).
import { afterEach, describe, expect, it } from 'vitest';
import { linkIn, signUpAndIn, startTestServer, STUDENT, type TestServer } from '../test/harness';
import { postFrom } from '../test/fromAddress';

let t: TestServer | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

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
    const verify = (key: string) => postFrom(t!, school, '/api/auth/registration/verify-email/', { key });
    const keyOf = async (email: string) => {
      const reg = await postFrom(t!, school, '/api/auth/registration/', { ...STUDENT, email });
      expect(reg.status).toBe(201);
      return linkIn((await t!.waitForMail(email, /Confirm/)).text)
        .split('/')
        .filter(Boolean)
        .at(-1)!;
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
