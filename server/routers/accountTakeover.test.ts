// Over the real HTTP stack: an address cannot be squatted in any order of squatter and owner, old
// reset links die, tokens need exp and sub, and the last admin stays.
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { findUserByEmail, updateUser } from '../queries/users';
import { LINK_MAIL_EVERY_MS } from '../services/accountMail';
import { markUserVerified, NOT_THE_REGISTERED_PASSWORD } from '../services/accounts';
import { createOrPromoteAdmin } from '../services/admins';
import { verifyPassword } from '../services/passwords';
import { countRows } from '../test/fixtures';
import { loadJwtSecret } from '../services/secrets';
import { linkIn, signUpAndIn, STUDENT, verificationToken, verifyWithLink } from '../test/harness';
import { useTestServer } from '../test/useTestServer';

const t = useTestServer();

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
  const SQUATTER = {
    ...STUDENT,
    full_name: 'Kofi Squatter',
    password1: 'Squat-Pass-4411',
    password2: 'Squat-Pass-4411',
    school: 'Nowhere',
  };
  const register = async (who: typeof STUDENT) => {
    expect((await t.api('POST', '/api/auth/registration/', { body: who })).status).toBe(201);
    await t.settle();
  };
  const confirms = () => mailsTo(STUDENT.email, /Confirm/);

  /** The owner's registration is the account: their password and name, the squatter's neither. */
  async function expectOwnerHolds() {
    const row = (await findUserByEmail(t.db, STUDENT.email))!;
    expect(row.email_verified_at).not.toBeNull();
    expect([row.full_name, row.school]).toEqual(['Ama Mensah', STUDENT.school]);
    expect(await verifyPassword(row.password_hash, STUDENT.password1)).toBe(true);
    expect(await verifyPassword(row.password_hash, SQUATTER.password1)).toBe(false);
    expect(await countRows(t.db, 'pending_registrations')).toBe(0);
    expect(await countRows(t.db, 'users')).toBe(1);
    const refused = await login(STUDENT.email, SQUATTER.password1);
    expect(refused.status).toBe(400);
    expect(refused.body.non_field_errors).toEqual(['Unable to log in with provided credentials.']);
    const ok = await login(STUDENT.email, STUDENT.password1);
    expect(ok.status).toBe(200);
    const profile = await t.api('GET', '/api/profile/', { token: ok.body.access });
    expect(profile.body).toMatchObject({ full_name: 'Ama Mensah', school: STUDENT.school });
    // Every other link of the address died with the verification.
    for (const mail of confirms())
      expect((await verifyWithLink(t, mail.text, STUDENT.password1)).status).toBe(400);
  }

  it('squatter first: the owner opens the older mail (the squatter’s) with their own password', async () => {
    await register(SQUATTER);
    await register(STUDENT);
    const [squatterMail, ownerMail] = confirms();
    expect(ownerMail).toBeDefined();
    // The mail shows nothing the squatter typed.
    expect(squatterMail.text).not.toContain('Kofi Squatter');
    // The squatter's password typed on the link activates nothing; the owner's does.
    const wrong = await verifyWithLink(t, squatterMail.text, 'Not-Registered-5521');
    expect(wrong.status).toBe(400);
    expect(wrong.body.password).toEqual([NOT_THE_REGISTERED_PASSWORD]);
    expect((await findUserByEmail(t.db, STUDENT.email))!.email_verified_at).toBeNull();
    expect((await verifyWithLink(t, squatterMail.text, STUDENT.password1)).status).toBe(200);
    await expectOwnerHolds();
  });

  it('owner first, then the squatter before the click: the newest mail with the owner’s password', async () => {
    await register(STUDENT);
    await register(SQUATTER);
    const mails = confirms();
    expect(mails).toHaveLength(2);
    // The REST path with the key alone verifies nothing and says what is missing.
    const keyOnly = await t.api('POST', '/api/auth/registration/verify-email/', {
      body: { key: verificationToken(mails[1].text) },
    });
    expect([keyOnly.status, keyOnly.body.password]).toEqual([400, ['This field is required.']]);
    expect((await findUserByEmail(t.db, STUDENT.email))!.email_verified_at).toBeNull();
    // The row shows the newest registration until someone with the mailbox picks one.
    expect((await login(STUDENT.email, SQUATTER.password1)).body.non_field_errors).toEqual([
      'E-mail is not verified.',
    ]);
    expect((await verifyWithLink(t, mails[1].text, STUDENT.password1)).status).toBe(200);
    await expectOwnerHolds();
  });

  it('three squatter registrations, then the owner’s own resend brings a working link within 15 minutes', async () => {
    for (let i = 0; i < 3; i++) await register(SQUATTER);
    await register(STUDENT);
    const resend = () =>
      t.api('POST', '/api/auth/registration/resend-email/', { body: { email: STUDENT.email } });
    expect((await resend()).status).toBe(200);
    await t.settle();
    // The hourly cap is full: three mails, all the squatter's doing.
    expect(confirms()).toHaveLength(3);
    // 15 minutes after the last mail, a resend goes out past the cap.
    await t.db
      .updateTable('mail_outbox')
      .set({ created_at: new Date(Date.now() - LINK_MAIL_EVERY_MS - 1000).toISOString() })
      .where('to_address', '=', STUDENT.email)
      .execute();
    expect((await resend()).status).toBe(200);
    await t.settle();
    const mails = confirms();
    expect(mails).toHaveLength(4);
    expect((await verifyWithLink(t, mails[3].text, STUDENT.password1)).status).toBe(200);
    await expectOwnerHolds();
  });

  it('verifies the e-mail when a reset link is confirmed, so the mailbox owner can sign in', async () => {
    await t.api('POST', '/api/auth/registration/', { body: SQUATTER });
    await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    const parts = resetParts((await t.waitForMail(STUDENT.email, /Reset/)).text);
    expect((await confirmReset(parts, 'Owner-Shea-Butter-9')).status).toBe(200);
    expect((await findUserByEmail(t.db, STUDENT.email))!.email_verified_at).not.toBeNull();
    expect((await login(STUDENT.email, 'Owner-Shea-Butter-9')).status).toBe(200);
    expect((await login(STUDENT.email, SQUATTER.password1)).status).toBe(400);
    expect(await countRows(t.db, 'pending_registrations')).toBe(0);
  });

  it('an admin’s verification by hand activates a password only when one person registered', async () => {
    await register(STUDENT);
    const alone = (await findUserByEmail(t.db, STUDENT.email))!;
    expect(await markUserVerified(t.db, alone.id)).toEqual({ passwordWorks: true });
    expect((await login(STUDENT.email, STUDENT.password1)).status).toBe(200);

    const other = { ...STUDENT, email: 'esi.boateng@example.com', full_name: 'Esi Boateng' };
    await register(other);
    await register({ ...SQUATTER, email: other.email });
    const contested = (await findUserByEmail(t.db, other.email))!;
    expect(await markUserVerified(t.db, contested.id)).toEqual({ passwordWorks: false });
    const row = (await findUserByEmail(t.db, other.email))!;
    expect(row.email_verified_at).not.toBeNull();
    expect((await login(other.email, other.password1)).status).toBe(400);
    expect((await login(other.email, SQUATTER.password1)).status).toBe(400);
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
