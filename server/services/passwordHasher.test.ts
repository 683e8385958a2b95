// The password hasher: real Argon2id on threads at the lowest priority, the event loop left free
// while they hash, and sign-ins told to come back (429 with Retry-After, over the real HTTP stack)
// when its queue is full, with nothing changed by the refusal.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpAndIn, startTestServer, STUDENT, TEST_HASHER, type TestServer } from '../test/harness';
import { postFrom } from '../test/fromAddress';
import { PasswordChecksBusy, PasswordHasher } from './passwordHasher';
import { configurePasswordHashing, OWASP_PASSWORD_COST, passwordHasher } from './passwords';

/** A hash that keeps a thread busy for a while (OWASP's memory, many passes). */
const SLOW_COST = { memoryCost: OWASP_PASSWORD_COST.memoryCost, timeCost: 40 };

let hasher: PasswordHasher | undefined;
let t: TestServer | undefined;

afterEach(async () => {
  hasher?.close();
  hasher = undefined;
  await t?.close();
  t = undefined;
  // The process's hasher is shared by the test files of this worker: back to the tests' own.
  configurePasswordHashing(TEST_HASHER);
});

/** The nice value of each thread of this process, from /proc. */
function threadNiceness(): number[] {
  return fs
    .readdirSync('/proc/self/task')
    .map((tid) => fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'))
    .map((stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
}

/** CPU time (user and system, in clock ticks of 10 ms) the calling thread has used, from /proc. */
function ownCpuTicks(): number {
  const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

describe('the password hasher', () => {
  it('hashes and checks with Argon2id on a thread at nice 19, the calling thread staying at 0', async () => {
    const before = threadNiceness().filter((n) => n === 19).length;
    hasher = new PasswordHasher({ threads: 1, maxWaitMs: 10_000, niceness: 19 });
    // A cheap cost: at nice 19 on a machine busy with other test files, each hash waits its turn.
    const stored = await hasher.hash('Kente-Weaver-2024', { memoryCost: 8, timeCost: 1 });
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await hasher.verify(stored, 'Kente-Weaver-2024')).toBe(true);
    expect(await hasher.verify(stored, 'Not-The-Password-9')).toBe(false);
    await expect(hasher.verify('not a hash', 'Kente-Weaver-2024')).rejects.toThrow();
    expect(threadNiceness().filter((n) => n === 19).length).toBe(before + 1);
    const own = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    expect(Number(own.slice(own.lastIndexOf(')') + 2).split(' ')[16])).toBe(0);
  });

  it('hashes off the calling thread: the event loop spends almost no CPU on a queue of hashes', async () => {
    hasher = new PasswordHasher({ threads: 1, maxWaitMs: 60_000, niceness: 0 });
    await hasher.hash('warm-up-password', OWASP_PASSWORD_COST);
    const before = ownCpuTicks();
    const hashes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => hasher!.hash(`Password-${i}-x`, OWASP_PASSWORD_COST)),
    );
    expect(new Set(hashes).size).toBe(12);
    // Twelve hashes of 10-20 ms of CPU each: over 12 ticks (10 ms each) had this thread run them.
    expect(ownCpuTicks() - before).toBeLessThan(6);
  });

  it('refuses past its longest wait, saying how long to wait, and admits again once drained', async () => {
    hasher = new PasswordHasher({ threads: 1, maxWaitMs: 0, niceness: 0 });
    expect(() => hasher!.admit()).not.toThrow();
    const running = hasher.hash('Kente-Weaver-2024', SLOW_COST);
    let refusal: unknown;
    try {
      hasher.admit();
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(PasswordChecksBusy);
    expect((refusal as PasswordChecksBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(hasher.figures).toMatchObject({ running: 1, queued: 0, refused: 1 });
    await running;
    expect(() => hasher!.admit()).not.toThrow();
  });
});

describe('sign-in while password checks are busy', () => {
  it('answers 429 with Retry-After on both APIs, for real and made-up e-mails, and counts nothing', async () => {
    t = await startTestServer({ hasher: { threads: 1, maxWaitMs: 0 } });
    await signUpAndIn(t);
    const user = () =>
      t!.db
        .selectFrom('users')
        .select('last_login')
        .where('email', '=', STUDENT.email)
        .executeTakeFirstOrThrow();
    const lastLogin = (await user()).last_login;
    const running = passwordHasher().hash('Kente-Weaver-2024', SLOW_COST);

    const rest = await postFrom(t, '127.0.7.1', '/api/auth/login/', {
      email: STUDENT.email,
      password: STUDENT.password1,
    });
    expect(rest.status).toBe(429);
    expect(rest.body.detail).toMatch(
      /^Many students are signing in right now\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(rest.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(rest.body.retry_after).toBe(Number(rest.headers['retry-after']));

    const trpc = await t.api<{ error: { message: string; data: { httpStatus: number } } }>(
      'POST',
      '/trpc/auth.login',
      { body: { email: STUDENT.email, password: STUDENT.password1 } },
    );
    expect(trpc.status).toBe(429);
    expect(trpc.body.error.message).toMatch(/^Many students are signing in right now/);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // An address nobody registered gets the same answer: the refusal tells nothing of accounts.
    const madeUp = await postFrom(t, '127.0.7.1', '/api/auth/login/', {
      email: 'nobody@random.test',
      password: STUDENT.password1,
    });
    expect([madeUp.status, madeUp.body.detail]).toEqual([429, rest.body.detail]);

    // Wrong passwords refused as busy count no failure: five of them later leave the account free.
    for (let i = 0; i < 5; i++) {
      const wrong = await postFrom(t, '127.0.7.2', '/api/auth/login/', {
        email: STUDENT.email,
        password: 'Not-The-Password-9',
      });
      expect(wrong.status).toBe(429);
    }
    expect((await user()).last_login).toBe(lastLogin);
    await running;
    const after = await postFrom(t, '127.0.7.1', '/api/auth/login/', {
      email: STUDENT.email,
      password: STUDENT.password1,
    });
    expect(after.status).toBe(200);
    expect((await user()).last_login).not.toBe(lastLogin);
  });
});
