// Small things on a 360 x 740 phone: Flag and Mark on the sample quizzes are 44 px tap targets like
// the rest, a practice done in under a minute says its time in seconds rather than "0m", and the
// footer gives this year.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { watchConsole } from './browser';
import { screenshotsAtBothWidths } from './pageHelpers';
import { practiceSetWithPath } from './practiceSetPath';
import { studentOnPhone } from './studentOnPhone';

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let practiceSets: string;

beforeAll(async () => {
  t = await startTestServer();
  await signUpAndIn(t);
  practiceSets = (await practiceSetWithPath(t.db, 'Quick set', 2)).listPath;
  ({ browser, page, errors } = await studentOnPhone(t));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const heightOf = async (name: string) =>
  (await page.getByRole('button', { name, exact: true }).boundingBox())!.height;

describe('small things on a phone', { timeout: 60_000 }, () => {
  it('gives Flag and Mark on the sample quizzes a 44 px target, and says the test time in seconds', async () => {
    await page.goto(`${t.url}/practice/fundamentals`);
    expect(await heightOf('Flag')).toBeGreaterThanOrEqual(44);

    await page.goto(`${t.url}/test/fundamentals`);
    expect(await heightOf('Flag')).toBeGreaterThanOrEqual(44);
    expect(await heightOf('Mark')).toBeGreaterThanOrEqual(44);
    await screenshotsAtBothWidths(page, 'sample-test-toggles');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Submit Test' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL('**/results');
    const time = page.locator('dt', { hasText: 'Time:' }).locator('xpath=following-sibling::dd');
    expect(await time.innerText()).toMatch(/^\d{1,2}s$/);
  });

  it('says a practice done in under a minute in seconds, on the result and in the list', async () => {
    await page.goto(`${t.url}${practiceSets}`);
    await page.getByRole('link', { name: 'Start Quick set' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start Quiz' }).click();
    await page.locator('[data-option="A"]').click();
    await page.getByRole('button', { name: 'Quit & Submit' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL('**/quiz/result/*');
    const [result] = await t.db.selectFrom('quiz_results').select('time_spent_minutes').execute();
    expect(result.time_spent_minutes).toBe(0);
    const stat = page.locator('dt', { hasText: /^Time$/ }).locator('xpath=following-sibling::dd');
    expect(await stat.innerText()).toMatch(/^\d{1,2}s$/);

    await page.goto(`${t.url}/results`);
    const fact = page
      .locator('dt', { hasText: /^Time$/ })
      .first()
      .locator('xpath=following-sibling::dd');
    expect(await fact.innerText()).toMatch(/^\d{1,2}s$/);
    expect(await page.getByText('0m', { exact: true }).count()).toBe(0);
  });

  it("gives this year's date in the footer", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const visitor = await context.newPage();
    const visitorErrors = watchConsole(visitor);
    await visitor.goto(t.url);
    await visitor.getByText(`© ${new Date().getFullYear()} NMC PREP RN. All rights reserved.`).waitFor();
    await visitor.goto(`${t.url}/login`);
    await visitor.getByText(`© ${new Date().getFullYear()} NMC PREP RN. All rights reserved.`).waitFor();
    await context.close();
    expect(visitorErrors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
