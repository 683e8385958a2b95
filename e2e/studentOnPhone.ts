// A student signed in on a 360 x 740 phone, at the dashboard, with console errors collected: how
// the phone tests begin. Signed in past the form (signInWithoutForm), which has tests of its own.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { STUDENT, type TestServer } from '../server/test/harness';
import { launchBrowser, watchConsole } from './browser';
import { signInWithoutForm } from './pageHelpers';

export async function studentOnPhone(
  t: TestServer,
  student: { email: string; password: string } = { email: STUDENT.email, password: STUDENT.password1 },
  serviceWorkers: BrowserContextOptions['serviceWorkers'] = 'block',
): Promise<{ browser: Browser; page: Page; errors: string[] }> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors = watchConsole(page);
  await signInWithoutForm(page, t, student);
  await page.goto(`${t.url}/dashboard`);
  return { browser, page, errors };
}
