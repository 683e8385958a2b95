// The device cookie's round trip through the real client in Chromium: the sign-in page's call
// leaves the browser an HttpOnly cookie, and the same browser sends it back on its next sign-in,
// so it gets in while a stranger's wrong passwords hold every other browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUpAndIn, startTestServer, STUDENT, type TestServer } from '../server/test/harness';
import { lockOut } from '../server/test/fromAddress';
import { launchBrowser } from './browser';
import { submitSignIn } from './pageHelpers';

let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The stranger's wrong passwords make the account wait 30 s at once (2 s, 4 s, ... in use): the
  // known browser must get in before the wait ends, which a loaded machine must not turn into a race.
  t = await startTestServer({ firstAccountWaitSeconds: 30 });
  await signUpAndIn(t);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function signInThroughPage(page: Page) {
  await submitSignIn(page, t.url, { email: STUDENT.email, password: STUDENT.password1 });
}

describe('device cookie in the browser', () => {
  it("keeps the browser that signed in before getting in past a stranger's lockout", async () => {
    const known = await browser.newContext();
    const page = await known.newPage();
    page.setDefaultTimeout(15_000);
    await signInThroughPage(page);
    await page.waitForURL('**/dashboard');
    const cookies = (await known.cookies()).filter((c) => c.name.startsWith('nmc_device_'));
    expect(cookies.map((c) => [c.path, c.httpOnly, c.sameSite]).sort()).toEqual([
      ['/api/auth/login/', true, 'Strict'],
      ['/trpc/auth.login', true, 'Strict'],
    ]);
    // Page scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('nmc_device_');
    // Signed out (the tokens gone), the browser keeps only its cookie.
    await page.evaluate(() => localStorage.clear());

    const lock = await lockOut(t, STUDENT.email, '127.0.11.1', 30);
    const stranger = await (await browser.newContext()).newPage();
    stranger.setDefaultTimeout(15_000);
    await signInThroughPage(stranger);
    await stranger.getByText(/Too many wrong passwords for this account/).waitFor();

    await signInThroughPage(page);
    await page.waitForURL('**/dashboard');
    expect(Date.now() - lock.at).toBeLessThan((lock.wait - 1) * 1000);
    expect(new URL(stranger.url()).pathname).toBe('/login');
  });
});
