// Offline practice on a 360 px phone against the built app: the app opens
// with no signal at the dashboard and results (last copies, marked), a downloaded practice set is
// taken offline with feedback, and its attempt reaches the database once when the signal returns,
// though the first answer is lost and the page reloaded. A mock can be neither downloaded nor
// started offline. A second student on the phone never sees the first one's copies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { takeSet } from '../server/test/attempts';
import { rpc } from '../server/test/fixtures';
import { signUpAndIn, startTestServer, STUDENT, type TestServer } from '../server/test/harness';
import { accessibilityProblems } from './accessibility';
import { screenshot } from './browser';
import { downloadSeededSet } from './downloadSet';
import { controlledByWorker, unexpectedErrors, submitSignIn } from './pageHelpers';
import { seedContent } from './seedContent';
import { studentOnPhone } from './studentOnPhone';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let content: Awaited<ReturnType<typeof seedContent>>;
let api: ReturnType<typeof rpc>;

beforeAll(async () => {
  t = await startTestServer();
  content = await seedContent(t.db);
  api = rpc(t, (await signUpAndIn(t)).access);
  // One attempt made online, so the results have a card to show offline: 1 of 3 right.
  await takeSet(api, { quiz_type: 'practice', quiz_id: content.practiceSet.id }, 'AAA');
  ({ browser, page, errors } = await studentOnPhone(t, undefined, 'allow'));
  context = page.context();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const KOFI = { email: 'kofi.boateng@example.com', full_name: 'Kofi Boateng' };

const offlineSessions = () =>
  t.db.selectFrom('quiz_sessions').select(['id', 'client_id']).where('client_id', 'is not', null).execute();
const resultsOf = (sessionId: number) =>
  t.db.selectFrom('quiz_results').select('percentage').where('session_id', '=', sessionId).execute();
const option = (letter: string) => page.locator(`[data-option="${letter}"]`);
const pending = () => page.getByTestId('pending-attempts');

async function signIn(email: string, password: string) {
  await submitSignIn(page, t.url, { email, password });
  await page.waitForURL('**/dashboard');
  await page.getByTestId('due-reviews').waitFor();
}

async function signOut(name: string) {
  await page.getByRole('button', { name: `${name}, account menu` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => !/^\/(dashboard|results)/.test(url.pathname));
}

const userIdOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** The records of the last copies this user's id holds on the phone. */
const copiesOnPhone = (userId: number) =>
  page.evaluate(
    (id) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('nmc-copies');
        open.onsuccess = () => {
          const keys = open.result.transaction('records').objectStore('records').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.filter((key) => (key as number[])[0] === id).length);
        };
      }),
    userId,
  );

async function checkAnswer(letter: string, verdict: 'Correct!' | 'Incorrect') {
  await option(letter).click();
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await page.getByText(verdict, { exact: true }).waitFor();
}

describe('offline practice', { timeout: 120_000 }, () => {
  it('opens offline, practises a downloaded set and sends its attempt exactly once', async () => {
    await controlledByWorker(page);
    // Seen once online: the dashboard's figures and the results.
    await page.getByTestId('due-reviews').waitFor();
    await page.goto(`${t.url}/results`);
    await page.getByText('1 quiz completed').waitFor();

    await downloadSeededSet(page, t.url, content);
    await page.goto(`${t.url}/downloads`);
    await page.getByRole('heading', { name: 'Fluids Practice Set 1' }).waitFor();
    expect(await page.getByTestId('downloads-total').innerText()).toMatch(/^1 set · \d+ KB of 20\.0 MB$/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'downloads-360');

    await context.setOffline(true);
    await page.goto(`${t.url}/dashboard`);
    await page.getByText('Welcome, Ama Mensah!').waitFor();
    await page.getByTestId('offline-copy').waitFor();
    expect(await page.getByTestId('offline-copy').innerText()).toMatch(
      /^Offline - showing what you saw on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    expect(await page.getByTestId('due-reviews').innerText()).toMatch(/cards? due now/);
    await screenshot(page, 'offline-dashboard-360');
    await page.goto(`${t.url}/results`);
    await page.getByTestId('offline-copy').waitFor();
    await page.getByText('1 quiz completed').waitFor();

    await page.goto(`${t.url}/downloads`);
    await page.getByRole('link', { name: 'Practise: Fluids Practice Set 1' }).click();
    await checkAnswer('B', 'Correct!');
    await page.getByText('Because choice B is right for question 1.').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await checkAnswer('C', 'Incorrect');
    await page.getByText('Correct answer:').getByText('A. First choice 2').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'offline-practice-360');
    // The phone closes the tab (a reload, still offline): the practice resumes with its checks.
    await page.reload();
    await page.getByText('Question 2 of 3').waitFor();
    await page.getByText('Incorrect', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Question 1, answered' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await checkAnswer('D', 'Correct!');
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByText('2 of 3 right (67%)').waitFor();
    await page.getByRole('link', { name: 'Back to Downloads' }).click();
    expect(await pending().innerText()).toBe('1 attempt waiting to be sent');
    await page.reload();
    await pending().waitFor();
    expect(await pending().innerText()).toBe('1 attempt waiting to be sent');
    expect(await offlineSessions()).toEqual([]);

    // The signal returns, but the server's answer to the first send is lost on the way back.
    let sends = 0;
    let lost!: () => void;
    const firstLost = new Promise<void>((resolve) => (lost = resolve));
    await context.route(
      (url) => url.pathname.includes('offline.submitAttempt'),
      async (route) => {
        sends++;
        if (sends > 1) return route.continue();
        await route.fetch();
        await route.abort('connectionreset');
        lost();
      },
    );
    await context.setOffline(false);
    await firstLost;
    expect(await offlineSessions()).toHaveLength(1);
    await page.waitForTimeout(200);
    expect(await pending().innerText()).toBe('1 attempt waiting to be sent');
    // A reload sends it again (the start-up sync): the server answers the stored result.
    await page.reload();
    await expect.poll(() => sends, { timeout: 20_000 }).toBe(2);
    await page.getByRole('heading', { name: 'Downloads' }).waitFor();
    // The queue on the phone is empty too, so no later start sends it a third time.
    const queued = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('nmc-attempts');
            open.onsuccess = () => {
              const count = open.result.transaction('records').objectStore('records').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      );
    await expect.poll(queued).toBe(0);
    await expect.poll(() => pending().count()).toBe(0);
    const sessions = await offlineSessions();
    expect(sessions).toHaveLength(1);
    expect(await resultsOf(sessions[0].id)).toEqual([{ percentage: 67 }]);

    await page.goto(`${t.url}/results`);
    await page.getByText('2 quizzes completed').waitFor();
    expect(await page.getByTestId('offline-copy').count()).toBe(0);

    // Online, but no answer comes (a used-up data bundle): the last copy shows, marked as such.
    const noAnswer = (url: URL) => url.pathname.startsWith('/trpc/');
    await context.route(noAnswer, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByTestId('offline-copy').waitFor({ timeout: 15_000 });
    await page.getByText('2 quizzes completed').waitFor();
    await context.unroute(noAnswer);
    expect(unexpectedErrors(errors).filter((e) => !/ERR_CONNECTION_RESET/.test(e))).toEqual([]);
  });

  it('never downloads a mock, and a mock cannot start offline', async () => {
    const refused = await api.mutate('offline.downloadSet', {
      quiz_type: 'mock',
      quiz_id: content.mockSet.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('Mock question 1');

    const { program, paper } = content;
    await page.goto(`${t.url}/mock-exams/${program.id}/papers/${paper.id}/exam-sets`);
    await page.getByText('Medical Nursing Mock 1').waitFor();
    expect(await page.getByRole('button', { name: /Download/ }).count()).toBe(0);

    await context.setOffline(true);
    await page.goto(`${t.url}/quiz/mock/${content.mockSet.id}`);
    await page.getByText('You need a connection to start a mock.').waitFor();
    await context.setOffline(false);
    expect(
      await t.db.selectFrom('quiz_sessions').select('id').where('quiz_type', '=', 'mock').execute(),
    ).toEqual([]);
  });

  it("keeps nothing of one student's for the next one on the same phone", async () => {
    await page.goto(`${t.url}/results`);
    await page.getByText('2 quizzes completed').waitFor();
    await signOut('Ama Mensah');
    expect(await page.evaluate(() => localStorage.getItem('last_user'))).toBeNull();

    const kofi = await signUpAndIn(t, KOFI);
    await signIn(kofi.email, kofi.password);
    await context.setOffline(true);
    await page.goto(`${t.url}/results`);
    await page.getByRole('heading', { name: 'Results' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText(/quiz(zes)? completed/).count()).toBe(0);
    await page.goto(`${t.url}/downloads`);
    await page.getByText('No Downloads Yet').waitFor();
    await context.setOffline(false);

    // Downloads stay under 20 MB: with 19.99 MB on the phone, one more set is refused.
    const { id } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', kofi.email)
      .executeTakeFirstOrThrow();
    await page.evaluate(
      (userId) =>
        new Promise<void>((resolve) => {
          const open = indexedDB.open('nmc-downloads');
          open.onsuccess = () => {
            const set = { id: 999, title: 'Big Set', downloaded_at: new Date().toISOString(), questions: [] };
            const put = open.result
              .transaction('records', 'readwrite')
              .objectStore('records')
              .put({ set, bytes: 20 * 1024 * 1024 - 100 }, [userId, 999]);
            put.onsuccess = () => resolve();
          };
        }),
      id,
    );
    const { program, paper, topic } = content;
    await page.goto(
      `${t.url}/practice-tests/${program.id}/papers/${paper.id}/topics/${topic.id}/practice-sets`,
    );
    await page.getByRole('button', { name: 'Download: Fluids Practice Set 1' }).click();
    await page
      .getByRole('alert')
      .getByText('Not enough room: downloads are limited to 20 MB. Delete a downloaded set first.')
      .waitFor();
    await page.goto(`${t.url}/downloads`);
    expect(await page.getByTestId('downloads-total').innerText()).toBe('1 set · 20.0 MB of 20.0 MB');
    await page.getByRole('button', { name: 'Delete: Big Set' }).click();
    await page.getByText('No Downloads Yet').waitFor();

    // An attempt the server refuses (its set was hidden meanwhile) is not resent: the student reads why.
    await page.goto(
      `${t.url}/practice-tests/${program.id}/papers/${paper.id}/topics/${topic.id}/practice-sets`,
    );
    await page.getByRole('button', { name: 'Download: Fluids Practice Set 1' }).click();
    await page.getByText(/On this phone/).waitFor();
    await context.setOffline(true);
    await page.goto(`${t.url}/downloads/${content.practiceSet.id}/practice`);
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByText('0 of 3 right (0%)').waitFor();
    await t.db
      .updateTable('practice_sets')
      .set({ is_active: 0 })
      .where('id', '=', content.practiceSet.id)
      .execute();
    await context.setOffline(false);
    await page.goto(`${t.url}/dashboard`);
    const refusal = page.getByRole('alert').filter({ hasText: 'Your attempt at Fluids Practice Set 1' });
    expect(await refusal.innerText()).toContain('could not be saved: Practice set not found');
    expect(await pending().count()).toBe(0);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => refusal.count()).toBe(0);
    expect(await offlineSessions()).toHaveLength(1);
  });

  it("drops one student's copies when another signs in after a session that ended without a sign-out", async () => {
    await signOut('Kofi Boateng');
    await signIn(STUDENT.email, STUDENT.password1);
    await page.goto(`${t.url}/results`);
    await page.getByText('2 quizzes completed').waitFor();
    const ama = await userIdOf(STUDENT.email);
    await expect.poll(() => copiesOnPhone(ama)).toBe(1);

    // Her session dies (a refused refresh sends the phone to the sign-in page): no sign-out ran,
    // so her copies are still on the phone.
    await page.evaluate(() => {
      localStorage.setItem('access_token', 'not-a-valid-token');
      localStorage.setItem('refresh_token', 'not-a-valid-refresh-token');
    });
    await page.goto(`${t.url}/dashboard`);
    await page.waitForURL('**/login');
    expect(await copiesOnPhone(ama)).toBe(1);

    // Kofi signs in on the same phone: hers go, and offline his results show nothing of hers.
    await signIn(KOFI.email, STUDENT.password1);
    await expect.poll(() => copiesOnPhone(ama)).toBe(0);
    const kofi = await userIdOf(KOFI.email);
    await expect.poll(() => copiesOnPhone(kofi)).toBe(1);
    await context.setOffline(true);
    await page.goto(`${t.url}/results`);
    await page.getByTestId('needs-connection').waitFor();
    expect(await page.getByText(/quiz(zes)? completed/).count()).toBe(0);
    await context.setOffline(false);
  });
});
