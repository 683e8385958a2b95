// The owner of an address gets their account through the mailed link on a 360 px phone, although
// someone else registered the address first: the link's page asks for the password, and the
// squatter's registration (whose mail also reached the owner) never becomes the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { findUserByEmail } from '../server/queries/users';
import { linkIn, startTestServer, STUDENT, type TestServer } from '../server/test/harness';
import { accessibilityProblems } from './accessibility';
import { launchBrowser, screenshot, watchConsole } from './browser';
import { formReady } from './pageHelpers';

const SQUATTER = {
  ...STUDENT,
  full_name: 'Kofi Squatter',
  password1: 'Squat-Pass-4411',
  password2: 'Squat-Pass-4411',
};

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  t = await startTestServer();
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  errors = watchConsole(page);
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the owner’s path through the mailed link', { timeout: 90_000 }, () => {
  it('after a squatter registered first, the owner’s password and name become the account', async () => {
    expect((await t.api('POST', '/api/auth/registration/', { body: SQUATTER })).status).toBe(201);
    expect((await t.api('POST', '/api/auth/registration/', { body: STUDENT })).status).toBe(201);
    await t.settle();
    const mails = t.mails.filter((m) => m.to === STUDENT.email && /Confirm/.test(m.subject));
    expect(mails).toHaveLength(2);

    // The owner opens the first mail in the inbox: the one the squatter's registration sent.
    await page.goto(linkIn(mails[0].text));
    await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
    expect(await fitsWidth()).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'verify-email-360');

    // A password that belongs to no registration: announced, focused, nothing verified.
    const field = page.getByLabel('Password', { exact: true });
    await field.fill('Not-Registered-5521');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    const alert = page.getByRole('alert');
    await alert
      .getByText('This is not the password this address was registered with.', { exact: false })
      .waitFor();
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await fitsWidth()).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect((await findUserByEmail(t.db, STUDENT.email))!.email_verified_at).toBeNull();
    expect(errors.splice(0)).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);

    await field.fill(STUDENT.password1);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL('**/email-verified');
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
    expect(await fitsWidth()).toBe(true);

    // The newer link died with the verification.
    await page.goto(linkIn(mails[1].text));
    await page.getByLabel('Password', { exact: true }).fill(STUDENT.password1);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL('**/email-verified?status=invalid');
    await page.getByRole('heading', { name: 'Link invalid or expired' }).waitFor();
    errors.splice(0);

    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await formReady(page);
    await page.getByLabel('Email').fill(STUDENT.email);
    await page.getByLabel('Password', { exact: true }).fill(STUDENT.password1);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${STUDENT.full_name}!` }).waitFor();
    const row = (await findUserByEmail(t.db, STUDENT.email))!;
    expect([row.full_name, row.school]).toEqual([STUDENT.full_name, STUDENT.school]);
    expect(errors).toEqual([]);
  });
});
