// Small helpers the browser tests share.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCESS_KEY, REFRESH_KEY } from '../client/src/lib/storage';
import type { TestServer } from '../server/test/harness';
import { accessibilityProblems } from './accessibility';
import { KEEP_SCREENSHOTS, screenshot } from './browser';

/**
 * Screenshots at phone (360 px) and desktop (1280 px) widths, when kept (KEEP_SCREENSHOTS). At
 * 360 px nothing may scroll sideways, and axe-core must find no serious accessibility problem.
 */
export async function screenshotsAtBothWidths(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.waitForTimeout(100);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
    expect(await accessibilityProblems(page), `${name}: accessibility`).toEqual([]);
    await screenshot(page, `${name}-360`);
    if (KEEP_SCREENSHOTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.waitForTimeout(100);
      await screenshot(page, `${name}-1280`);
    }
  } finally {
    await page.setViewportSize(original);
  }
}

/** Reads the mm:ss (or h:mm:ss) countdown as seconds. */
export async function countdownSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('countdown').innerText()).trim();
  return text.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
}

/** Console errors other than the ones a deliberately offline browser prints. */
export function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e));
}

/** Waits until the service worker is active and controls the page (a first visit needs a reload). */
export async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * A pre-rendered sign-in or registration form takes a submit once the app has taken it over
 * (client/public/before-paint.js holds back an earlier one).
 */
export const formReady = (page: Page) => page.locator('form[data-ready]').waitFor();

/** Opens the sign-in page of the app at `url` and signs in as `account`, not waiting for the answer. */
export async function submitSignIn(page: Page, url: string, account: { email: string; password: string }) {
  await page.goto(`${url}/login`);
  await formReady(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs `page` in as `account` without the sign-in form, for tests about what comes after it (the
 * form has tests of its own): the tokens the server answers a sign-in with, kept where the app
 * keeps them. A small file of the app's origin is opened to reach its storage; the next page the
 * test opens is signed in. Saves loading the sign-in page and waiting for it to take input.
 */
export async function signInWithoutForm(
  page: Page,
  t: TestServer,
  account: { email: string; password: string },
) {
  const login = await t.api<{ access: string; refresh: string }>('POST', '/api/auth/login/', {
    body: { email: account.email, password: account.password },
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
  await page.goto(`${t.url}/favicon.svg`);
  await page.evaluate(
    ([keys, { access, refresh }]) => {
      localStorage.setItem(keys[0], access);
      localStorage.setItem(keys[1], refresh);
    },
    [[ACCESS_KEY, REFRESH_KEY], login.body] as const,
  );
}
