// Schools management and staff roles: the platform admin's schools (names, regions, join codes),
// the free-text schools merged into one or made a school, and who may make whom staff of a school.
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { fingerprint } from '../test/fingerprint';
import { ensureFirstAdmin } from '../services/admins';
import { ADMIN, rpc } from '../test/fixtures';
import { signUpAndIn } from '../test/harness';
import { insertSchool, signInSchoolStaff } from '../test/schools';
import { useAdmin, useTestServer } from '../test/useTestServer';

type Admin = inferRouterOutputs<AppRouter>['admin'];
type School = Admin['schools']['list'][number];

const t = useTestServer();
const admin = useAdmin(t);

const userRow = (email: string) =>
  t.db
    .selectFrom('users')
    .select(['id', 'school', 'school_id', 'staff_role', 'is_staff', 'is_superuser', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

describe('schools management', () => {
  it('creates, renames and codes schools; refuses a taken name or code and a malformed code, writing nothing', async () => {
    const created = await admin.mutate<School>('admin.schools.create', {
      name: 'Alpha Nursing Training College',
      region: 'Volta',
      join_code: 'alpha2026',
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ region: 'Volta', join_code: 'ALPHA2026' });

    const before = await fingerprint(t.db);
    const refusals = [
      [{ name: 'ALPHA nursing training-college' }, 409, 'A school with this name already exists.'],
      [{ name: 'Beta College', join_code: 'Alpha2026' }, 409, 'Another school already has this join code.'],
      [{ name: 'Beta College', join_code: 'ab1' }, 400, 'A join code is 6 to 12 letters or digits.'],
      [{ name: 'Beta College', join_code: 'abc-123' }, 400, 'A join code is 6 to 12 letters or digits.'],
      [{ name: '  ' }, 400, 'This field is required.'],
    ] as const;
    for (const [input, status, message] of refusals) {
      const res = await admin.mutate('admin.schools.create', input);
      expect([res.status, res.error?.message], JSON.stringify(input)).toEqual([status, message]);
    }
    const other = await insertSchool(t.db, 'Beta College', { join_code: 'BETA2026' });
    const taken = await admin.mutate('admin.schools.update', { id: other.id, join_code: 'alpha2026' });
    expect([taken.status, taken.error?.message]).toEqual([409, 'Another school already has this join code.']);
    const missing = await admin.mutate('admin.schools.update', { id: 99999, name: 'Nowhere' });
    expect(missing.status).toBe(404);
    expect(await fingerprint(t.db)).toEqual({ ...before, schools: expect.any(String) });
    expect(await t.db.selectFrom('schools').select('name').where('id', '=', other.id).execute()).toEqual([
      { name: 'Beta College' },
    ]);

    const renamed = await admin.mutate<School>('admin.schools.update', {
      id: created.data.id,
      name: 'Alpha College of Nursing',
      region: '',
      join_code: '',
    });
    expect(renamed.data).toMatchObject({ name: 'Alpha College of Nursing', region: null, join_code: null });
  });

  it('lists schools with their students and staff, and merges or adopts what students typed', async () => {
    const alpha = await insertSchool(t.db, 'Alpha Nursing Training College');
    await signUpAndIn(t, { email: 'abena@example.com', school: 'Alpha nursing training college' });
    await signUpAndIn(t, { email: 'kofi@example.com', school: 'Alfa NTC' });
    await signUpAndIn(t, { email: 'esi@example.com', school: 'Alfa NTC' });
    await signUpAndIn(t, { email: 'yaw@example.com', school: 'Unlisted Health Academy' });
    await signInSchoolStaff(t, { schoolId: alpha.id, role: 'tutor', email: 'tutor@alpha.example' });

    const count = async () =>
      (await admin.query<School[]>('admin.schools.list')).data.find((s) => s.id === alpha.id);
    expect(await count()).toMatchObject({ students: 1, staff: 1 });
    const unmatched = await admin.query<Admin['schools']['unmatched']>('admin.schools.unmatched');
    expect(unmatched.data).toEqual([
      { text: 'Alfa NTC', users: 2 },
      { text: 'Unlisted Health Academy', users: 1 },
    ]);

    const merged = await admin.mutate<{ linked: number }>('admin.schools.merge', {
      text: 'Alfa NTC',
      school_id: alpha.id,
    });
    expect(merged.data.linked).toBe(2);
    expect(await userRow('kofi@example.com')).toMatchObject({ school: 'Alfa NTC', school_id: alpha.id });
    expect(await count()).toMatchObject({ students: 3 });

    const adopted = await admin.mutate<{ school: School; linked: number }>('admin.schools.createFromText', {
      text: 'Unlisted Health Academy',
    });
    expect(adopted.data).toMatchObject({ school: { name: 'Unlisted Health Academy' }, linked: 1 });
    expect((await userRow('yaw@example.com')).school_id).toBe(adopted.data.school.id);
    expect((await admin.query('admin.schools.unmatched')).data).toEqual([]);

    const before = await fingerprint(t.db);
    const again = await admin.mutate('admin.schools.merge', { text: 'Alfa NTC', school_id: alpha.id });
    expect([again.status, again.error?.message]).toEqual([
      404,
      'No user without a school typed this school.',
    ]);
    expect(await fingerprint(t.db)).toEqual(before);
  });
});

describe('staff roles', () => {
  it('lets the platform admin make school staff, and a school admin manage their own school’s', async () => {
    const alpha = await insertSchool(t.db, 'Alpha Nursing Training College');
    const head = await signUpAndIn(t, { email: 'head@example.com', school: alpha.name });
    await signUpAndIn(t, { email: 'abena@example.com', school: alpha.name });
    await signUpAndIn(t, { email: 'yaw@example.com', school: 'Unlisted Health Academy' });
    const headRow = await userRow('head@example.com');

    const made = await admin.mutate('admin.setStaffRole', { id: headRow.id, role: 'school_admin' });
    expect(made.status).toBe(200);
    expect(await userRow('head@example.com')).toMatchObject({
      staff_role: 'school_admin',
      school_id: alpha.id,
      is_staff: 1,
      is_superuser: 0,
    });
    // The change signed the new school admin out everywhere.
    expect((await t.api('GET', '/api/profile/', { token: head.access })).status).toBe(401);
    const headApi = rpc(
      t,
      (
        await t.api<{ access: string }>('POST', '/api/auth/login/', {
          body: { email: head.email, password: head.password },
        })
      ).body.access,
    );

    const abena = await userRow('abena@example.com');
    expect((await headApi.mutate('admin.setStaffRole', { id: abena.id, role: 'tutor' })).status).toBe(200);
    expect(await userRow('abena@example.com')).toMatchObject({ staff_role: 'tutor', school_id: alpha.id });

    const before = await fingerprint(t.db);
    const refusals = [
      [{ id: abena.id, role: 'platform_admin' }, 403, 'Only a platform admin can make platform admins.'],
      [{ id: headRow.id, role: 'student' }, 403, 'You cannot change your own role: ask another admin.'],
      [{ id: (await userRow('yaw@example.com')).id, role: 'tutor' }, 404, 'No such user.'],
    ] as const;
    for (const [input, status, message] of refusals) {
      const res = await headApi.mutate('admin.setStaffRole', input);
      expect([res.status, res.error?.message], JSON.stringify(input)).toEqual([status, message]);
    }
    const yaw = await userRow('yaw@example.com');
    const noSchool = await admin.mutate('admin.setStaffRole', { id: yaw.id, role: 'tutor' });
    expect([noSchool.status, noSchool.error?.message]).toEqual([
      400,
      'Choose the school this account works for.',
    ]);
    expect(await fingerprint(t.db)).toEqual(before);

    // Removing a tutor makes them a student of the school again.
    expect((await headApi.mutate('admin.setStaffRole', { id: abena.id, role: 'student' })).status).toBe(200);
    expect(await userRow('abena@example.com')).toMatchObject({
      staff_role: null,
      is_staff: 0,
      school_id: alpha.id,
    });
  });

  it('keeps a platform admin: the last one can be neither demoted nor deactivated', async () => {
    const alpha = await insertSchool(t.db, 'Alpha Nursing Training College');
    await signUpAndIn(t, { email: 'second@example.com' });
    const second = await userRow('second@example.com');
    const me = await userRow(ADMIN.email);
    expect((await admin.mutate('admin.setStaffRole', { id: second.id, role: 'platform_admin' })).status).toBe(
      200,
    );
    const secondApi = rpc(
      t,
      (
        await t.api<{ access: string }>('POST', '/api/auth/login/', {
          body: { email: 'second@example.com', password: 'Kente-Weaver-2024' },
        })
      ).body.access,
    );
    const demoted = await secondApi.mutate('admin.setStaffRole', {
      id: me.id,
      role: 'tutor',
      school_id: alpha.id,
    });
    expect(demoted.status).toBe(200);
    expect(await userRow(ADMIN.email)).toMatchObject({ staff_role: 'tutor', school_id: alpha.id });

    const last = await secondApi.mutate('admin.setUserActive', { id: second.id, active: false });
    expect([last.status, last.error?.message]).toEqual([
      409,
      'This is the only admin: make another user an admin first.',
    ]);
    expect(await userRow('second@example.com')).toMatchObject({
      is_active: 1,
      is_staff: 1,
      staff_role: null,
    });
  });

  it('gives an install whose staff are all school staff a first platform admin at start', async () => {
    const alpha = await insertSchool(t.db, 'Alpha Nursing Training College');
    await t.db
      .updateTable('users')
      .set({ staff_role: 'school_admin', school_id: alpha.id, is_superuser: 0 })
      .where('email', '=', ADMIN.email)
      .execute();
    expect(await ensureFirstAdmin(t.db, 'owner@example.com')).toEqual(expect.any(String));
    expect(await userRow('owner@example.com')).toMatchObject({ is_staff: 1, staff_role: null });
  });
});
