// Shared set-up of the admin browser suites: one Chromium per file, and per test a fresh server
// and database with one admin, a fresh browser context, and a console watch. Helpers act on the
// current test's page.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { createOrPromoteAdmin } from '../server/services/admins';
import type { makeCatalog } from '../server/test/fixtures';
import { startTestServer, type TestServer } from '../server/test/harness';
import { HEADERS } from '../shared/domain/questionFormat';
import { accessibilityProblems } from './accessibility';
import { launchBrowser, screenshot, watchConsole } from './browser';
import { signInWithoutForm, submitSignIn } from './pageHelpers';

export type Catalog = Awaited<ReturnType<typeof makeCatalog>>;
export const HEADER = [...HEADERS];
export const ADMIN = { email: 'registrar@nmtc.example.com', password: 'Ward-Round-Ledger-77' };
/** Per-test limit: a busy two-core machine runs other suites beside these. */
export const SUITE_OPTIONS = { timeout: 90_000 };

let browser: Browser;
let context: BrowserContext;

/** The current test's server, page and console errors (set before each test). */
export const session = {} as { t: TestServer; page: Page; consoleErrors: string[] };

/** Registers the hooks; call once at the top of a suite file. */
export function useAdminSession() {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    session.t = await startTestServer();
    await createOrPromoteAdmin(session.t.db, ADMIN.email, ADMIN.password, session.t.deps.passwordCost);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    session.page = await context.newPage();
    // A stuck action fails with its own message well before the test's time limit.
    session.page.setDefaultTimeout(25_000);
    session.consoleErrors = watchConsole(session.page);
  });
  afterEach(async () => {
    await context?.close();
    await session.t?.close();
  });
}

export async function signIn(email: string, password: string) {
  await submitSignIn(session.page, session.t.url, { email, password });
}

/** Opens the admin dashboard signed in as ADMIN, past the sign-in form (adminAccount.test.ts uses it). */
export async function signInAsAdmin() {
  const { page, t } = session;
  await signInWithoutForm(page, t, ADMIN);
  await page.goto(`${t.url}/admin`);
}

/** Polls a page condition; generous, because the machine also runs other suites meanwhile. */
export const poll = <T>(check: () => Promise<T> | T) =>
  expect.poll(check, { timeout: 20_000, interval: 100 });

/**
 * Full-page screenshots from the top, so the sticky top bar sits where a user sees it; every
 * screen photographed is also audited with axe (serious and critical WCAG A/AA problems).
 */
export async function shot(name: string) {
  const { page } = session;
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
  expect(await accessibilityProblems(page), name).toEqual([]);
}

export const tab = (name: string) => session.page.getByRole('tab', { name, exact: true });

export async function expectTab(name: string) {
  await poll(() => tab(name).getAttribute('aria-selected')).toBe('true');
}

export async function countQuestions(): Promise<number> {
  const row = await session.t.db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function xlsxOf(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Questions');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export async function chooseUploadTarget(c: Catalog) {
  const { page } = session;
  await page.getByLabel('Program', { exact: true }).selectOption({ label: c.program.name });
  await page.getByLabel('Paper', { exact: true }).selectOption({ label: c.paper.name });
  await page.getByLabel('Topic', { exact: true }).selectOption({ label: c.topic.name });
}

/** Content Management: adds a practice set under the catalogue's topic; returns the sets' region. */
export async function addPracticeSetInContent(c: Catalog, title: string) {
  const { page, t } = session;
  await page.goto(`${t.url}/admin?tab=content`);
  const practiceSets = page.getByRole('region', { name: /^Practice Sets/ });
  await practiceSets.getByRole('button', { name: 'Add practice set' }).click();
  const addForm = page.getByRole('form', { name: 'Add practice set' });
  await addForm.getByLabel('Program').selectOption({ label: c.program.name });
  await addForm.getByLabel('Paper').selectOption({ label: c.paper.name });
  await addForm.getByLabel('Topic').selectOption({ label: c.topic.name });
  await addForm.getByLabel('Title').fill(title);
  await addForm.getByRole('button', { name: 'Add practice set' }).click();
  await poll(() => practiceSets.getByText('Empty: hidden from students').isVisible()).toBe(true);
  return practiceSets;
}
