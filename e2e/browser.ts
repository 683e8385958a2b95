// Debian's Chromium driven by playwright-core (Playwright's own browser download fails here).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserServer, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.resolve('test-artifacts');

const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

/** The one Chromium of a test run, started by the browser project's global setup. */
export function startBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

/**
 * A connection to the run's Chromium (a second or so cheaper than starting one per file); its
 * close() closes the contexts it opened. Outside the browser project, a Chromium of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env.VITEST ? inject('chromiumEndpoint') : undefined;
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(LAUNCH_OPTIONS);
  // The app's service worker precaches every chunk of the app in each new context, Chromium's
  // work that only the tests of offline use and updates need: they pass serviceWorkers: 'allow'.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

/** A download's bytes (its path() is on the browser's side, which a connected browser does not give). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Collects console errors and uncaught page errors; tests assert the list stays empty. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * Whether the tests keep full-page screenshots in test-artifacts/ to look at (SCREENSHOTS=1). No
 * test reads them, and encoding a whole page as PNG is much of what a run's Chromium spends; the
 * checks made beside each one (axe, sideways overflow) run either way.
 */
export const KEEP_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/** A full-page screenshot to look at, test-artifacts/NAME.png, when KEEP_SCREENSHOTS. */
export async function screenshot(page: Page, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}
