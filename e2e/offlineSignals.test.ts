// No dead ends without a signal, on a 360 x 740 phone: offline, Practice Tests, Mock Exams and the
// review deck say they need a connection and point to what works (Downloads, the last results),
// the dashboard says how many sets the phone holds, and the lists load by themselves once the
// connection is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { downloadSeededSet } from './downloadSet';
import { controlledByWorker, screenshotsAtBothWidths, unexpectedErrors } from './pageHelpers';
import { seedContent } from './seedContent';
import { studentOnPhone } from './studentOnPhone';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let content: Awaited<ReturnType<typeof seedContent>>;

beforeAll(async () => {
  t = await startTestServer();
  content = await seedContent(t.db);
  await signUpAndIn(t);
  ({ browser, page, errors } = await studentOnPhone(t, undefined, 'allow'));
  context = page.context();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const needsConnection = () => page.getByTestId('needs-connection');

async function expectNeedsConnection(what: string) {
  await needsConnection().waitFor();
  const text = await needsConnection().innerText();
  expect(text).toContain('You are offline');
  expect(text).toContain(`${what} needs a connection.`);
  expect(await needsConnection().getByRole('link', { name: 'Downloads' }).isVisible()).toBe(true);
  expect(await page.getByText(/Failed to load|Error loading/).count()).toBe(0);
}

describe('screens that need the network, offline', { timeout: 120_000 }, () => {
  it('says how many sets the phone holds on the dashboard', async () => {
    await controlledByWorker(page);
    await page.getByTestId('due-reviews').waitFor();
    await downloadSeededSet(page, t.url, content);
    await page.goto(`${t.url}/dashboard`);
    await page.getByTestId('due-reviews').waitFor();
    expect(await page.getByTestId('sets-on-phone').count()).toBe(0);

    await context.setOffline(true);
    await page.goto(`${t.url}/dashboard`);
    await page.getByText('Welcome, Ama Mensah!').waitFor();
    expect(await page.getByTestId('sets-on-phone').innerText()).toBe('1 set on this phone');
    await screenshotsAtBothWidths(page, 'offline-dashboard-sets');
  });

  it('says Practice Tests and Mock Exams need a connection, and points to Downloads', async () => {
    await page.goto(`${t.url}/practice-tests`);
    await expectNeedsConnection('This page');
    await screenshotsAtBothWidths(page, 'offline-practice-tests');
    await page.goto(`${t.url}/mock-exams`);
    await expectNeedsConnection('This page');
    await needsConnection().getByRole('link', { name: 'Downloads' }).click();
    await page.getByRole('heading', { name: 'Fluids Practice Set 1' }).waitFor();
  });

  it("says the review deck needs a connection from the dashboard's review link", async () => {
    await page.goto(`${t.url}/dashboard`);
    await page.getByTestId('due-reviews').waitFor();
    await page.getByRole('link', { name: /Review now|Open review/ }).click();
    await page.waitForURL('**/review');
    await expectNeedsConnection('Your review');
    await screenshotsAtBothWidths(page, 'offline-review');
  });

  it('says the results need a connection when the phone has no copy of them', async () => {
    await page.goto(`${t.url}/results`);
    await expectNeedsConnection('The results page');
    expect(await needsConnection().getByRole('link', { name: 'Results' }).count()).toBe(0);
  });

  it('loads the list by itself once the connection is back', async () => {
    await page.goto(`${t.url}/practice-tests`);
    await needsConnection().waitFor();
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Choose Program: Registered General Nursing' }).waitFor();
    expect(await needsConnection().count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
