// admin.accounts: a school without SMTP helps a student in from the Users tab. The links are
// one-time tokens stored hashed, each action is logged with both addresses, and every refusal
// changes nothing.
import { describe, expect, it } from 'vitest';
import { tokenHash } from '../queries/authTokens';
import { linkIn, signUpAndIn, STUDENT, type LogLine, verifyWithLink } from '../test/harness';
import { ADMIN, countRows, rpc } from '../test/fixtures';
import { useAdmin, useTestServer } from '../test/useTestServer';

// debug: the request lines of successful calls, which hold the same request id.
const t = useTestServer({ captureLogs: true, env: { LOG_LEVEL: 'debug' } });
const admin = useAdmin(t);
const adminLines = () => t.logs.filter((line) => line.topic === 'admin');
const logged = () => adminLines().map((line) => line.msg);

const login = (email: string, password: string) =>
  t.api('POST', '/api/auth/login/', { body: { email, password } });

/** A registration whose link was never opened; returns the new user's id. */
async function registerUnverified(overrides: Partial<typeof STUDENT> = {}) {
  const student = { ...STUDENT, ...overrides };
  expect((await t.api('POST', '/api/auth/registration/', { body: student })).status).toBe(201);
  await t.waitForMail(student.email, /Confirm/);
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', student.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

const userRow = (id: number) =>
  t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

type Link = { link: string; detail: string };

describe('admin.users', () => {
  it('shows each account as unverified, verified or deactivated', async () => {
    await registerUnverified({ email: 'new.student@example.com' });
    await signUpAndIn(t, { email: 'verified@example.com' });
    await signUpAndIn(t, { email: 'left@example.com' });
    await t.db.updateTable('users').set({ is_active: 0 }).where('email', '=', 'left@example.com').execute();
    const res = await admin.query<{ email: string; state: string }[]>('admin.users');
    const states = Object.fromEntries(res.data.map((u) => [u.email, u.state]));
    expect(states).toEqual({
      'new.student@example.com': 'unverified',
      'verified@example.com': 'verified',
      'left@example.com': 'deactivated',
      [ADMIN.email]: 'verified',
    });
  });
});

describe('admin.accounts', () => {
  it('hands over a verification link that works once and is stored only as its hash', async () => {
    const id = await registerUnverified();
    const res = await admin.mutate<Link>('admin.accounts.verificationLink', { user_id: id });
    expect(res.status).toBe(200);
    expect(res.data.link).toMatch(new RegExp(`^${t.url}/verify-email/[^/]+$`));
    const token = res.data.link.split('/').at(-1)!;
    const stored = await t.db
      .selectFrom('email_verifications')
      .select('token_hash')
      .where('user_id', '=', id)
      .execute();
    expect(stored.map((r) => r.token_hash)).toContain(tokenHash(token));
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(logged()).toEqual([`${ADMIN.email} copied a verification link for ${STUDENT.email} (user ${id})`]);
    // Its fields, and the id of the request that did it (the request log's line has the same).
    expect(adminLines()[0]).toMatchObject({ admin: ADMIN.email, student: STUDENT.email, userId: id });
    const request = t.logs.find(
      (line) => (line.req as { path?: string } | undefined)?.path === '/trpc/admin.accounts.verificationLink',
    );
    const idOf = (line?: LogLine) => (line?.req as { id?: string } | undefined)?.id;
    expect(idOf(adminLines()[0])).toEqual(expect.any(String));
    expect(idOf(adminLines()[0])).toBe(idOf(request));

    expect((await login(STUDENT.email, STUDENT.password1)).status).toBe(400);
    // The link's page takes the password the student registered with.
    expect((await verifyWithLink(t, res.data.link, STUDENT.password1)).status).toBe(200);
    expect((await login(STUDENT.email, STUDENT.password1)).status).toBe(200);
    expect((await verifyWithLink(t, res.data.link, STUDENT.password1)).status).toBe(400);
  });

  it('hands over a reset link that sets a new password and ends the mailed one', async () => {
    const { email } = await signUpAndIn(t);
    const id = (
      await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    ).id;
    await t.api('POST', '/api/auth/password/reset/', { body: { email } });
    const mailed = linkIn((await t.waitForMail(email, /Reset/)).text);

    const res = await admin.mutate<Link>('admin.accounts.resetLink', { user_id: id });
    expect(res.status).toBe(200);
    expect(res.data.detail).toContain('it works once, for one hour');
    const confirm = (link: string) => {
      const [uid, token] = new URL(link).pathname.split('/').slice(-2);
      return t.api('POST', '/api/auth/password/reset/confirm/', {
        body: { uid, token, new_password1: 'Harmattan-Breeze-31', new_password2: 'Harmattan-Breeze-31' },
      });
    };
    expect((await confirm(mailed)).status).toBe(400);
    expect((await confirm(res.data.link)).status).toBe(200);
    expect((await login(email, 'Harmattan-Breeze-31')).status).toBe(200);
    expect((await confirm(res.data.link)).status).toBe(400);
    expect(logged()).toEqual([`${ADMIN.email} copied a password reset link for ${email} (user ${id})`]);
  });

  it('verifies a student by hand, who can then sign in', async () => {
    const id = await registerUnverified();
    const res = await admin.mutate<{ detail: string }>('admin.accounts.verify', { user_id: id });
    expect([res.status, res.data.detail]).toEqual([
      200,
      `${STUDENT.email} is verified: the student can sign in.`,
    ]);
    expect((await userRow(id)).email_verified_at).not.toBeNull();
    expect((await login(STUDENT.email, STUDENT.password1)).status).toBe(200);
    expect(logged()).toEqual([
      `${ADMIN.email} verified the e-mail address by hand for ${STUDENT.email} (user ${id})`,
    ]);
  });

  it('resends the verification mail until the address has its three for the hour', async () => {
    const id = await registerUnverified();
    for (let i = 0; i < 2; i++) {
      const res = await admin.mutate<{ detail: string }>('admin.accounts.resendVerification', {
        user_id: id,
      });
      expect([res.status, res.data.detail]).toEqual([200, `Verification e-mail sent to ${STUDENT.email}.`]);
    }
    await t.settle();
    const mails = t.mails.filter((m) => m.to === STUDENT.email);
    expect(mails).toHaveLength(3);
    const newest = mails[2].text;
    const capped = await admin.mutate('admin.accounts.resendVerification', { user_id: id });
    expect([capped.status, capped.error?.message]).toEqual([
      429,
      `${STUDENT.email} has had its account e-mails for this hour: copy the verification link instead.`,
    ]);
    await t.settle();
    expect(t.mails.filter((m) => m.to === STUDENT.email)).toHaveLength(3);
    expect(logged().filter((l) => l.includes('resent'))).toHaveLength(2);
    expect((await verifyWithLink(t, newest, STUDENT.password1)).status).toBe(200);
    expect((await login(STUDENT.email, STUDENT.password1)).status).toBe(200);
  });

  it('refuses what does not fit the account, with a message, changing nothing', async () => {
    const unverified = await registerUnverified({ email: 'waiting@example.com' });
    await signUpAndIn(t, { email: 'verified@example.com' });
    await registerUnverified({ email: 'gone@example.com' });
    const ids = Object.fromEntries(
      (await t.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
    );
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', ids['gone@example.com']).execute();
    const before = {
      verifications: await countRows(t.db, 'email_verifications'),
      resets: await countRows(t.db, 'password_resets'),
      users: await t.db.selectFrom('users').selectAll().orderBy('id').execute(),
    };

    const cases: [string, unknown, number, string][] = [
      [
        'verify',
        { user_id: ids['verified@example.com'] },
        409,
        'verified@example.com is already verified: the student can sign in.',
      ],
      [
        'verificationLink',
        { user_id: ids['verified@example.com'] },
        409,
        'verified@example.com is already verified: the student can sign in.',
      ],
      ['resetLink', { user_id: ids['gone@example.com'] }, 409, 'This account is deactivated.'],
      ['verify', { user_id: ids['gone@example.com'] }, 409, 'This account is deactivated.'],
      [
        'resetLink',
        { user_id: ids[ADMIN.email] },
        409,
        'This is a staff account: its owner signs in or resets the password from the sign-in page.',
      ],
      ['verificationLink', { user_id: 987654 }, 404, 'User not found.'],
      ['verify', { user_id: 'twelve' }, 400, ''],
    ];
    for (const [procedure, input, status, message] of cases) {
      const res = await admin.mutate(`admin.accounts.${procedure}`, input);
      expect([procedure, res.status], JSON.stringify(input)).toEqual([procedure, status]);
      if (message) expect(res.error?.message).toBe(message);
      expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    }
    const student = rpc(t, (await signUpAndIn(t, { email: 'curious@example.com' })).access);
    const forbidden = await student.mutate('admin.accounts.verify', { user_id: unverified });
    expect(forbidden.status).toBe(403);

    expect(await countRows(t.db, 'email_verifications')).toBe(before.verifications + 1);
    expect(await countRows(t.db, 'password_resets')).toBe(before.resets);
    const after = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '!=', 'curious@example.com')
      .orderBy('id')
      .execute();
    expect(after).toEqual(before.users);
    expect((await userRow(unverified)).email_verified_at).toBeNull();
    expect(logged()).toEqual([]);
  });
});
