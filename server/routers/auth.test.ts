// The account system over the real HTTP stack (REST shim and tRPC), with a real SMTP server.
import { describe, expect, it } from 'vitest';
import { linkIn, signUpAndIn, STUDENT, verificationToken, verifyWithLink } from '../test/harness';
import { useTestServer } from '../test/useTestServer';

const t = useTestServer();

const userCount = async () =>
  (
    await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('the stored password', () => {
  // A server as in use: the other tests hash at a quick cost (server/test/harness.ts).
  const real = useTestServer({ realHashCost: true });

  it("is Argon2id at OWASP's parameters (19 MiB, 2 passes), and signs in", async () => {
    const account = await signUpAndIn(real);
    const row = await real.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account.access).toBeTruthy();
  });
});

describe('registration, verification and sign-in', () => {
  it('registers, mails a link that verifies and lands on /email-verified, then signs in', async () => {
    const reg = await t.api('POST', '/api/auth/registration/', { body: STUDENT });
    expect(reg.status).toBe(201);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', STUDENT.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.date_of_birth).toBe('2001-04-12');
    expect(row.email_verified_at).toBeNull();

    const refused = await t.api('POST', '/api/auth/login/', {
      body: { email: STUDENT.email, password: STUDENT.password1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.non_field_errors).toEqual(['E-mail is not verified.']);

    const mail = await t.waitForMail(STUDENT.email, /Confirm your e-mail/);
    const link = linkIn(mail.text);
    expect(link.startsWith(`${t.url}/verify-email/`)).toBe(true);
    // The link's key alone verifies nothing: the page it opens sends the password typed there.
    const token = verificationToken(mail.text);
    const keyOnly = await t.api('POST', '/api/auth/registration/verify-email/', { body: { key: token } });
    expect(keyOnly.status).toBe(400);
    expect(keyOnly.body.password).toEqual(['This field is required.']);
    // Links mailed before the page existed go to it while they are live.
    const oldStyle = `${t.url}/api/auth/verify-email/${token}/`;
    const landing = await fetch(oldStyle, { redirect: 'manual' });
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe(`/verify-email/${token}`);
    const verified = await verifyWithLink(t, mail.text, STUDENT.password1);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ detail: 'Your e-mail address is verified. You can sign in now.' });
    const again = await verifyWithLink(t, mail.text, STUDENT.password1);
    expect(again.status).toBe(400);
    expect(again.body.token).toEqual(['This verification link is invalid or has expired.']);
    expect((await fetch(oldStyle, { redirect: 'manual' })).headers.get('location')).toBe(
      '/email-verified?status=invalid',
    );

    const login = await t.api('POST', '/api/auth/login/', {
      body: { email: 'AMA.Mensah@Example.com', password: STUDENT.password1 },
    });
    expect(login.status).toBe(200);
    expect(login.body.access_token).toBe(login.body.access);
    expect(login.body.refresh_token).toBe(login.body.refresh);

    const profile = await t.api('GET', '/api/profile/', { token: login.body.access as string });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      full_name: 'Ama Mensah',
      email: STUDENT.email,
      gender: 'Female',
      is_staff: false,
    });
    expect(JSON.stringify(profile.body)).not.toContain('argon2');
  });

  it('answers a second registration of the same address like the first, and creates no second user', async () => {
    await signUpAndIn(t);
    const again = await t.api('POST', '/api/auth/registration/', {
      body: { ...STUDENT, email: 'Ama.Mensah@EXAMPLE.com' },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ detail: 'Verification e-mail sent.' });
    expect(await userCount()).toBe(1);
    await t.waitForMail(STUDENT.email, /already have/);
  });

  it('checks every registration field on the server and writes nothing when one fails', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
      [{ email: undefined }, 'email', 'This field is required.'],
      [
        { password1: 'short', password2: 'short' },
        'password1',
        'This password is too short. It must contain at least 8 characters.',
      ],
      [
        { password1: '12345678901', password2: '12345678901' },
        'password1',
        'This password is entirely numeric.',
      ],
      [{ password1: 'password', password2: 'password' }, 'password1', 'This password is too common.'],
      [
        { password1: 'ama.mensah99', password2: 'ama.mensah99' },
        'password1',
        'The password is too similar to the email address.',
      ],
      [{ password2: 'Different-Pass-1' }, 'non_field_errors', "The two password fields didn't match."],
      [{ gender: 'Other' }, 'gender', 'Select Male or Female.'],
      [{ region_of_institution: 'Lagos' }, 'region_of_institution', 'Select one of the 16 regions of Ghana.'],
      [{ date_of_birth: '2001/02/30' }, 'date_of_birth', 'Enter a real date.'],
      [{ date_of_birth: '2999/01/01' }, 'date_of_birth', 'Enter a date in the past.'],
      [{ date_of_birth: '12-04-2001' }, 'date_of_birth', 'Enter the date as YYYY/MM/DD.'],
      [{ school: '   ' }, 'school', 'This field is required.'],
      [{ full_name: 42 }, 'full_name', 'Must be text.'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.api('POST', '/api/auth/registration/', { body: { ...STUDENT, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body[field], JSON.stringify(res.body)).toContain(message);
    }
    expect(await userCount()).toBe(0);
    await t.settle();
    expect(t.mails).toHaveLength(0);
  });

  it('refuses wrong credentials with the same message for unknown and known addresses', async () => {
    await signUpAndIn(t);
    const wrong = await t.api('POST', '/api/auth/login/', {
      body: { email: STUDENT.email, password: 'Nope-nope-123' },
    });
    const unknown = await t.api('POST', '/api/auth/login/', {
      body: { email: 'nobody@example.com', password: 'Nope-nope-123' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body.non_field_errors).toEqual(['Unable to log in with provided credentials.']);
    }
    const missing = await t.api('POST', '/api/auth/login/', { body: {} });
    expect(missing.body).toMatchObject({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('resends a verification link on request without saying whether the address exists', async () => {
    await t.api('POST', '/api/auth/registration/', { body: STUDENT });
    const a = await t.api('POST', '/api/auth/registration/resend-email/', { body: { email: STUDENT.email } });
    const b = await t.api('POST', '/api/auth/registration/resend-email/', {
      body: { email: 'ghost@example.com' },
    });
    expect(a.body).toEqual(b.body);
    await t.settle();
    expect(t.mails.filter((m) => m.to === STUDENT.email)).toHaveLength(2);
  });
});

describe('tokens', () => {
  it('rotates refresh tokens and revokes the family when a rotated one is replayed', async () => {
    const s = await signUpAndIn(t);
    const first = await t.api('POST', '/api/token/refresh/', { body: { refresh: s.refresh } });
    expect(first.status).toBe(200);
    expect(first.body.refresh).not.toBe(s.refresh);
    // Replay after the concurrency grace window: treated as theft.
    await t.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 60_000).toISOString() })
      .where('rotated_at', 'is not', null)
      .execute();
    const replay = await t.api('POST', '/api/token/refresh/', { body: { refresh: s.refresh } });
    expect(replay.status).toBe(401);
    const afterTheft = await t.api('POST', '/api/token/refresh/', { body: { refresh: first.body.refresh } });
    expect(afterTheft.status).toBe(401);
    const profile = await t.api('GET', '/api/profile/', { token: first.body.access as string });
    expect(profile.status).toBe(401);
  });

  it('refuses tampered, wrong-kind and expired tokens', async () => {
    const s = await signUpAndIn(t);
    const tampered = s.access.slice(0, -3) + (s.access.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await t.api('GET', '/api/profile/', { token: tampered })).status).toBe(401);
    expect((await t.api('GET', '/api/profile/', { token: s.refresh })).status).toBe(401);
    expect((await t.api('POST', '/api/token/refresh/', { body: { refresh: s.access } })).status).toBe(401);
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const family = await t.db.selectFrom('refresh_tokens').select('family_id').executeTakeFirstOrThrow();
    const expired = await t.deps.signer.sign('access', user.id, family.family_id, -10);
    const res = await t.api('GET', '/api/profile/', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Authentication credentials were not provided or have expired.');
  });

  it('logout revokes the sign-in, whatever token comes after it', async () => {
    const s = await signUpAndIn(t);
    expect(
      (await t.api('POST', '/api/auth/logout/', { token: s.access, body: { refresh: s.refresh } })).status,
    ).toBe(200);
    expect((await t.api('GET', '/api/profile/', { token: s.access })).status).toBe(401);
    expect((await t.api('POST', '/api/token/refresh/', { body: { refresh: s.refresh } })).status).toBe(401);
    // Logout without any token still answers OK (the client ignores errors anyway).
    expect((await t.api('POST', '/api/auth/logout/')).status).toBe(200);
  });

  it('gives remember-me sign-ins a 30-day refresh token and others one day', async () => {
    await signUpAndIn(t);
    await t.api('POST', '/api/auth/login/', {
      body: { email: STUDENT.email, password: STUDENT.password1, remember: true },
    });
    const rows = await t.db
      .selectFrom('refresh_tokens')
      .select(['expires_at', 'created_at'])
      .orderBy('id')
      .execute();
    const days = rows.map((r) =>
      Math.round((Date.parse(r.expires_at) - Date.parse(r.created_at)) / 86_400_000),
    );
    expect(days).toEqual([1, 30]);
  });
});

describe('password reset and change', () => {
  it('mails a single-use reset link that sets a new password and signs out every device', async () => {
    const s = await signUpAndIn(t);
    const res = await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    const ghost = await t.api('POST', '/api/auth/password/reset/', { body: { email: 'ghost@example.com' } });
    expect(res.status).toBe(200);
    expect(ghost.body).toEqual(res.body);
    const link = linkIn((await t.waitForMail(STUDENT.email, /Reset/)).text);
    const [, uid, token] = /\/password-reset-confirm\/([^/]+)\/([^/\s]+)$/.exec(link)!;
    const body = { uid, token, new_password1: 'Fresh-Shea-Butter-9', new_password2: 'Fresh-Shea-Butter-9' };

    const weak = await t.api('POST', '/api/auth/password/reset/confirm/', {
      body: { ...body, new_password1: '123', new_password2: '123' },
    });
    expect(weak.body.new_password1).toEqual([
      'This password is too short. It must contain at least 8 characters.',
    ]);

    const ok = await t.api('POST', '/api/auth/password/reset/confirm/', { body });
    expect(ok.status).toBe(200);
    const reused = await t.api('POST', '/api/auth/password/reset/confirm/', { body });
    expect(reused.status).toBe(400);
    expect(reused.body.token).toEqual([
      'This password reset link is invalid or has expired. Please request a new one.',
    ]);
    expect((await t.api('GET', '/api/profile/', { token: s.access })).status).toBe(401);
    const login = await t.api('POST', '/api/auth/login/', {
      body: { email: STUDENT.email, password: 'Fresh-Shea-Butter-9' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses forged, expired and other users\u2019 reset tokens without changing the password', async () => {
    await signUpAndIn(t);
    const before = await t.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    const [, uid, token] = /\/password-reset-confirm\/([^/]+)\/([^/\s]+)$/.exec(
      linkIn((await t.waitForMail(STUDENT.email, /Reset/)).text),
    )!;
    const pw = { new_password1: 'Fresh-Shea-Butter-9', new_password2: 'Fresh-Shea-Butter-9' };
    const forged = await t.api('POST', '/api/auth/password/reset/confirm/', {
      body: { uid, token: 'forged-token', ...pw },
    });
    const wrongUid = await t.api('POST', '/api/auth/password/reset/confirm/', {
      body: { uid: 'OTk5', token, ...pw },
    });
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await t.api('POST', '/api/auth/password/reset/confirm/', { body: { uid, token, ...pw } });
    for (const res of [forged, wrongUid, expired]) {
      expect(res.status).toBe(400);
      expect(res.body.token).toBeDefined();
    }
    const after = await t.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
  });

  it('kills an outstanding reset link when the user signs in again', async () => {
    await signUpAndIn(t);
    await t.api('POST', '/api/auth/password/reset/', { body: { email: STUDENT.email } });
    const [, uid, token] = /\/password-reset-confirm\/([^/]+)\/([^/\s]+)$/.exec(
      linkIn((await t.waitForMail(STUDENT.email, /Reset/)).text),
    )!;
    await t.api('POST', '/api/auth/login/', { body: { email: STUDENT.email, password: STUDENT.password1 } });
    const res = await t.api('POST', '/api/auth/password/reset/confirm/', {
      body: { uid, token, new_password1: 'Fresh-Shea-Butter-9', new_password2: 'Fresh-Shea-Butter-9' },
    });
    expect(res.status).toBe(400);
  });

  it('changes the password after checking the old one and signs out other devices only', async () => {
    const phone = await signUpAndIn(t);
    const laptop = await t.api<{ access: string }>('POST', '/api/auth/login/', {
      body: { email: STUDENT.email, password: STUDENT.password1 },
    });
    const wrongOld = await t.api('POST', '/api/auth/password/change/', {
      token: phone.access,
      body: {
        old_password: 'not-it-at-all',
        new_password1: 'Fresh-Shea-Butter-9',
        new_password2: 'Fresh-Shea-Butter-9',
      },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.old_password).toBeDefined();
    const mismatch = await t.api('POST', '/api/auth/password/change/', {
      token: phone.access,
      body: {
        old_password: STUDENT.password1,
        new_password1: 'Fresh-Shea-Butter-9',
        new_password2: 'Other-Shea-Butter-9',
      },
    });
    expect(mismatch.status).toBe(400);
    const ok = await t.api('POST', '/api/auth/password/change/', {
      token: phone.access,
      body: {
        old_password: STUDENT.password1,
        new_password1: 'Fresh-Shea-Butter-9',
        new_password2: 'Fresh-Shea-Butter-9',
      },
    });
    expect(ok.status).toBe(200);
    expect((await t.api('GET', '/api/profile/', { token: phone.access })).status).toBe(200);
    expect((await t.api('GET', '/api/profile/', { token: laptop.body.access })).status).toBe(401);
    const anonymous = await t.api('POST', '/api/auth/password/change/', { body: {} });
    expect(anonymous.status).toBe(401);
  });
});

describe('profile', () => {
  it('updates editable fields, keeps e-mail and gender, and deletes the account after the password', async () => {
    const s = await signUpAndIn(t);
    const put = await t.api('PUT', '/api/profile/', {
      token: s.access,
      body: {
        full_name: 'Ama K. Mensah',
        bio: 'Final-year student',
        email: STUDENT.email,
        gender: 'Female',
        region_of_institution: 'Volta',
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      full_name: 'Ama K. Mensah',
      bio: 'Final-year student',
      region_of_institution: 'Volta',
    });
    const email = await t.api('PUT', '/api/profile/', {
      token: s.access,
      body: { email: 'new@example.com' },
    });
    expect(email.body.email).toEqual(['Email cannot be changed']);
    const gender = await t.api('PUT', '/api/profile/', { token: s.access, body: { gender: 'Male' } });
    expect(gender.body.gender).toEqual(['Gender cannot be changed']);

    const wrong = await t.api('DELETE', '/api/profile/', {
      token: s.access,
      body: { password: 'wrong-password' },
    });
    expect(wrong.status).toBe(400);
    expect(await userCount()).toBe(1);
    const del = await t.api('DELETE', '/api/profile/', { token: s.access, body: { password: s.password } });
    expect(del.status).toBe(200);
    expect(await userCount()).toBe(0);
  });
});

describe('the tRPC surface', () => {
  it('answers the same procedures at /trpc with field errors in the error data', async () => {
    const res = await t.api<{
      error: { message: string; data: { fieldErrors: Record<string, string[]>; httpStatus: number } };
    }>('POST', '/trpc/auth.login', { body: { email: 'bad', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error.data.fieldErrors.email).toEqual(['Enter a valid email address.']);
    expect(JSON.stringify(res.body)).not.toMatch(/stack|at .*\.ts/);
  });
});
