// The student's whole journey in Chromium against the built app on a fresh database:
// register -> the mailed verification link -> sign in -> a practice set with Check
// Answer -> a mock exam reloaded mid-way and briefly offline -> submit -> review -> results ->
// retake. One browser and one page for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { linkIn, startTestServer, STUDENT, type TestServer } from '../server/test/harness';
import { launchBrowser, watchConsole } from './browser';
import {
  countdownSeconds,
  screenshotsAtBothWidths,
  unexpectedErrors,
  formReady,
  submitSignIn,
} from './pageHelpers';
import { MOCK_MINUTES, MOCK_QUESTIONS, seedContent } from './seedContent';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let content: Awaited<ReturnType<typeof seedContent>>;

beforeAll(async () => {
  t = await startTestServer();
  content = await seedContent(t.db);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  errors = watchConsole(page);
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Answers the server holds for the open mock session. */
async function mockAnswersSaved(): Promise<number> {
  const rows = await t.db
    .selectFrom('session_answers')
    .innerJoin('quiz_sessions', 'quiz_sessions.id', 'session_answers.session_id')
    .where('quiz_sessions.quiz_type', '=', 'mock')
    .where('quiz_sessions.submitted_at', 'is', null)
    .select('session_answers.question_id')
    .execute();
  return rows.length;
}

const option = (letter: string) => page.locator(`[data-option="${letter}"]`);

describe('student journey', () => {
  it("shows the landing page with this instance's figures and its footer", async () => {
    await page.goto(t.url);
    await page.getByText('NMC PREP RN').first().waitFor();
    // The bank seedContent wrote: 3 practice and 12 mock questions, one program, two topics.
    expect(
      (await page.getByRole('region', { name: 'In this app' }).innerText()).replace(/\s+/g, ' ').trim(),
    ).toBe('15 Questions 1 Program 2 Topics');
    for (const claim of ['No credit card needed', 'Free to use', `© ${new Date().getFullYear()}`]) {
      await page.getByText(claim, { exact: false }).first().waitFor();
    }
    await screenshotsAtBothWidths(page, 'landing');
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.waitForURL('**/login');
    await screenshotsAtBothWidths(page, 'login');

    // Keyboard alone reaches every control of the form, each with a visible focus indicator.
    await page.getByLabel('Email').focus();
    const stops: string[] = [];
    for (let i = 0; i < 6; i++) {
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          const visible = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
          const name =
            el.getAttribute('aria-label') ??
            (el as HTMLInputElement).labels?.[0]?.textContent ??
            el.textContent;
          return `${name?.trim()}${visible ? '' : ' (no focus ring)'}`;
        }),
      );
      await page.keyboard.press('Tab');
    }
    expect(stops).toEqual([
      'Email',
      'Password',
      'Show password',
      'Remember me',
      'Forgot password?',
      'Sign In',
    ]);
  });

  it('registers with every field, refusing mismatched passwords without a call', async () => {
    await page.goto(`${t.url}/register`);
    await formReady(page);
    await page.getByLabel('Full name').fill(STUDENT.full_name);
    await page.getByLabel('Email').fill(STUDENT.email);
    await page.getByLabel('Password', { exact: true }).fill(STUDENT.password1);
    await page.getByLabel('Confirm password').fill('Something-Else-99');
    await page.getByLabel('Date of birth').pressSequentially('20010412');
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('2001/04/12');
    await page.getByLabel('Gender').selectOption('Female');
    expect(await page.getByLabel('Region of institution').locator('option').count()).toBe(17);
    await page.getByLabel('Region of institution').selectOption('Ashanti');
    await page.getByLabel('Program of study').fill(STUDENT.program_of_study);
    await page.getByRole('combobox', { name: 'School' }).fill('nursing');
    expect(await page.getByRole('listbox', { name: 'School suggestions' }).getByRole('option').count()).toBe(
      8,
    );
    // Hidden shortly after the field loses focus (200 ms, so a tap on a suggestion still lands).
    await page.keyboard.press('Tab');
    await page
      .getByRole('listbox', { name: 'School suggestions' })
      .waitFor({ state: 'detached', timeout: 1000 });
    await page.getByRole('combobox', { name: 'School' }).fill('KUMASI');
    await page.getByRole('option', { name: 'Kumasi Nurses and Midwifery Training College' }).click();
    expect(await page.getByRole('combobox', { name: 'School' }).inputValue()).toBe(STUDENT.school);
    await screenshotsAtBothWidths(page, 'register');

    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match').waitFor();
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0);

    await page.getByLabel('Confirm password').fill(STUDENT.password1);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/check-email');
    await page.getByText(STUDENT.email).waitFor();
  });

  it('offers to resend the link to an unverified address, then verifies through the mail and signs in', async () => {
    await submitSignIn(page, t.url, { email: STUDENT.email, password: STUDENT.password1 });
    await page.getByText('E-mail is not verified.').waitFor();
    // Chromium logs every refused request; this refusal is the point of the step.
    expect(errors.splice(0)).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText('a new link is on its way').waitFor();

    await t.waitForMail(STUDENT.email, /Confirm/);
    await t.settle();
    const mails = t.mails.filter((m) => m.to === STUDENT.email && /Confirm/.test(m.subject));
    await page.goto(linkIn(mails[mails.length - 1].text));
    await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(STUDENT.password1);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL('**/email-verified');
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
    await page.getByRole('link', { name: 'Continue to Login' }).click();

    await page.getByLabel('Email').fill(STUDENT.email);
    await page.getByLabel('Password', { exact: true }).fill(STUDENT.password1);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${STUDENT.full_name}!` }).waitFor();
    expect(
      await page.evaluate(() =>
        Boolean(localStorage.getItem('access_token') && localStorage.getItem('refresh_token')),
      ),
    ).toBe(true);
    await screenshotsAtBothWidths(page, 'dashboard');
  });

  it('walks the practice wizard with search and checks answers', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Practice Tests' })
      .click();
    await page.waitForURL('**/practice-tests');
    await page.getByRole('link', { name: `Choose Program: ${content.program.name}` }).click();
    await page.getByRole('link', { name: `View Topics: ${content.paper.name}` }).click();
    await page.getByRole('link', { name: `View Practice Sets: ${content.emptyTopic.name}` }).click();
    await page.getByRole('heading', { name: 'No Practice Sets Available' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: content.paper.name })
      .click();
    await page.getByLabel('Search topics').fill('zzz');
    await page.getByRole('heading', { name: 'No Topics Found' }).waitFor();
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await page.getByLabel('Search topics').fill('DEHYDRATION');
    expect(await page.getByRole('link', { name: /^View Practice Sets: / }).count()).toBe(1);
    await page.getByRole('link', { name: `View Practice Sets: ${content.topic.name}` }).click();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(content.topic.name).waitFor();
    // A set without questions is never offered to a student.
    await page.getByRole('link', { name: `Start Practice: ${content.practiceSet.title}` }).waitFor();
    expect(await page.getByRole('link', { name: `Start Practice: ${content.emptySet.title}` }).count()).toBe(
      0,
    );
    await page.getByRole('link', { name: `Start Practice: ${content.practiceSet.title}` }).click();
    await page.waitForURL(`**/quiz/practice/${content.practiceSet.id}`);

    const modal = page.getByRole('dialog');
    await modal.getByText('3', { exact: true }).waitFor();
    await modal.getByRole('button', { name: 'Start Quiz' }).click();
    await page.getByText(`Practice · ${content.topic.name}`, { exact: false }).waitFor();

    await option('B').click();
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await page.getByText('Correct!').waitFor();
    await page.getByText('Because choice B is right for question 1.').waitFor();
    expect(await option('A').isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await option('C').click();
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await page.getByText('Incorrect').waitFor();
    await page.getByText('Correct answer: A. First choice 2').waitFor();
    expect(await page.locator('.border-red-600').count()).toBe(1);
    expect(await page.locator('.border-green-600').count()).toBe(1);

    await page.getByRole('button', { name: 'Next' }).click();
    // The options are one radio group: arrows move and choose, wrapping round.
    expect(await option('A').getAttribute('tabindex')).toBe('0');
    await option('A').focus();
    await page.keyboard.press('ArrowUp');
    expect(await option('D').getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/quiz/result/*');
    await page.getByTestId('percentage').getByText('67%').waitFor();
  });

  it('keeps a mock exam through a reload and a dropped connection, retries the submit, and reviews it', async () => {
    await page.goto(`${t.url}/mock-exams`);
    await page.getByRole('link', { name: `Choose Program: ${content.program.name}` }).click();
    // A paper without a mock says so in the list instead of leading to an empty page.
    const emptyPaper = page.getByRole('listitem').filter({ hasText: content.emptyPaper.name });
    await emptyPaper.getByText('No mock exam for this paper yet').waitFor();
    expect(await emptyPaper.getByRole('link').count()).toBe(0);
    await page.getByRole('link', { name: `View Mock Exams: ${content.paper.name}` }).click();
    await page.getByRole('link', { name: `Start Exam: ${content.mockSet.title}` }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText(`${MOCK_MINUTES} minutes`).waitFor();
    await modal.getByText('cannot be paused or restarted', { exact: false }).waitFor();
    await modal.getByText('submitted automatically when time expires', { exact: false }).waitFor();
    await modal.getByText('stable internet connection', { exact: false }).waitFor();
    // The questions come compressed (brotli, which Chromium asks for first).
    const started = page.waitForResponse((r) => r.url().includes('quiz.start'));
    await modal.getByRole('button', { name: 'Start Exam' }).click();
    expect((await started).headers()['content-encoding']).toBe('br');

    const chosen = ['A', 'C', 'B'];
    for (const [i, letter] of chosen.entries()) {
      await option(letter).click();
      if (i < chosen.length - 1) await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByText('All answers saved').waitFor();
    const before = await countdownSeconds(page);
    expect(before).toBeLessThanOrEqual(MOCK_MINUTES * 60);
    const questionTexts = async () => {
      const texts: string[] = [];
      for (let n = 1; n <= MOCK_QUESTIONS; n++) {
        await page.getByRole('button', { name: new RegExp(`^Question ${n},`) }).click();
        texts.push(await page.locator('#question-text').innerText());
      }
      return texts;
    };
    const order = await questionTexts();
    expect(await mockAnswersSaved()).toBe(3);
    await screenshotsAtBothWidths(page, 'mock-exam');

    await page.reload();
    await page.getByRole('dialog').getByText('in progress', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Resume' }).click();
    const after = await countdownSeconds(page);
    expect(after).toBeLessThanOrEqual(before);
    expect(before - after).toBeLessThan(15);
    for (const n of [1, 2, 3]) await page.getByRole('button', { name: `Question ${n}, answered` }).waitFor();
    // Resume opens at the first unanswered question.
    await page.getByText(`Question 4 of ${MOCK_QUESTIONS}`).waitFor();
    await page.getByRole('button', { name: 'Question 1, answered' }).click();
    expect(await option('A').getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Question 2, answered' }).click();
    expect(await option('C').getAttribute('aria-checked')).toBe('true');
    expect(await questionTexts()).toEqual(order);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Question 4, not answered' }).click();
    await option('D').click();
    await page.getByText(/Offline — answers will be sent|retrying/).waitFor();
    await page.reload().catch(() => undefined);
    await context.setOffline(false);
    await page.goto(`${t.url}/quiz/mock/${content.mockSet.id}`);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Question 4, answered' }).waitFor();
    // The first sends may still meet the emulated outage and back off for a few seconds.
    await page.getByText('All answers saved').waitFor({ timeout: 20_000 });
    await expect.poll(mockAnswersSaved).toBe(4);

    await page.getByRole('button', { name: 'Quit & Submit' }).click();
    await page
      .getByRole('alertdialog')
      .getByText(`You have ${MOCK_QUESTIONS - 4} unanswered questions`, { exact: false })
      .waitFor();
    // The submit meets a dead connection: it retries on its own, then offers Try again.
    await context.setOffline(true);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/Connection problem: trying again/).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 15_000 });
    await page.getByText('Your answers are safe on this device', { exact: false }).waitFor();
    await context.setOffline(false);
    const submitted = page.waitForRequest((r) => r.url().includes('quiz.submit'));
    await page.getByRole('button', { name: 'Try again' }).click();
    // All four answers were acknowledged as they were chosen: the submit does not carry them again.
    expect((await submitted).postData()).toContain('"answers":[]');
    await page.waitForURL('**/quiz/result/*');
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    expect(await page.getByText('Your Answer', { exact: true }).count()).toBe(4);
    expect(await page.getByText('Explanation', { exact: true }).count()).toBe(MOCK_QUESTIONS);
    await page
      .getByText('Excellent work|Great job|Good effort|You are getting there|Keep practising'.split('|')[4], {
        exact: false,
      })
      .waitFor();
    await screenshotsAtBothWidths(page, 'result-detail');
  });

  it('lists both results and retakes the mock from its detail', async () => {
    await page.getByRole('link', { name: 'View All Results' }).click();
    await page.waitForURL('**/results');
    await page.getByText('2 quizzes completed').waitFor();
    await page.getByText('Mock Exam', { exact: true }).waitFor();
    await page.getByText('Practice', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Take Another Mock Exam' }).waitFor();
    await page.getByRole('link', { name: 'Continue Practice' }).waitFor();
    await screenshotsAtBothWidths(page, 'results');

    await page.getByRole('link', { name: /Medical Nursing Mock 1/ }).click();
    await page.route('**/trpc/*quiz.start*', (route) => route.abort(), { times: 1 });
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.getByRole('alert').getByText('Failed to start retake. Please try again.').waitFor();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText('Failed to start retake. Please try again.').waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors.splice(0)).every((e) => e.includes('net::ERR_FAILED'))).toBe(true);
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.waitForURL(`**/quiz/mock/${content.mockSet.id}`);
    await page.getByRole('button', { name: 'Question 1, not answered' }).waitFor();
    expect(await countdownSeconds(page)).toBeGreaterThan(MOCK_MINUTES * 60 - 15);
    expect(await page.getByTestId('countdown').getAttribute('class')).not.toContain('text-red');
  });

  it('turns the clock red near the end and submits by itself at zero', async () => {
    await option('B').click();
    await page.getByText('All answers saved').waitFor();
    // Bring the retake's deadline close instead of waiting half an hour.
    await t.db
      .updateTable('quiz_sessions')
      .set({ deadline_at: new Date(Date.now() + 4000).toISOString() })
      .where('submitted_at', 'is', null)
      .execute();
    await page.reload();
    await page.getByRole('button', { name: 'Resume' }).click();
    expect(await page.getByTestId('countdown').getAttribute('class')).toContain('text-red');
    await page.waitForURL('**/quiz/result/*', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    expect(await page.getByText('Your Answer', { exact: true }).count()).toBe(1);
  });

  it('signs out from the account menu whatever happens, back to the landing page', async () => {
    // One of the dashboard's requests is still on its way at the sign-out: the server answers it
    // 401 (its sign-in was just revoked), which must not send the student on to the sign-in page.
    const onItsWay = '**/trpc/*review.dueCount*';
    let signedOut!: () => void;
    const held = new Promise<void>((resolve) => (signedOut = resolve));
    await page.route(onItsWay, async (route) => {
      await held;
      await route.continue();
    });
    const lateAnswer = page.waitForResponse(onItsWay);
    await page.goto(`${t.url}/dashboard`);
    await page.getByRole('button', { name: STUDENT.full_name }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${t.url}/`);
    signedOut();
    expect((await lateAnswer).status()).toBe(401);
    await page.unroute(onItsWay);
    // What the app does with that answer happens within a few milliseconds of it.
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${t.url}/`);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('access_token'),
        localStorage.getItem('refresh_token'),
      ]),
    ).toEqual([null, null]);
    await page.goto(`${t.url}/results`);
    await page.waitForURL(`${t.url}/`);
    // The browser logs the late answers' 401s itself; nothing else may be logged.
    expect(unexpectedErrors(errors).filter((e) => !e.includes('status of 401'))).toEqual([]);
  });
});
