// A change of role, e-mail or password ends the user's sessions, over the real HTTP stack: every
// refresh family of the user is revoked, its refresh tokens are refused, and its access tokens
// stop on the next request (not at their expiry).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findUserByEmail } from '../queries/users';
import { ADMIN, rpc } from '../test/fixtures';
import { testDatabaseEnv } from '../test/database';
import { linkIn, signUpAndIn, STUDENT } from '../test/harness';
import { useAdmin, useTestServer } from '../test/useTestServer';

const t = useTestServer();
const admin = useAdmin(t);

const login = (email: string, password: string) =>
  t.api<{ access: string; refresh: string }>('POST', '/api/auth/login/', { body: { email, password } });

/** The student signed in on two devices. */
async function studentOnTwoDevices() {
  const first = await signUpAndIn(t);
  const second = (await login(STUDENT.email, STUDENT.password1)).body;
  const id = (await findUserByEmail(t.db, STUDENT.email))!.id;
  return { id, devices: [first, second] };
}

async function families(userId: number) {
  const rows = await t.db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'revoked_at'])
    .where('user_id', '=', userId)
    .execute();
  return { all: new Set(rows.map((r) => r.family_id)).size, live: rows.filter((r) => !r.revoked_at).length };
}

/** Every device's refresh is refused and its access token answers 401 at once. */
async function expectSignedOut(userId: number, devices: Array<{ access: string; refresh: string }>) {
  expect((await families(userId)).live).toBe(0);
  for (const device of devices) {
    expect((await t.api('GET', '/api/profile/', { token: device.access })).status).toBe(401);
    const refresh = await t.api('POST', '/api/token/refresh/', { body: { refresh: device.refresh } });
    expect(refresh.status).toBe(401);
  }
}

async function expectStillIn(devices: Array<{ access: string }>) {
  for (const device of devices) {
    expect((await t.api('GET', '/api/profile/', { token: device.access })).status).toBe(200);
  }
}

describe('an admin’s change of another user’s access ends their sessions', () => {
  it('promotion, then demotion', async () => {
    const student = await studentOnTwoDevices();
    expect(await families(student.id)).toEqual({ all: 2, live: 2 });
    const promoted = await admin.mutate<{ is_staff: boolean }>('admin.setUserRole', {
      id: student.id,
      admin: true,
    });
    expect([promoted.status, promoted.data.is_staff]).toEqual([200, true]);
    await expectSignedOut(student.id, student.devices);

    const asAdmin = (await login(STUDENT.email, STUDENT.password1)).body;
    expect((await t.api('GET', '/api/admin/users/', { token: asAdmin.access })).status).toBe(200);
    const demoted = await admin.mutate('admin.setUserRole', { id: student.id, admin: false });
    expect(demoted.status).toBe(200);
    // The old admin token lost its rights at once, not in 15 minutes.
    await expectSignedOut(student.id, [asAdmin]);
    expect((await findUserByEmail(t.db, STUDENT.email))!.is_staff).toBe(0);
  });

  it('deactivation; a reactivated user signs in again', async () => {
    const student = await studentOnTwoDevices();
    const res = await admin.mutate<{ is_active: boolean }>('admin.setUserActive', {
      id: student.id,
      active: false,
    });
    expect([res.status, res.data.is_active]).toEqual([200, false]);
    await expectSignedOut(student.id, student.devices);
    expect((await login(STUDENT.email, STUDENT.password1)).status).toBe(400);
    expect((await admin.mutate('admin.setUserActive', { id: student.id, active: true })).status).toBe(200);
    expect((await login(STUDENT.email, STUDENT.password1)).status).toBe(200);
  });

  it('refuses the last admin’s deactivation, an own role change and an unknown user, ending no session', async () => {
    const me = (await findUserByEmail(t.db, ADMIN.email))!;
    const last = await admin.mutate('admin.setUserActive', { id: me.id, active: false });
    expect([last.status, last.error?.message]).toEqual([
      409,
      'This is the only admin: make another user an admin first.',
    ]);
    const own = await admin.mutate('admin.setUserRole', { id: me.id, admin: false });
    expect([own.status, own.error?.message]).toEqual([
      403,
      'You cannot change your own role: ask another admin.',
    ]);
    expect((await families(me.id)).live).toBe(1);
    const nobody = await admin.mutate('admin.setUserActive', { id: 99999, active: false });
    expect([nobody.status, nobody.error?.message]).toEqual([404, 'No such user.']);
    expect((await findUserByEmail(t.db, ADMIN.email))!.is_staff).toBe(1);
  });

  it('is not for students', async () => {
    const student = await studentOnTwoDevices();
    const self = rpc(t, student.devices[0].access);
    expect((await self.mutate('admin.setUserRole', { id: student.id, admin: true })).status).toBe(403);
    expect((await findUserByEmail(t.db, STUDENT.email))!.is_staff).toBe(0);
    await expectStillIn(student.devices);
  });
});

describe('npm run create-admin on an existing account', () => {
  it('promotes it with the new password and ends its sessions', async () => {
    const student = await studentOnTwoDevices();
    const env = {
      ...process.env,
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'silent',
      ...(await testDatabaseEnv(t.dataDir)),
    };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/create-admin.ts',
        '--email',
        STUDENT.email,
        '--password',
        'Harmattan-Breeze-7',
      ],
      { env },
    );
    expect(stdout).toContain('promoted');
    await expectSignedOut(student.id, student.devices);
    expect((await login(STUDENT.email, 'Harmattan-Breeze-7')).status).toBe(200);
  });
});

describe('an admin’s own e-mail change', () => {
  const NEW = 'exams.officer@school.edu.gh';

  it('takes effect when the link sent to the new address is opened; the old address is told', async () => {
    const me = (await findUserByEmail(t.db, ADMIN.email))!;
    const second = (await login(ADMIN.email, ADMIN.password)).body;
    const res = await admin.mutate<{ detail: string }>('admin.changeOwnEmail', {
      email: 'Exams.Officer@School.edu.gh',
      password: ADMIN.password,
    });
    expect(res.status).toBe(200);
    expect(res.data.detail).toBe(`We sent a link to ${NEW}. Your sign-in e-mail changes when you open it.`);
    // Nothing changes before the link is opened.
    expect((await findUserByEmail(t.db, ADMIN.email))!.id).toBe(me.id);
    expect((await login(NEW, ADMIN.password)).status).toBe(400);
    await expectStillIn([second]);

    const mail = await t.waitForMail(NEW, /new NMC Prep RN sign-in/);
    const landing = await fetch(linkIn(mail.text), { redirect: 'manual' });
    expect(landing.headers.get('location')).toBe('/email-verified?status=email-changed');
    expect((await findUserByEmail(t.db, NEW))!.id).toBe(me.id);
    expect(await findUserByEmail(t.db, ADMIN.email)).toBeUndefined();
    await expectSignedOut(me.id, [second]);
    const notice = await t.waitForMail(ADMIN.email, /sign-in e-mail was changed/);
    expect(notice.text).toContain(NEW);
    expect((await login(ADMIN.email, ADMIN.password)).status).toBe(400);
    expect((await login(NEW, ADMIN.password)).status).toBe(200);

    // The link works once.
    const again = await fetch(linkIn(mail.text), { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/email-verified?status=invalid');
  });

  it('only the newest link works, and one to an address taken meanwhile changes nothing', async () => {
    const me = (await findUserByEmail(t.db, ADMIN.email))!;
    await admin.mutate('admin.changeOwnEmail', { email: 'first@school.edu.gh', password: ADMIN.password });
    await admin.mutate('admin.changeOwnEmail', { email: NEW, password: ADMIN.password });
    const older = await t.waitForMail('first@school.edu.gh', /new NMC Prep RN sign-in/);
    const newer = await t.waitForMail(NEW, /new NMC Prep RN sign-in/);
    expect((await fetch(linkIn(older.text), { redirect: 'manual' })).headers.get('location')).toBe(
      '/email-verified?status=invalid',
    );
    await signUpAndIn(t, { email: NEW });
    expect((await fetch(linkIn(newer.text), { redirect: 'manual' })).headers.get('location')).toBe(
      '/email-verified?status=invalid',
    );
    expect((await findUserByEmail(t.db, ADMIN.email))!.id).toBe(me.id);
    expect((await families(me.id)).live).toBe(1);
  });
});
