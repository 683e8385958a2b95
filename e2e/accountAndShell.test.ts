// Account pages, the student shell and the built-in sample quizzes in Chromium against the built
// app: forgot and reset password, the profile saved for real,
// password change and account deletion, the dropdown, invite, bell and theme, the phone drawer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { linkIn, signUpAndIn, startTestServer, STUDENT, type TestServer } from '../server/test/harness';
import { launchBrowser, watchConsole } from './browser';
import { screenshotsAtBothWidths, submitSignIn } from './pageHelpers';

const NEW_PASSWORD = 'Harmattan-Breeze-77';
const REFUSED = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  t = await startTestServer();
  await signUpAndIn(t);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  errors = watchConsole(page);
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function signIn(password: string) {
  await submitSignIn(page, t.url, { email: STUDENT.email, password });
  await page.waitForURL('**/dashboard');
}

const menuButton = () => page.getByRole('button', { name: STUDENT.full_name });

describe('account pages and the student shell', () => {
  it('sends a reset link, offers another address, and resets the password from the mail', async () => {
    await page.goto(`${t.url}/somewhere-unknown`);
    await page.waitForURL(`${t.url}/`);
    await page.goto(`${t.url}/forgot-password`);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Email Sent' }).waitFor();
    await page.getByText('nobody@example.com').waitFor();
    await page.getByText('Check your spam folder', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Try Different Email' }).click();
    await page.getByLabel('Email').fill(STUDENT.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(STUDENT.email).waitFor();
    await page.getByRole('link', { name: 'Back to Sign In' }).waitFor();

    const mail = await t.waitForMail(STUDENT.email, /Reset/);
    await page.goto(linkIn(mail.text));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('Not-The-Same-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL('**/login');
    await signIn(NEW_PASSWORD);
  });

  it('edits the profile, cancels, then saves it for real', async () => {
    await menuButton().click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();
    await page.getByText('Coming Soon').first().waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    await page.getByText('Email cannot be changed').waitFor();
    expect(await page.getByLabel('Gender').isDisabled()).toBe(true);
    await page.getByText('Gender cannot be changed').waitFor();
    expect(await page.getByLabel('Bio').getAttribute('rows')).toBe('3');

    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('Full name').inputValue()).toBe(STUDENT.full_name);

    await page.getByLabel('Full name').fill('Ama Serwaa Mensah');
    await page.getByLabel('Bio').fill('Final-year nursing student in Kumasi.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated successfully.').waitFor();
    const row = await t.db.selectFrom('users').select(['full_name', 'bio']).executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: 'Ama Serwaa Mensah', bio: 'Final-year nursing student in Kumasi.' });
    await page.reload();
    await page.getByRole('button', { name: 'Ama Serwaa Mensah' }).waitFor();
    await screenshotsAtBothWidths(page, 'profile');
  });

  it('changes the password on the Settings tab with its checks and messages', async () => {
    await page.getByRole('button', { name: 'Ama Serwaa Mensah' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await page.getByRole('tab', { name: 'Settings', selected: true }).waitFor();
    for (const title of ['Notification Preferences', 'Privacy Settings', 'Two-Factor Authentication']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    await page.getByLabel('Current password').fill(NEW_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('Volta-River-2025');
    await page.getByLabel('Confirm new password').fill('Volta-River-2026');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('New passwords do not match').waitFor();

    // A refusal shows the server's reason; a failure with no answer, the generic sentence.
    await page.getByLabel('Current password').fill('wrong-password');
    await page.getByLabel('Confirm new password').fill('Volta-River-2025');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Your old password was entered incorrectly. Please enter it again.').waitFor();
    expect(errors.splice(0)).toEqual([REFUSED]);

    await page.getByLabel('Current password').fill(NEW_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('short1');
    await page.getByLabel('Confirm new password').fill('short1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText(/This password is too short/).waitFor();
    expect(errors.splice(0)).toEqual([REFUSED]);

    await page.route('**/trpc/auth.changePassword**', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('New password', { exact: true }).fill('Volta-River-2025');
    await page.getByLabel('Confirm new password').fill('Volta-River-2025');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Failed to change password. Please try again.').waitFor();
    await page.unroute('**/trpc/auth.changePassword**');
    errors.splice(0);

    await page.getByLabel('Current password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password changed successfully.').waitFor();
    await page.getByText('Password changed successfully.').waitFor({ state: 'detached', timeout: 7000 });
    await screenshotsAtBothWidths(page, 'settings');
  });

  it('closes the account menu on an outside click and on Escape', async () => {
    await page.getByRole('button', { name: 'Ama Serwaa Mensah' }).click();
    await page.getByRole('menu').waitFor();
    await page.mouse.click(640, 700);
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Ama Serwaa Mensah' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });

  it('copies the invite link with Copied! for two seconds', async () => {
    await page.goto(`${t.url}/dashboard`);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a Friend' });
    expect(await dialog.getByLabel('Share link').inputValue()).toBe(t.url);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(t.url);
    await dialog.getByText('Copied!').waitFor({ state: 'detached', timeout: 3000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows an unread dot and the notification list, then marks them read', async () => {
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('notifications')
      .values({
        user_id: user.id,
        title: 'New mock exam',
        body: 'Paper 2 mock is ready.',
        link: '/mock-exams',
        read_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await page.reload();
    await page.getByTestId('unread-dot').waitFor();
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page.getByText('Paper 2 mock is ready.').waitFor();
    await page.getByTestId('unread-dot').waitFor({ state: 'detached' });
    const unread = await t.db.selectFrom('notifications').select('read_at').executeTakeFirstOrThrow();
    expect(unread.read_at).not.toBeNull();
    await page.keyboard.press('Escape');
  });

  it('switches to the dark theme, remembers it, and switches back', async () => {
    const background = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('header')!).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await background()).not.toBe(light);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await screenshotsAtBothWidths(page, 'dashboard-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await background()).toBe(light);
  });

  it('opens the sidebar as a drawer on a phone and closes it after a tap on a link', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.waitFor();
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Results' }).click();
    await page.waitForURL('**/results');
    await nav.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Your Results Will Appear Here' }).waitFor();
    await page.getByRole('link', { name: 'Take Mock Exam' }).waitFor();
    await page.getByRole('link', { name: 'Start Practice' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await nav.waitFor();
  });

  it('says when there are no programs, and offers a retry when they fail to load', async () => {
    await page.goto(`${t.url}/mock-exams`);
    await page.getByRole('heading', { name: 'No Programs Available' }).waitFor();
    await page.route('**/trpc/*catalog.programs*', (route) => route.abort());
    await page.goto(`${t.url}/practice-tests`);
    await page.getByText('Failed to load programs').waitFor();
    await page.unroute('**/trpc/*catalog.programs*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'No Programs Available' }).waitFor();
    expect(errors.splice(0).every((e) => e.includes('net::ERR_FAILED'))).toBe(true);
  });

  it('says Error loading results with Try again, and Result not found for an unknown id', async () => {
    await page.route('**/trpc/*results.list*', (route) => route.abort());
    await page.goto(`${t.url}/results`);
    await page.getByText('Error loading results').waitFor();
    await page.unroute('**/trpc/*results.list*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Your Results Will Appear Here' }).waitFor();
    await page.goto(`${t.url}/quiz/result/987654`);
    await page.getByRole('heading', { name: 'Result not found' }).waitFor();
    await page.getByRole('link', { name: 'View All Results' }).waitFor();
    expect(errors.splice(0).every((e) => /net::ERR_FAILED|status of 404/.test(e))).toBe(true);
  });

  // These two share a tab of their own: the reload is the one place here where the page navigates
  // by itself, and a tab stuck in it (seen once in CI, cause not found) must not take the
  // following tests with it. Its browser has no service worker (a first visit, before the worker
  // is installed, or a browser without one): a worker answers chunks from its cache, past routes.
  describe('a page chunk that cannot be loaded', () => {
    let tabContext: BrowserContext;
    let tab: Page;
    let tabErrors: string[];
    beforeAll(async () => {
      tabContext = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        storageState: await context.storageState(),
        serviceWorkers: 'block',
      });
      tab = await tabContext.newPage();
      tab.setDefaultTimeout(10_000);
      tabErrors = watchConsole(tab);
    });
    afterAll(async () => {
      await tabContext?.close();
    });
    const nav = () => tab.getByRole('navigation', { name: 'Main navigation' });

    it('reloads once when a page chunk of an older release is gone, instead of going blank', async () => {
      await tab.goto(`${t.url}/dashboard`);
      await tab.getByRole('heading', { name: /^Welcome, / }).waitFor();
      // What a server answers for a deleted hashed file: the SPA's index.html. Only the first
      // request gets it (counted here, so that a preload and the import racing for the file
      // cannot both be caught); the reloaded page then loads the real file.
      let served = false;
      await tab.route('**/assets/ProfilePage-*.js', (route) => {
        if (served) return route.continue();
        served = true;
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html></html>' });
      });
      const reloaded = tab.waitForEvent('load', { timeout: 20_000 });
      // The reload is the page's own doing, not the click's: the click does not wait for it.
      await nav().getByRole('link', { name: 'Profile' }).click({ noWaitAfter: true });
      await reloaded;
      await tab.getByRole('button', { name: 'Edit Profile' }).waitFor({ timeout: 20_000 });
      expect(served).toBe(true);
      expect(tabErrors.splice(0)).toEqual([expect.stringContaining('MIME type')]);
    });

    it('keeps the shell and offers Try again when a page cannot be loaded', async () => {
      // Right after the reload above, a second failure is not reloaded again: it is shown.
      await tab.route('**/assets/ResultsPage-*.js', (route) => route.abort(), { times: 1 });
      await nav().getByRole('link', { name: 'Results' }).click();
      await tab.getByText('This page could not be loaded. Check your connection and try again.').waitFor();
      await nav().waitFor();
      await tab.getByRole('button', { name: 'Try again' }).click();
      await tab.getByRole('heading', { name: 'Your Results Will Appear Here' }).waitFor();
      expect(tabErrors.splice(0).length).toBeGreaterThan(0);
    });
  });

  it('runs the sample practice quiz and hands its result to /results', async () => {
    await page.goto(`${t.url}/practice/fundamentals`);
    await page.getByText('Question 1 of 3').waitFor();
    await page.getByText('0 of 3 completed').waitFor();
    const explain = page.getByRole('button', { name: 'Show Explanation' });
    expect(await explain.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /infusion pump/ }).click();
    await explain.click();
    await page.getByText('never given as an IV push', { exact: false }).waitFor();
    expect(await page.getByRole('radio', { name: /IV push over two minutes/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    await page.getByRole('button', { name: 'Question 1, answered, flagged' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Quiz' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /24 to 30/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /pre-eclampsia/ }).click();
    await page.getByText('3 of 3 completed').waitFor();
    const copied = await page.evaluate(() => document.dispatchEvent(new Event('copy', { cancelable: true })));
    expect(copied).toBe(false);
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    await page.waitForURL('**/results');
    await page.getByText('Sample Practice Quiz').waitFor();
    await page.getByText('Fundamentals: 67%').waitFor();
  });

  it('runs the sample test with its clock, blocked keys and the Submit Test? dialog', async () => {
    await page.goto(`${t.url}/test/fundamentals`);
    const clock = page.getByRole('timer');
    await clock.getByText(/^(30:00|29:5\d)$/).waitFor();
    const blocked = await page.evaluate(() =>
      ['c', 'v', 'a', 's'].map(
        (key) =>
          !document.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey: true, cancelable: true })),
      ),
    );
    expect(blocked).toEqual([true, true, true, true]);
    expect(
      await page.evaluate(() => document.dispatchEvent(new MouseEvent('contextmenu', { cancelable: true }))),
    ).toBe(false);
    await page.getByRole('button', { name: 'Mark', exact: true }).click();
    await page.getByRole('button', { name: 'Marked' }).waitFor();
    await page.getByRole('radio', { name: /infusion pump/ }).click();
    await page.getByRole('button', { name: 'Question 3, unanswered' }).click();
    await page.getByRole('button', { name: 'Submit Test' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Submit Test?' });
    await dialog
      .getByText('You have answered 1 out of 3 questions. Are you sure you want to submit your test?')
      .waitFor();
    await dialog.getByRole('button', { name: 'Continue Test' }).click();
    await dialog.waitFor({ state: 'detached' });
    await screenshotsAtBothWidths(page, 'sample-test');
    await page.getByRole('button', { name: 'Submit Test' }).click();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL('**/results');
    await page.getByText('Sample Test').waitFor();
    await page.getByText('Fundamentals: 33%').waitFor();
    await page.getByText(/^Time: \d{1,2}s$/).waitFor();
  });

  it('refreshes a dead access token once and carries on; a refused refresh goes to /login', async () => {
    await page.goto(`${t.url}/dashboard`);
    await page.evaluate(() => localStorage.setItem('access_token', 'not-a-valid-token'));
    await page.goto(`${t.url}/results`);
    await page.getByRole('heading', { name: 'Your Results Will Appear Here' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBe('not-a-valid-token');
    expect(errors.splice(0).every((e) => e.includes('status of 401'))).toBe(true);

    await page.evaluate(() => {
      localStorage.setItem('access_token', 'not-a-valid-token');
      localStorage.setItem('refresh_token', 'not-a-valid-refresh-token');
    });
    await page.goto(`${t.url}/dashboard`);
    await page.waitForURL('**/login');
    expect(
      await page.evaluate(() => [
        localStorage.getItem('access_token'),
        localStorage.getItem('refresh_token'),
      ]),
    ).toEqual([null, null]);
    expect(errors.splice(0).length).toBeGreaterThan(0);
    await signIn('Volta-River-2025');
  });

  it('deletes the account only after the password is confirmed', async () => {
    await page.goto(`${t.url}/settings`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await dialog.getByText('The password is not correct.').waitFor();
    expect(errors.splice(0)).toEqual([REFUSED]);
    await dialog.getByLabel('Password', { exact: true }).fill('Volta-River-2025');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await page.waitForURL(`${t.url}/`);
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('access_token'),
        localStorage.getItem('refresh_token'),
      ]),
    ).toEqual([null, null]);
    expect(errors).toEqual([]);
  });
});
