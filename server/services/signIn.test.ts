// Rate limits that fit a school behind one address, through the real HTTP stack,
// with clients on different loopback source addresses.
import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env';
import { signUpAndIn, startTestServer, STUDENT, type TestServer } from '../test/harness';
import { postFrom } from '../test/fromAddress';
import { waitAfterFailures } from './signIn';

const WRONG = 'Not-The-Password-9';
const LOGIN = '/api/auth/login/';
let t: TestServer | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sign-in limits', () => {
  it('makes an account wait after wrong passwords from any address, then lets its owner in', async () => {
    t = await startTestServer();
    await signUpAndIn(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await postFrom(t, `127.0.0.${10 + i}`, LOGIN, { email: STUDENT.email, password: WRONG });
      statuses.push(r.status);
    }
    // Four free failures, the fifth makes the account wait 2 s: the sixth, from yet another address,
    // is refused without a password check, and so is the owner's right password meanwhile.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const owner = await postFrom(t, '127.0.0.99', LOGIN, {
      email: STUDENT.email,
      password: STUDENT.password1,
    });
    expect(owner.status).toBe(429);
    expect(owner.body.detail).toMatch(/Too many wrong passwords for this account\. Try again in \d seconds/);
    await sleep(2100);
    const later = await postFrom(t, '127.0.0.99', LOGIN, {
      email: STUDENT.email,
      password: STUDENT.password1,
    });
    expect(later.status).toBe(200);
  });

  it('doubles the wait with each further failure, up to 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 10, 20].map((n) => waitAfterFailures(n))).toEqual([0, 0, 2, 4, 8, 64, 900]);
    // A server set to start the ladder at 8 s doubles from there.
    expect([4, 5, 6].map((n) => waitAfterFailures(n, 8))).toEqual([0, 8, 16]);
  });

  it('lets a class in from one address while the same address floods failed sign-ins', async () => {
    t = await startTestServer({
      rateLimits: { loginFailuresPerAddress: { points: 20, windowSeconds: 900 } },
    });
    const school = '127.0.2.1';
    const bystander = await signUpAndIn(t, { email: 'bystander@example.com' });
    const students = [];
    for (let i = 0; i < 12; i++) {
      const email = `student${i}@example.com`;
      await signUpAndIn(t, { email, full_name: `Student ${i}` });
      students.push(email);
    }
    // 60 failures from the school's address: made-up accounts and a real one.
    const flood = [];
    for (let i = 0; i < 60; i++) {
      const email = i % 3 === 0 ? bystander.email : `nobody${i}@random.test`;
      flood.push((await postFrom(t, school, LOGIN, { email, password: WRONG })).status);
    }
    expect(flood.filter((s) => s === 429).length).toBeGreaterThan(30);
    const signIns = await Promise.all(
      students.map((email) => postFrom(t!, school, LOGIN, { email, password: STUDENT.password1 })),
    );
    expect(signIns.map((r) => r.status)).toEqual(students.map(() => 200));
  });

  it('refuses a flooded address its failures, and still makes the attacker of a real account wait', async () => {
    t = await startTestServer({ rateLimits: { loginFailuresPerAddress: { points: 3, windowSeconds: 900 } } });
    await signUpAndIn(t);
    for (let i = 0; i < 3; i++) {
      expect(
        (await postFrom(t, '127.0.3.1', LOGIN, { email: `x${i}@random.test`, password: WRONG })).status,
      ).toBe(400);
    }
    // Past its 3 failures, the address's failures are 429, made-up e-mails and real ones alike.
    const network = 'Too many sign-in attempts from your network. Please wait a few minutes and try again.';
    const madeUp = await postFrom(t, '127.0.3.1', LOGIN, { email: 'y@random.test', password: WRONG });
    expect([madeUp.status, madeUp.body.detail]).toEqual([429, network]);
    const details = [];
    for (let i = 0; i < 6; i++) {
      details.push(
        (await postFrom(t, '127.0.3.1', LOGIN, { email: STUDENT.email, password: WRONG })).body.detail,
      );
    }
    expect(details.slice(0, 5)).toEqual(Array(5).fill(network));
    // The real account's failures counted: from the 5th it waits, and no password is checked.
    expect(details[5]).toMatch(/^Too many wrong passwords for this account/);
    // A correct sign-in from the flooded address still gets in once the wait is over.
    await sleep(2100);
    expect(
      (await postFrom(t, '127.0.3.1', LOGIN, { email: STUDENT.email, password: STUDENT.password1 })).status,
    ).toBe(200);
  });

  it('keeps others signing in quickly while one account takes 32 wrong passwords at a time', async () => {
    // Each check at the cost in use: the point is that others' checks do not queue behind these.
    t = await startTestServer({ realHashCost: true });
    const target = await signUpAndIn(t, { email: 'target@example.com' });
    const others = [];
    for (let i = 0; i < 5; i++) others.push((await signUpAndIn(t, { email: `other${i}@example.com` })).email);
    let stop = false;
    const attack = (async () => {
      while (!stop) {
        await Promise.all(
          Array.from({ length: 32 }, (_, k) =>
            postFrom(t!, `127.0.4.${1 + k}`, LOGIN, { email: target.email, password: WRONG }),
          ),
        );
      }
    })();
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const email of others) {
        const started = performance.now();
        const r = await postFrom(t, '127.0.5.1', LOGIN, { email, password: STUDENT.password1 });
        times.push(performance.now() - started);
        expect(r.status).toBe(200);
      }
    }
    stop = true;
    await attack;
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(200);
  });
});

describe('other account procedures', () => {
  it('limits password changes and account deletion per user, and invalid verification links per address', async () => {
    t = await startTestServer({ rateLimits: { badLinksPerAddress: { points: 5, windowSeconds: 900 } } });
    const s = await signUpAndIn(t);
    const change = () =>
      t!.api('POST', '/api/auth/password/change/', {
        token: s.access,
        body: {
          old_password: WRONG,
          new_password1: 'Harmattan-Breeze-77',
          new_password2: 'Harmattan-Breeze-77',
        },
      });
    const changes = [];
    for (let i = 0; i < 11; i++) changes.push((await change()).status);
    expect(changes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(changes[10]).toBe(429);
    // Deleting counts against the same budget of password checks: the thief gets no more guesses.
    const remove = await t.api('DELETE', '/api/profile/', { token: s.access, body: { password: WRONG } });
    expect(remove.status).toBe(429);

    const verifies = [];
    for (let i = 0; i < 6; i++) {
      verifies.push(
        (
          await t.api('POST', '/api/auth/registration/verify-email/', {
            body: { key: `bad-${i}`, password: WRONG },
          })
        ).status,
      );
    }
    // The sign-up's own (valid) verification link did not count: five invalid ones did.
    expect(verifies).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('TRUST_PROXY', () => {
  it('takes what Express takes, and refuses true', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(loadEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(EnvError);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(
      /Invalid environment variable TRUST_PROXY: true would trust/,
    );
  });

  it('limits by the address the proxy saw, whatever the client wrote before it', async () => {
    t = await startTestServer({
      env: { TRUST_PROXY: 'loopback' },
      rateLimits: { loginFailuresPerAddress: { points: 3, windowSeconds: 900 } },
    });
    const attempt = (forged: string) =>
      postFrom(
        t!,
        '127.0.6.1',
        LOGIN,
        { email: `${forged}@random.test`, password: WRONG },
        {
          'x-forwarded-for': `${forged}, 203.0.113.77`,
        },
      );
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(`10.9.8.${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    // Another client behind the same proxy is not limited.
    const other = await postFrom(
      t,
      '127.0.6.1',
      LOGIN,
      { email: 'y@random.test', password: WRONG },
      {
        'x-forwarded-for': '203.0.113.78',
      },
    );
    expect(other.status).toBe(400);
  });

  it('ignores X-Forwarded-For by default', async () => {
    t = await startTestServer({ rateLimits: { loginFailuresPerAddress: { points: 2, windowSeconds: 900 } } });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const r = await postFrom(
        t,
        '127.0.7.1',
        LOGIN,
        { email: `z${i}@random.test`, password: WRONG },
        {
          'x-forwarded-for': `198.51.100.${i}`,
        },
      );
      statuses.push(r.status);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });
});
