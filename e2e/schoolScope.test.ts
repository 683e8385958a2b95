// Schools in Chromium at 1280 px: a school admin of one school sees only that school's students
// and results, without the platform admin's tabs; the platform admin sees both schools and merges
// a school students typed into a school record.
import { describe, expect, it } from 'vitest';
import { takeQuiz } from '../server/test/attempts';
import { makeCatalog, rpc } from '../server/test/fixtures';
import { signUpAndIn } from '../server/test/harness';
import { insertSchool, signInSchoolStaff, STAFF_PASSWORD } from '../server/test/schools';
import {
  poll,
  session,
  shot,
  signIn,
  signInAsAdmin,
  SUITE_OPTIONS,
  tab,
  useAdminSession,
} from './adminSession';

useAdminSession();

const ALPHA = 'Alpha Nursing Training College';
const BRAVO = 'Bravo Midwifery Training College';

async function seedTwoSchools() {
  const { t } = session;
  const cat = await makeCatalog(t.db);
  const alpha = await insertSchool(t.db, ALPHA);
  await insertSchool(t.db, BRAVO);
  const abena = await signUpAndIn(t, {
    email: 'abena@alpha.example',
    full_name: 'Abena Owusu',
    school: ALPHA,
  });
  const kwame = await signUpAndIn(t, {
    email: 'kwame@bravo.example',
    full_name: 'Kwame Asante',
    school: BRAVO,
  });
  await signUpAndIn(t, { email: 'esi@example.com', full_name: 'Esi Typed', school: 'Alfa NTC' });
  await takeQuiz(rpc(t, abena.access), cat, 'mock', 'A');
  await takeQuiz(rpc(t, kwame.access), cat, 'mock', 'B');
  await signInSchoolStaff(t, { schoolId: alpha.id, role: 'school_admin', email: 'head@alpha.example' });
  return { alpha };
}

describe('schools in the admin area', SUITE_OPTIONS, () => {
  it('shows a school admin their school alone; the platform admin sees both and merges a typed school', async () => {
    const { page, t, consoleErrors } = session;
    const { alpha } = await seedTwoSchools();

    await signIn('head@alpha.example', STAFF_PASSWORD);
    await page.waitForURL(`${t.url}/admin`);
    await poll(() => page.getByTestId('admin-scope').innerText()).toBe(`School admin · ${ALPHA}`);
    await expect(tab('Schools').count()).resolves.toBe(0);
    await expect(tab('Settings').count()).resolves.toBe(0);

    await tab('Users').click();
    const users = page.getByRole('region', { name: 'Users list' });
    await poll(() => users.getByText('abena@alpha.example').isVisible()).toBe(true);
    expect(await users.innerText()).not.toMatch(/kwame|bravo|esi@/i);
    await shot('school-admin-users-1280');

    await tab('Quiz Results').click();
    await poll(() => page.getByText('abena@alpha.example').first().isVisible()).toBe(true);
    expect(await page.locator('main').innerText()).not.toMatch(/kwame/i);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    await signInAsAdmin();
    await poll(() => page.getByTestId('admin-scope').innerText()).toBe('Admin');
    await tab('Quiz Results').click();
    await poll(() => page.getByText('kwame@bravo.example').first().isVisible()).toBe(true);
    await expect(page.getByText('abena@alpha.example').first().isVisible()).resolves.toBe(true);

    await tab('Schools').click();
    await page.waitForURL(`${t.url}/admin?tab=schools`);
    const typed = page.getByRole('region', { name: 'Schools typed by users' });
    await poll(() => typed.getByRole('cell', { name: 'Alfa NTC', exact: true }).isVisible()).toBe(true);
    await shot('schools-tab-1280');
    await typed.getByLabel('Merge Alfa NTC into').selectOption({ label: ALPHA });
    await typed.getByRole('button', { name: 'Merge Alfa NTC' }).click();
    await poll(() => page.getByText(`1 user linked to ${ALPHA}.`).isVisible()).toBe(true);
    await poll(() => page.getByText('Every typed school is matched').isVisible()).toBe(true);

    const esi = await t.db
      .selectFrom('users')
      .select(['school', 'school_id'])
      .where('email', '=', 'esi@example.com')
      .executeTakeFirstOrThrow();
    expect(esi).toEqual({ school: 'Alfa NTC', school_id: alpha.id });
    expect(consoleErrors).toEqual([]);
  });
});
