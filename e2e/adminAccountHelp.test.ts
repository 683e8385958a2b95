// A school without working mail (point: run it without SMTP): at 1280 px the Users tab shows each
// student's account state, and the admin resends a verification mail, hands over a verification
// or reset link, or verifies a student by hand; each link works once in the student's browser.
import { describe, expect, it } from 'vitest';
import { STUDENT, signUpAndIn } from '../server/test/harness';
import { ADMIN, poll, session, shot, signInAsAdmin, SUITE_OPTIONS, useAdminSession } from './adminSession';

useAdminSession();

const register = async (email: string, full_name: string) => {
  const res = await session.t.api('POST', '/api/auth/registration/', {
    body: { ...STUDENT, email, full_name },
  });
  expect(res.status).toBe(201);
};

const login = (email: string, password: string) =>
  session.t.api('POST', '/api/auth/login/', { body: { email, password } });

describe('Users tab: helping a student into their account', SUITE_OPTIONS, () => {
  it('shows each state and hands over links that work once', async () => {
    const { page, t, consoleErrors } = session;
    await register('abena@example.com', 'Abena Link');
    await register('yaw@example.com', 'Yaw Byhand');
    await register('esi@example.com', 'Esi Resend');
    await signUpAndIn(t, { email: 'kwame@example.com', full_name: 'Kwame Forgot' });
    await signUpAndIn(t, { email: 'efua@example.com', full_name: 'Efua Left' });
    await t.db.updateTable('users').set({ is_active: 0 }).where('email', '=', 'efua@example.com').execute();
    await t.settle();
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/users`);
    const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
    await poll(() => rowOf('Abena Link').getByText('Unverified', { exact: true }).isVisible()).toBe(true);
    expect(await rowOf('Kwame Forgot').getByText('Verified', { exact: true }).isVisible()).toBe(true);
    expect(await rowOf('Efua Left').getByText('Deactivated', { exact: true }).isVisible()).toBe(true);
    expect(await rowOf('Efua Left').getByRole('button').count()).toBe(0);
    expect(await rowOf(ADMIN.email).getByRole('button').count()).toBe(0);

    // A verification link, shown to copy, opens the confirmation page once.
    await rowOf('Abena Link').getByRole('button', { name: 'Copy verification link for Abena Link' }).click();
    const linkField = page.getByLabel('Link for the student');
    await poll(() => linkField.inputValue()).toMatch(/\/verify-email\/[^/]+$/);
    const verification = await linkField.inputValue();
    await page
      .getByText('A verification link for abena@example.com: it works once, for 3 days.', { exact: false })
      .waitFor();
    await shot('admin-users-link-1280');
    // The student's own browser: no admin signed in there.
    const studentContext = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 360, height: 740 } });
    const student = await studentContext.newPage();
    const openAndType = async () => {
      await student.goto(verification);
      await student.getByLabel('Password', { exact: true }).fill(STUDENT.password1);
      await student.getByRole('button', { name: 'Verify Email' }).click();
    };
    await openAndType();
    await student.waitForURL('**/email-verified');
    expect((await login('abena@example.com', STUDENT.password1)).status).toBe(200);
    await openAndType();
    await student.waitForURL('**/email-verified?status=invalid');

    // A reset link for a student who forgot the password: the student's browser sets a new one.
    await rowOf('Kwame Forgot').getByRole('button', { name: 'Copy reset link for Kwame Forgot' }).click();
    await poll(() => linkField.inputValue()).toMatch(/\/password-reset-confirm\//);
    await student.goto(await linkField.inputValue());
    await student.getByLabel('New password', { exact: true }).fill('Harmattan-Breeze-31');
    await student.getByLabel('Confirm new password', { exact: true }).fill('Harmattan-Breeze-31');
    await student.getByRole('button', { name: /reset password/i }).click();
    await poll(() => login('kwame@example.com', 'Harmattan-Breeze-31').then((r) => r.status)).toBe(200);

    // By hand: the row turns verified and the student signs in.
    await rowOf('Yaw Byhand').getByRole('button', { name: 'Mark verified for Yaw Byhand' }).click();
    await poll(() => rowOf('Yaw Byhand').getByText('Verified', { exact: true }).isVisible()).toBe(true);
    expect((await login('yaw@example.com', STUDENT.password1)).status).toBe(200);

    // Resend: a second mail reaches the local SMTP server.
    await rowOf('Esi Resend').getByRole('button', { name: 'Resend e-mail for Esi Resend' }).click();
    await page.getByText('Verification e-mail sent to esi@example.com.').waitFor();
    await poll(async () => {
      await t.settle();
      return t.mails.filter((m) => m.to === 'esi@example.com').length;
    }).toBe(2);
    await shot('admin-users-resent-1280');
    await studentContext.close();
    expect(consoleErrors).toEqual([]);
  });
});
