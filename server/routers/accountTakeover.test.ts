// Issue 16 §2 over the real HTTP stack: an address cannot be squatted, old reset links die, tokens
// need exp and sub, and the last admin stays.
import { SignJWT, decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findUserByEmail, updateUser } from '../queries/users';
import { createOrPromoteAdmin } from '../services/admins';
import { loadJwtSecret } from '../services/secrets';
import { linkIn, signUpAndIn, startTestServer, STUDENT, type TestServer } from '../test/harness';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.api<{ access: string; non_field_errors?: string[] }>('POST', '/api/auth/login/', {
    body: { email, password },
  });

const resetParts = (text: string) => {
  const [, uid, token] = /\/password-reset-confirm\/([^/]+)\/([^/\s]+)$/.exec(linkIn(text))!;
  return { uid, token };
};

const confirmReset = (parts: { uid: string; token: string }, password: string) =>
  t.api('POST', '/api/auth/password/reset/confirm/', {
    body: { ...parts, new_password1: password, new_password2: password },
  });

const mailsTo = (email: string, subject: RegExp) =>
  t.mails.filter((m) => m.to === email && subject.test(m.subject));

describe('pre-registration squatting', () => {
  it('lets the owner’s later registration replace a squatter’s, whose password never signs in', async () => {
    const squatter = {
      ...STUDENT,
      full_name: 'Kofi Squatter',
      password1: 'Squat-Pass-4411',
      school: 'Nowhere',
    };
    squatter.password2 = squatter.password1;
    expect((await t.api('POST', '/api/auth/registration/', { body: squatter })).status).toBe(201);
    await t.waitForMail(STUDENT.email, /Confirm/);
    const owner = await t.api('POST', '/api/auth/registration/', { body: STUDENT });
    expect(owner.status).toBe(201);
    await t.settle();
    const [squatterMail, ownerMail] = mailsTo(STUDENT.email, /Confirm/);
    expect(squatterMail.text).toContain('Kofi Squatter');
    expect(ownerMail.text).toContain('Ama Mensah');

    // The squatter's link (in the owner's mailbox) no longer verifies anything.
    const stale = await fetch(linkIn(squatterMail.text), { redirect: 'manual' });
    expect(stale.headers.get('location')).toBe('/email-verified?status=invalid');
    expect((await findUserByEmail(t.db, STUDENT.email))!.email_verified_at).toBeNull();

    const fresh = await fetch(linkIn(ownerMail.text), { redirect: 'manual' });
    expect(fresh.headers.get('location')).toBe('/email-verified');
    const refused = await login(STUDENT.email, squatter.password1);
    expect(refused.status).toBe(400);
    expect(refused.body.non_field_errors).toEqual(['Unable to log in with provided credentials.']);
    const ok = await login(STUDENT.email, STUDENT.password1);
    expect(ok.status).toBe(200);
    const profile = await t.api('GET', '/api/profile/', { token: ok.body.access });
    expect(profile.body).toMatchObject({ full_name: 'Ama Mensah', school: STUDENT.school });
    const users = await t.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it('verifies the e-mail when a reset link is confirmed, so the mailbox owner can sign in', async () => {
    const squatter = { ...STUDENT, full_name: 'Kofi Squatter', password1: 'Squat-Pass-4411' };
    squatter.password2 = squatter.password1;
    await t.api('POST', '/api/auth/registration/', { body: squatter });
    await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    const parts = resetParts((await t.waitForMail(STUDENT.email, /Reset/)).text);
    expect((await confirmReset(parts, 'Owner-Shea-Butter-9')).status).toBe(200);
    expect((await findUserByEmail(t.db, STUDENT.email))!.email_verified_at).not.toBeNull();
    expect((await login(STUDENT.email, 'Owner-Shea-Butter-9')).status).toBe(200);
    expect((await login(STUDENT.email, squatter.password1)).status).toBe(400);
  });
});

describe('older reset links die', () => {
  it('when a newer reset is requested', async () => {
    await signUpAndIn(t);
    await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    await t.waitForMail(STUDENT.email, /Reset/);
    await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    await t.settle();
    const [first, second] = mailsTo(STUDENT.email, /Reset/).map((m) => resetParts(m.text));
    const old = await confirmReset(first, 'Thief-Shea-Butter-9');
    expect(old.status).toBe(400);
    expect(old.body.token).toEqual([
      'This password reset link is invalid or has expired. Please request a new one.',
    ]);
    expect((await login(STUDENT.email, 'Thief-Shea-Butter-9')).status).toBe(400);
    expect((await confirmReset(second, 'Fresh-Shea-Butter-9')).status).toBe(200);
    expect((await login(STUDENT.email, 'Fresh-Shea-Butter-9')).status).toBe(200);
  });

  it('when the password is changed', async () => {
    const s = await signUpAndIn(t);
    await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    const parts = resetParts((await t.waitForMail(STUDENT.email, /Reset/)).text);
    const change = await t.api('POST', '/api/auth/password/change/', {
      token: s.access,
      body: {
        old_password: STUDENT.password1,
        new_password1: 'Owner-Shea-Butter-9',
        new_password2: 'Owner-Shea-Butter-9',
      },
    });
    expect(change.status).toBe(200);
    expect((await confirmReset(parts, 'Thief-Shea-Butter-9')).status).toBe(400);
    expect((await login(STUDENT.email, 'Owner-Shea-Butter-9')).status).toBe(200);
  });

  it('when the owner signs in', async () => {
    await signUpAndIn(t);
    await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    const parts = resetParts((await t.waitForMail(STUDENT.email, /Reset/)).text);
    expect((await login(STUDENT.email, STUDENT.password1)).status).toBe(200);
    expect((await confirmReset(parts, 'Thief-Shea-Butter-9')).status).toBe(400);
    expect((await login(STUDENT.email, STUDENT.password1)).status).toBe(200);
  });
});

describe('token claims', () => {
  it('refuses a correctly signed access token without exp or without sub', async () => {
    const s = await signUpAndIn(t);
    const real = decodeJwt(s.access);
    const secret = loadJwtSecret(t.dataDir);
    const forge = (withSub: boolean, withExp: boolean) => {
      let jwt = new SignJWT({ kind: 'access', fam: real.fam })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(real.iss!)
        .setAudience(real.aud!)
        .setIssuedAt();
      if (withSub) jwt = jwt.setSubject(real.sub!);
      if (withExp) jwt = jwt.setExpirationTime('10m');
      return jwt.sign(secret);
    };
    // The forger's tool works: with both claims the token is accepted.
    expect((await t.api('GET', '/api/profile/', { token: await forge(true, true) })).status).toBe(200);
    expect((await t.api('GET', '/api/profile/', { token: await forge(true, false) })).status).toBe(401);
    expect((await t.api('GET', '/api/profile/', { token: await forge(false, true) })).status).toBe(401);
  });
});

describe('the last admin', () => {
  const ADMIN_PASSWORD = 'Admin-Baobab-7781';
  const signInAdmin = async (email: string) => {
    await createOrPromoteAdmin(t.db, email, ADMIN_PASSWORD);
    const res = await login(email, ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    return res.body.access;
  };
  const adminCount = async () =>
    (await t.db.selectFrom('users').select('id').where('is_staff', '=', 1).execute()).length;

  it('cannot delete their own account while they are the only admin', async () => {
    const access = await signInAdmin('head@school.edu.gh');
    const res = await t.api('DELETE', '/api/profile/', { token: access, body: { password: ADMIN_PASSWORD } });
    expect(res.status).toBe(409);
    expect(res.body.non_field_errors).toEqual([
      'You are the only admin: make another user an admin before deleting this account.',
    ]);
    expect(await adminCount()).toBe(1);
    expect((await t.api('GET', '/api/profile/', { token: access })).status).toBe(200);

    // With a second admin, the first may go.
    await createOrPromoteAdmin(t.db, 'deputy@school.edu.gh', ADMIN_PASSWORD);
    const gone = await t.api('DELETE', '/api/profile/', {
      token: access,
      body: { password: ADMIN_PASSWORD },
    });
    expect(gone.status).toBe(200);
    expect(await adminCount()).toBe(1);
  });

  it('leaves one admin when two admins delete their accounts at the same moment', async () => {
    const a = await signInAdmin('head@school.edu.gh');
    const b = await signInAdmin('deputy@school.edu.gh');
    const answers = await Promise.all(
      [a, b].map((token) => t.api('DELETE', '/api/profile/', { token, body: { password: ADMIN_PASSWORD } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await adminCount()).toBe(1);
  });

  it('cannot lose the admin role or be deactivated while they are the only admin', async () => {
    await createOrPromoteAdmin(t.db, 'head@school.edu.gh', ADMIN_PASSWORD);
    const head = (await findUserByEmail(t.db, 'head@school.edu.gh'))!;
    await expect(updateUser(t.db, head.id, { is_staff: 0, is_superuser: 0 })).rejects.toThrow(/only admin/);
    await expect(updateUser(t.db, head.id, { is_active: 0 })).rejects.toThrow(/only admin/);
    expect(await findUserByEmail(t.db, 'head@school.edu.gh')).toMatchObject({
      is_staff: 1,
      is_superuser: 1,
      is_active: 1,
    });
    // Other changes to the same row still go through.
    expect((await updateUser(t.db, head.id, { full_name: 'Head Tutor' })).full_name).toBe('Head Tutor');
  });
});
