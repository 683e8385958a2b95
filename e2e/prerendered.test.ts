// Content before JavaScript against the built client: the landing, sign-in and
// registration pages arrive as HTML with their text and forms, React hydrates that HTML in place
// (no mismatch, no re-render), and a signed-in browser never sees the pre-rendered landing page.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUpAndIn, startTestServer, STUDENT, type TestServer } from '../server/test/harness';
import { launchBrowser, screenshot, watchConsole } from './browser';
import { formReady } from './pageHelpers';

const LANDING_HEADING = 'Pass your nursing and midwifery licensing exam';

let browser: Browser;
let context: BrowserContext;
let t: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  t = await startTestServer();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});
afterEach(async () => {
  await context?.close();
});

async function html(address: string): Promise<{ res: Response; body: string }> {
  const res = await fetch(`${t.url}${address}`);
  return { res, body: await res.text() };
}

/** A label element for a control with this text, and the control it names, in raw HTML. */
function expectLabelledControl(body: string, label: string, control: RegExp) {
  const match = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}<`).exec(body);
  expect(match, `label ${label}`).not.toBeNull();
  const input = new RegExp(`<(input|select)[^>]*id="${match![1]}"[^>]*>`).exec(body);
  expect(input?.[0], `control of ${label}`).toMatch(control);
}

describe('pre-rendered pages over plain HTTP', () => {
  it('sends /login with the sign-in form in the HTML, under the same headers as the shell', async () => {
    const { res, body } = await html('/login');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(body).toContain('data-prerendered="/login"');
    expect(body).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    expectLabelledControl(body, 'Email', /type="email"/);
    expectLabelledControl(body, 'Password', /type="password"/);
    expect(body).toMatch(/<button[^>]*type="submit"[^>]*>Sign In<\/button>/);
    expect(body).toMatch(/<form[^>]*method="post"/);
    expect(body).toContain('Remember me');
    // Scripts stay external: the page's CSP forbids inline ones.
    expect(body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it('sends the landing and registration pages with their text and form', async () => {
    const landing = await html('/');
    expect(landing.body).toContain(LANDING_HEADING);
    expect(landing.body).toMatch(/<a[^>]*href="\/register"[^>]*>Get Started<\/a>/);
    const register = await html('/register');
    expect(register.body).toContain('Create your account');
    expectLabelledControl(register.body, 'Full name', /<input/);
    expectLabelledControl(register.body, 'Date of birth', /placeholder="YYYY\/MM\/DD"/);
    expectLabelledControl(register.body, 'Gender', /<select/);
    expectLabelledControl(register.body, 'School', /role="combobox"/);
    expect(register.body).toMatch(/<button[^>]*type="submit"[^>]*>Create Account<\/button>/);
  });

  it('sends a form posted before its scripts ran back to its page', async () => {
    const res = await fetch(`${t.url}/login`, {
      method: 'POST',
      body: 'email=a%40b.c&password=x',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
  });

  it('sends the empty shell for every other address', async () => {
    for (const address of ['/dashboard', '/forgot-password', '/login/extra']) {
      const { res, body } = await html(address);
      expect(res.status).toBe(200);
      expect(body).toContain('<div id="root"></div>');
      expect(body).not.toContain('Sign in to practise');
    }
  });
});

/** The raw bytes and headers of a GET, without fetch's automatic decompression. */
function rawGet(
  address: string,
  acceptEncoding: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${t.url}${address}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the entry script over the wire', () => {
  it('is sent as its build-time brotli copy to browsers that take brotli, its gzip copy to the others', async () => {
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec((await html('/login')).body)![1];
    const plain = fs.readFileSync(path.resolve('dist/client', `.${entry}`));
    const br = await rawGet(entry, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(zlib.brotliDecompressSync(br.body).equals(plain)).toBe(true);
    const gzip = await rawGet(entry, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain)).toBe(true);
    expect(gzip.body.equals(fs.readFileSync(path.resolve('dist/client', `.${entry}.gz`)))).toBe(true);
    // Brotli at quality 11 still beats gzip at its highest level by more than a tenth.
    expect(br.body.length).toBeLessThan(gzip.body.length * 0.9);
  });
});

describe('pre-rendered pages in the browser', { timeout: 60_000 }, () => {
  let page: Page;
  let errors: string[];

  // No service worker: it would answer from its cached shell, and these tests are about the
  // first visit over the network.
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    errors = watchConsole(page);
  });

  it('shows the sign-in form with JavaScript turned off', async () => {
    await context.close();
    context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    page = await context.newPage();
    await page.goto(`${t.url}/login`);
    await expect.poll(() => page.getByLabel('Email').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    await screenshot(page, 'prerendered-login-no-js-360');
    await page.goto(`${t.url}/`);
    expect(await page.getByRole('heading', { name: LANDING_HEADING }).isVisible()).toBe(true);
  });

  it('looks the same before and after React takes over, light and dark', async () => {
    const withoutJs = await browser.newContext({
      viewport: { width: 360, height: 740 },
      javaScriptEnabled: false,
    });
    try {
      for (const theme of ['light', 'dark']) {
        for (const address of ['/', '/login', '/register']) {
          const before = await withoutJs.newPage();
          // With scripts off the stored theme cannot apply: give the HTML the class it would get.
          await before.goto(`${t.url}${address}`);
          if (theme === 'dark') await before.evaluate(() => document.documentElement.classList.add('dark'));
          await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
          await page.goto(`${t.url}${address}`);
          await expect
            .poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).length > 0))
            .toBe(true);
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
          const same = (await before.screenshot({ fullPage: true })).equals(
            await page.screenshot({ fullPage: true }),
          );
          expect(same, `${address} in the ${theme} theme`).toBe(true);
          await before.close();
        }
      }
    } finally {
      await withoutJs.close();
    }
    expect(errors).toEqual([]);
  });

  it('hydrates the HTML in place without warnings, and signing in still works', async () => {
    const student = await signUpAndIn(t);
    // The heading the HTML brought, remembered before any of the app's scripts run.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { firstH1: Element | null }).firstH1 = document.querySelector('h1');
      });
    });
    await page.goto(`${t.url}/login`);
    await formReady(page);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const root = document.getElementById('root')!;
          return Object.keys(root).some((key) => key.startsWith('__reactContainer'));
        }),
      )
      .toBe(true);
    // Hydration kept the server's nodes; a fresh render would have replaced them.
    expect(
      await page.evaluate(() => {
        const first = (window as unknown as { firstH1: Element | null }).firstH1;
        return first !== null && first === document.querySelector('h1');
      }),
    ).toBe(true);
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('button', { name: STUDENT.full_name }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps what was typed before the scripts arrived, and signs in with it', async () => {
    const student = await signUpAndIn(t, { email: `early.${Date.now()}@example.com` });
    // A slow line: the page's scripts arrive only after the student has typed and tapped.
    let scriptsArrive = () => {};
    const held = new Promise<void>((resolve) => (scriptsArrive = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${t.url}/login`, { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The early tap neither reloads the page nor loses the text.
    expect(await page.getByLabel('Email').inputValue()).toBe(student.email);
    scriptsArrive();
    await formReady(page);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(student.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
  });

  it('paints a stored dark theme from the first frame and hydrates it without a mismatch', async () => {
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { darkBeforeApp: boolean }).darkBeforeApp =
          document.documentElement.classList.contains('dark');
      });
    });
    await page.goto(`${t.url}/register`);
    await formReady(page);
    await expect
      .poll(() => page.getByRole('button', { name: 'Switch to light theme' }).isVisible())
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { darkBeforeApp: boolean }).darkBeforeApp)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  /**
   * Opens / for a signed-in browser with the app's entry script held back, and tells whether the
   * landing page's heading was visible in any frame meanwhile.
   */
  async function landingSeenWhenSignedIn(withBeforePaintScript: boolean): Promise<boolean> {
    const student = await signUpAndIn(t, { email: `flash.${Date.now()}@example.com` });
    await page.addInitScript(
      ([access, refresh]) => {
        localStorage.setItem('access_token', access);
        localStorage.setItem('refresh_token', refresh);
        const w = window as unknown as { landingSeen: boolean };
        w.landingSeen = false;
        const check = () => {
          const h1 = [...document.querySelectorAll('h1')].find((h) =>
            h.textContent?.includes('licensing exam'),
          );
          if (h1?.checkVisibility({ visibilityProperty: true })) w.landingSeen = true;
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      },
      [student.access, student.refresh],
    );
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    if (!withBeforePaintScript)
      await page.route('**/before-paint.js', (route) => route.fulfill({ body: '' }));
    const res = await page.goto(`${t.url}/`);
    expect(await res!.text()).toContain('data-prerendered="/"');
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('button', { name: STUDENT.full_name }).isVisible()).toBe(true);
    return page.evaluate(() => (window as unknown as { landingSeen: boolean }).landingSeen);
  }

  it('takes a signed-in student from / to the dashboard without showing the landing page', async () => {
    expect(await landingSeenWhenSignedIn(true)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('would show the landing page without the before-paint script (the check can fail)', async () => {
    expect(await landingSeenWhenSignedIn(false)).toBe(true);
  });
});
