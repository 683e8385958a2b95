// An admin's first day (issue 17 point 2): the one-time password and the placeholder address of
// the first admin are changed on My Account, and the next sign-in uses the new ones.
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  expectTab,
  poll,
  session,
  shot,
  signIn,
  signInAsAdmin,
  SUITE_OPTIONS,
  useAdminSession,
} from './adminSession';

useAdminSession();

describe('My Account', SUITE_OPTIONS, () => {
  it('changes the name, the sign-in e-mail and the password, and signs in with the new ones', async () => {
    const { page, t } = session;
    await signInAsAdmin();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL(`${t.url}/admin/account`);
    await expectTab('My Account');

    const name = page.getByRole('region', { name: 'Name' });
    await name.getByLabel('Full name').fill('Abena Owusu');
    await name.getByRole('button', { name: 'Save name' }).click();
    await name.getByText('Name saved.').waitFor();

    const email = page.getByRole('region', { name: 'Sign-in e-mail' });
    await email.getByLabel('New sign-in e-mail').fill('exams.officer@nmtc.example.com');
    await email.getByLabel('Current password').fill('not-my-password');
    await email.getByRole('button', { name: 'Change e-mail' }).click();
    await email.getByText('The password is not correct.').waitFor();
    await email.getByLabel('Current password').fill(ADMIN.password);
    await email.getByRole('button', { name: 'Change e-mail' }).click();
    await email.getByText('You now sign in as exams.officer@nmtc.example.com.').waitFor();

    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill(ADMIN.password);
    await password.getByLabel('New password', { exact: true }).fill('Lecture-Theatre-2026');
    await password.getByLabel('Confirm new password').fill('Lecture-Theatre-2026');
    await password.getByRole('button', { name: 'Update Password' }).click();
    await password.getByText('Password changed successfully.').waitFor();
    await shot('admin-account-1280');

    const row = await t.db.selectFrom('users').select(['email', 'full_name']).executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'exams.officer@nmtc.example.com', full_name: 'Abena Owusu' });

    await page.evaluate(() => localStorage.clear());
    await signIn(ADMIN.email, ADMIN.password);
    await page.getByText('Unable to log in with provided credentials.').waitFor();
    await signIn('exams.officer@nmtc.example.com', 'Lecture-Theatre-2026');
    await page.waitForURL(`${t.url}/admin`);
    await poll(() => page.getByText('Admin Dashboard').isVisible()).toBe(true);
    expect(session.consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
