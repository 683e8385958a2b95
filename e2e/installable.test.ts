// The installable app against the built client: a manifest with its icons, a
// service worker that precaches the shell and every route chunk (the sign-in page opens with the
// network cut), and after a deploy the prompt "A new version is ready - reload".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../server/test/harness';
import { launchBrowser, screenshot, watchConsole } from './browser';
import { controlledByWorker } from './pageHelpers';

const BUILT_CLIENT = path.resolve('dist/client');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let t: TestServer;
let clientDir: string;
let consoleErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  // A copy of the build this test can "deploy" over.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-client-'));
  fs.cpSync(BUILT_CLIENT, clientDir, { recursive: true });
  t = await startTestServer({ app: { clientDir } });
  context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
  page = await context.newPage();
  consoleErrors = watchConsole(page);
});
afterEach(async () => {
  await context?.close();
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const controlledBySW = () => controlledByWorker(page);

describe('installable app', { timeout: 90_000 }, () => {
  it('has a manifest with name, start URL, theme colour and 192, 512 and maskable icons', async () => {
    const res = await fetch(`${t.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      theme_color: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'NMC Prep RN',
      start_url: '/dashboard',
      theme_color: '#0f766e',
      display: 'standalone',
    });
    expect(manifest.name).toMatch(/NMC Prep RN/);
    for (const { size, purpose } of [
      { size: 192, purpose: 'any' },
      { size: 512, purpose: 'any' },
      { size: 512, purpose: 'maskable' },
    ]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
      expect(icon, `${size} px ${purpose} icon`).toBeDefined();
      const png = await fetch(`${t.url}${icon!.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await png.arrayBuffer()))).toEqual([size, size]);
    }
    const html = await (await fetch(`${t.url}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('precaches the shell and the route chunks, and opens the sign-in page offline', async () => {
    await page.goto(`${t.url}/`);
    await controlledBySW();
    const viteManifest = JSON.parse(
      fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; src?: string }>;
    const routeChunks = Object.values(viteManifest)
      .filter((c) => /^src\/(features|app)\/.*Page\.tsx$|StudentArea|AdminApp/.test(c.src ?? ''))
      .map((c) => `/${c.file}`);
    expect(routeChunks.length).toBeGreaterThanOrEqual(10);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(routeChunks.filter((chunk) => !cached.includes(chunk))).toEqual([]);
    expect(cached).toContain('/index.html');

    await context.setOffline(true);
    await page.goto(`${t.url}/login`);
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    await screenshot(page, 'offline-login-360');
    await context.setOffline(false);
    expect(consoleErrors).toEqual([]);
  });

  it('offers "A new version is ready - reload" after a deploy, and reloads into it', async () => {
    await page.goto(`${t.url}/`);
    await controlledBySW();
    const prompt = page.getByText('A new version is ready - reload');
    expect(await prompt.count()).toBe(0);

    // A deploy: the new worker lists a changed shell (its precache revision differs).
    const sw = path.join(clientDir, 'sw.js');
    fs.writeFileSync(
      sw,
      fs
        .readFileSync(sw, 'utf8')
        .replace(/url:"index\.html",revision:"[^"]+"/, 'url:"index.html",revision:"deploy-2"'),
    );
    expect(fs.readFileSync(sw, 'utf8')).toContain('deploy-2');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

    await expect.poll(() => prompt.isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'update-prompt-360');
    const navigated = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'Reload' }).click();
    await navigated;
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /sign in/i })
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await prompt.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
