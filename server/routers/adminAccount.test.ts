// My Account for admins: the first admin's placeholder address and one-time
// password are changed from the admin area; students cannot call it.
import { describe, expect, it } from 'vitest';
import { linkIn, signUpAndIn } from '../test/harness';
import { ADMIN, rpc } from '../test/fixtures';
import { useAdmin, useTestServer } from '../test/useTestServer';

const t = useTestServer();
const admin = useAdmin(t);

const login = (email: string, password: string) =>
  t.api('POST', '/api/auth/login/', { body: { email, password } });

describe('admin.changeOwnEmail', () => {
  it('changes the sign-in address once the link mailed to it is opened; the old address no longer signs in', async () => {
    const res = await admin.mutate<{ pending_email: string }>('admin.changeOwnEmail', {
      email: 'Exams.Officer@School.edu.gh',
      password: ADMIN.password,
    });
    expect(res.status).toBe(200);
    expect(res.data.pending_email).toBe('exams.officer@school.edu.gh');
    expect((await login('exams.officer@school.edu.gh', ADMIN.password)).status).toBe(400);
    const mail = await t.waitForMail('exams.officer@school.edu.gh', /sign-in e-mail/);
    await fetch(linkIn(mail.text), { redirect: 'manual' });
    expect((await login('exams.officer@school.edu.gh', ADMIN.password)).status).toBe(200);
    expect((await login(ADMIN.email, ADMIN.password)).status).toBe(400);
  });

  it('refuses a wrong password and an address in use, changing nothing', async () => {
    const wrong = await admin.mutate('admin.changeOwnEmail', {
      email: 'new@example.com',
      password: 'nope-nope-1',
    });
    expect([wrong.status, wrong.error?.message]).toEqual([400, 'The password is not correct.']);
    await signUpAndIn(t, { email: 'student@example.com' });
    const taken = await admin.mutate('admin.changeOwnEmail', {
      email: 'student@example.com',
      password: ADMIN.password,
    });
    expect([taken.status, taken.error?.data.fieldErrors]).toEqual([
      400,
      { email: ['A user with this e-mail already exists.'] },
    ]);
    const bad = await admin.mutate('admin.changeOwnEmail', {
      email: 'not-an-address',
      password: ADMIN.password,
    });
    expect(bad.status).toBe(400);
    const row = await t.db
      .selectFrom('users')
      .select('email')
      .where('is_superuser', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(ADMIN.email);
  });

  it('is not for students', async () => {
    const student = rpc(t, (await signUpAndIn(t)).access);
    const res = await student.mutate('admin.changeOwnEmail', {
      email: 'x@example.com',
      password: 'whatever-1',
    });
    expect(res.status).toBe(403);
  });
});
