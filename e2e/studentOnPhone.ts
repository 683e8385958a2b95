// A student signed in through the login form on a 360 x 740 phone, with console errors collected:
// how the phone tests begin.
import type { Browser, Page } from 'playwright-core';
import { STUDENT, type TestServer } from '../server/test/harness';
import { launchBrowser, watchConsole } from './browser';
import { submitSignIn } from './pageHelpers';

export async function studentOnPhone(
  t: TestServer,
  student: { email: string; password: string } = { email: STUDENT.email, password: STUDENT.password1 },
): Promise<{ browser: Browser; page: Page; errors: string[] }> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors = watchConsole(page);
  await submitSignIn(page, t.url, student);
  await page.waitForURL('**/dashboard');
  return { browser, page, errors };
}
