// The landing page on a 360 x 740 phone says only what this instance can back: its own bank's
// figures (questions students can reach, programs, topics), in the HTML before any script and
// after React takes over, following the bank as it changes; no borrowed claims, and nobody is
// "welcomed back" on their first visit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
  makeCatalog,
} from '../server/test/fixtures';
import { startTestServer, type TestServer } from '../server/test/harness';
import { launchBrowser, screenshot, watchConsole } from './browser';

const PHONE = { viewport: { width: 360, height: 740 } };
const BORROWED_CLAIMS = ['10,000+', '95%', '5,000+', '24/7', 'Pass rate', 'Welcome back'];

let t: TestServer;
let browser: Browser;
let cat: Awaited<ReturnType<typeof makeCatalog>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  t = await startTestServer({ smtp: false });
  // 4 practice and 5 mock questions students can reach, one of them then deactivated; a hidden
  // program's questions and topic count for nothing.
  cat = await makeCatalog(t.db);
  await t.db
    .updateTable('questions')
    .set({ is_active: 0 })
    .where('id', '=', cat.mockQuestions[0].id)
    .execute();
  const hidden = await insertProgram(t.db, 'Retired programme', 0);
  const topic = await insertTopic(t.db, (await insertPaper(t.db, hidden.id)).id, 'Old topic');
  await insertQuestions(t.db, { practice_set_id: (await insertPracticeSet(t.db, topic.id)).id }, 3, 'H');
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await t?.close();
});

async function phonePage(javaScriptEnabled = true) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled, serviceWorkers: 'block' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** The figures section's tiles as the student reads them: "8 Questions". */
const tilesOf = async (page: Awaited<ReturnType<typeof phonePage>>) =>
  (await page.getByRole('region', { name: 'In this app' }).locator('> div').allInnerTexts()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );

describe('the landing page', () => {
  it("sends this instance's figures in the HTML and no claim it cannot back", async () => {
    const landing = await (await fetch(`${t.url}/`)).text();
    expect(landing).toContain('data-figures="8,1,1"');
    expect(landing).not.toContain('{{figure:');
    const login = await (await fetch(`${t.url}/login`)).text();
    for (const claim of BORROWED_CLAIMS) {
      expect(landing, claim).not.toContain(claim);
      expect(login, claim).not.toContain(claim);
    }
  });

  it('shows the figures before any script, and the same once React has taken over', async () => {
    const noScript = await phonePage(false);
    await noScript.goto(`${t.url}/`);
    expect(await tilesOf(noScript)).toEqual(['8 Questions', '1 Program', '1 Topic']);

    const page = await phonePage();
    const errors = watchConsole(page);
    await page.goto(`${t.url}/`);
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).length > 0))
      .toBe(true);
    expect(await tilesOf(page)).toEqual(['8 Questions', '1 Program', '1 Topic']);
    await screenshot(page, 'landing-figures-360');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  it('follows the bank: an upload shows at the next visit', async () => {
    await insertQuestions(t.db, { practice_set_id: cat.practiceSet.id }, 1995, 'U');
    await insertTopic(t.db, cat.paper.id, 'Pharmacology');
    const page = await phonePage();
    await page.goto(`${t.url}/`);
    expect(await tilesOf(page)).toEqual(['2,003 Questions', '1 Program', '2 Topics']);
  });

  it('asks for the figures when it opens from another page of the app', async () => {
    const page = await phonePage();
    const errors = watchConsole(page);
    await page.goto(`${t.url}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'NMC PREP RN home' }).click();
    await page.waitForURL(`${t.url}/`);
    await expect.poll(() => tilesOf(page)).toEqual(['2,003 Questions', '1 Program', '2 Topics']);
    expect(errors).toEqual([]);
  });
});
