// Spaced review on a 360 px phone: a real student misses questions in a
// practice set and marks a right answer "not sure"; grading puts the three in the deck (new cards
// are due at once, ts-fsrs's createEmptyCard), the dashboard counts them, the Review screen takes
// them one by one as Anki does (the key and the explanation first, then Hard / Good / Easy) with
// ts-fsrs's schedule, a second phone signed in as the same student sees the same deck, and the
// student's daily limit on new cards is kept on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createEmptyCard, fsrs, Rating, type Grade } from 'ts-fsrs';
import { cardOf, stateOf } from '../server/services/reviewDeck';
import { signUpAndIn, startTestServer, STUDENT, type TestServer } from '../server/test/harness';
import {
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
} from '../server/test/fixtures';
import { launchBrowser, watchConsole } from './browser';
import { screenshotsAtBothWidths, submitSignIn } from './pageHelpers';

let t: TestServer;
let browser: Browser;
const phones: BrowserContext[] = [];
let page: Page;
let errors: string[];
let setId: number;
/** Question text to its key: insertQuestions makes P1..P4 with keys A, B, C, D. */
const KEYS: Record<string, string> = { P1: 'A', P2: 'B', P3: 'C', P4: 'D' };

async function signIn(context: BrowserContext): Promise<Page> {
  const p = await context.newPage();
  p.setDefaultTimeout(10_000);
  await submitSignIn(p, t.url, { email: STUDENT.email, password: STUDENT.password1 });
  await p.waitForURL('**/dashboard');
  return p;
}

const phone = async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  phones.push(context);
  return context;
};

/** The label of the card the page shows ("P2"), from its question text. */
async function shownCard(p: Page): Promise<string> {
  // Only a card not yet answered offers the check.
  await p.getByRole('button', { name: 'Show answer' }).waitFor();
  const text = await p.locator('#review-question').innerText();
  return text.split(':')[0];
}

const cardRow = (label: string) =>
  t.db
    .selectFrom('review_cards')
    .innerJoin('questions', 'questions.id', 'review_cards.question_id')
    .selectAll('review_cards')
    .where('questions.question_text', 'like', `${label}:%`)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startTestServer();
  await signUpAndIn(t);
  const program = await insertProgram(t.db);
  const paper = await insertPaper(t.db, program.id);
  const topic = await insertTopic(t.db, paper.id);
  const set = await insertPracticeSet(t.db, topic.id, 'Fluid balance drill');
  await insertQuestions(t.db, { practice_set_id: set.id }, 4, 'P');
  setId = set.id;
  browser = await launchBrowser();
  page = await signIn(await phone());
  errors = watchConsole(page);
});

afterAll(async () => {
  for (const context of phones) await context.close();
  await browser?.close();
  await t?.close();
});

describe('spaced review on a phone', () => {
  it('puts the misses and a "not sure" right answer in the deck when the practice is graded', async () => {
    await page.goto(`${t.url}/quiz/practice/${setId}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Start Quiz' }).click();
    const option = (letter: string) => page.locator(`[data-option="${letter}"]`);
    // P1 right but not sure, P2 and P3 wrong, P4 right.
    for (const [i, letter] of ['A', 'C', 'A', 'D'].entries()) {
      await page.getByText(`Question ${i + 1} of 4`).waitFor();
      await option(letter).click();
      if (i === 0) {
        const notSure = page.getByRole('button', { name: 'Not sure' });
        await notSure.click();
        await expect.poll(() => notSure.getAttribute('aria-pressed')).toBe('true');
        const box = await notSure.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
        expect(box!.width).toBeGreaterThanOrEqual(44);
        await screenshotsAtBothWidths(page, 'quiz-not-sure');
      }
      await page.getByRole('button', { name: 'Check Answer' }).click();
      await page
        .getByText(letter === KEYS[`P${i + 1}`] ? 'Correct!' : 'Incorrect', { exact: true })
        .waitFor();
      if (i < 3) await page.getByRole('button', { name: 'Next' }).click();
    }
    const cardsBefore = await t.db.selectFrom('review_cards').selectAll().execute();
    expect(cardsBefore).toEqual([]);
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/quiz/result/*');

    await page.goto(`${t.url}/dashboard`);
    await page.getByTestId('due-reviews').getByText('3 cards due now').waitFor();
    await screenshotsAtBothWidths(page, 'dashboard-due-reviews');
  });

  it('reviews the cards one by one as ts-fsrs schedules them, and the count drops', async () => {
    await page.getByRole('link', { name: 'Review now' }).click();
    await page.waitForURL('**/review');
    await page.getByTestId('review-due').getByText('3 cards due now').waitFor();
    await page.locator('#review-question').waitFor();
    await screenshotsAtBothWidths(page, 'review-card');

    const reviewed: string[] = [];
    const plan: Array<{ right: boolean; button?: string; rating: Grade; back: RegExp; left: string }> = [
      { right: true, button: 'Good', rating: Rating.Good, back: /comes back in 10 minutes/, left: '2 cards' },
      { right: false, rating: Rating.Again, back: /comes back in 1 minute\./, left: '1 card' },
      {
        right: true,
        button: 'Easy',
        rating: Rating.Easy,
        back: /comes back on \d{1,2} [A-Z][a-z]{2} \d{4}/,
        left: '0 cards',
      },
    ];
    for (const step of plan) {
      const label = await shownCard(page);
      reviewed.push(label);
      const before = await cardRow(label);
      const key = KEYS[label];
      await page.locator(`[data-option="${step.right ? key : key === 'A' ? 'B' : 'A'}"]`).click();
      await page.getByRole('button', { name: 'Show answer' }).click();
      const status = page.getByRole('status').filter({ hasText: 'Correct answer' });
      await status.getByText(step.right ? 'Correct!' : 'Incorrect', { exact: true }).waitFor();
      await status.getByText(`Explanation for ${label}`).waitFor();
      if (step.button) {
        // The key and the explanation come first: the card waits, untouched, for the rating.
        const rate = page.getByRole('button', { name: new RegExp(`^${step.button} (in|on) `) });
        await rate.waitFor();
        expect(await cardRow(label)).toMatchObject({
          due: before.due,
          reps: before.reps,
          state: before.state,
        });
        if (label === reviewed[0]) await screenshotsAtBothWidths(page, 'review-rate');
        await rate.click();
        await expect.poll(() => page.getByTestId('last-review').innerText()).toMatch(step.back);
      } else {
        await expect.poll(() => page.getByTestId('review-schedule').innerText()).toMatch(step.back);
        expect(await page.getByRole('button', { name: /^(Hard|Good|Easy)/ }).count()).toBe(0);
        await screenshotsAtBothWidths(page, 'review-outcome');
      }

      const after = await cardRow(label);
      const expected = fsrs().next(cardOf(before), new Date(after.last_review!), step.rating).card;
      expect(after.due).toBe(expected.due.toISOString());
      expect(after.state).toBe(expected.state);
      await page.getByTestId('review-due').getByText(`${step.left} due now`).waitFor();
      if (!step.button) await page.getByRole('button', { name: 'Next card' }).click();
    }
    expect(new Set(reviewed)).toEqual(new Set(['P1', 'P2', 'P3']));
    await page.getByText('Nothing to review right now').waitFor();
    await page.goto(`${t.url}/dashboard`);
    await page.getByTestId('due-reviews').getByText('0 cards due now').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the same schedule on another phone signed in as the same student', async () => {
    const other = await signIn(await phone());
    const otherErrors = watchConsole(other);
    await other.getByTestId('due-reviews').getByText('0 cards due now').waitFor();
    await other.goto(`${t.url}/review`);
    await other.getByText('Nothing to review right now').waitFor();
    // The card answered wrong comes back a minute after its review, on both phones. The test does
    // not wait that minute: it moves the card's due time (and only that) into the past.
    const again = await t.db
      .selectFrom('review_cards')
      .select(['id', 'due'])
      .where('state', '=', 1)
      .where('lapses', '=', 0)
      .where('scheduled_days', '=', 0)
      .orderBy('due')
      .executeTakeFirstOrThrow();
    expect(new Date(again.due).getTime()).toBeGreaterThan(Date.now());
    await t.db
      .updateTable('review_cards')
      .set({ due: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', again.id)
      .execute();
    for (const p of [other, page]) {
      await p.goto(`${t.url}/dashboard`);
      await p.getByTestId('due-reviews').getByText('1 card due now').waitFor();
    }
    await other.goto(`${t.url}/review`);
    const label = await shownCard(other);
    await page.goto(`${t.url}/review`);
    expect(await shownCard(page)).toBe(label);

    // The first phone answers it; the second, still showing it, is told and moves on.
    await page.locator(`[data-option="${KEYS[label]}"]`).click();
    await page.getByRole('button', { name: 'Show answer' }).click();
    await page.getByText('Correct!', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Good in / }).click();
    await page.getByTestId('last-review').waitFor();
    await other.locator(`[data-option="${KEYS[label]}"]`).click();
    await other.getByRole('button', { name: 'Show answer' }).click();
    await other.getByText('This card was already reviewed: it is not due yet.').waitFor();
    await other.getByRole('button', { name: 'Next card' }).click();
    await other.getByText('Nothing to review right now').waitFor();
    expect(otherErrors.filter((e) => !e.includes('409'))).toEqual([]);
  });

  it('keeps the daily limit on new cards the student sets, and holds the new cards past it', async () => {
    const limit = async () =>
      (
        await t.db
          .selectFrom('users')
          .select('review_new_per_day')
          .where('email', '=', STUDENT.email)
          .executeTakeFirstOrThrow()
      ).review_new_per_day;
    expect(await limit()).toBe(20);
    // A new card, never reviewed, due now: as grading makes one for a missed question.
    const p4 = await t.db
      .selectFrom('questions')
      .select('id')
      .where('question_text', 'like', 'P4:%')
      .executeTakeFirstOrThrow();
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', STUDENT.email)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('review_cards')
      .values({ user_id: user.id, question_id: p4.id, ...stateOf(createEmptyCard(new Date())) })
      .execute();
    await page.goto(`${t.url}/review`);
    await page.getByTestId('review-due').getByText('1 card due now').waitFor();

    const field = page.getByLabel('New cards a day');
    await field.fill('600');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter at most 500.').waitFor();
    expect(await limit()).toBe(20);

    await field.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved: up to 0 new cards a day.').waitFor();
    expect(await limit()).toBe(0);
    await page
      .getByTestId('review-due')
      .getByText('0 cards due now · 1 new card held for another day')
      .waitFor();
    await page.getByText('Nothing to review right now').waitFor();
    await screenshotsAtBothWidths(page, 'review-daily-limit');

    await page.reload();
    expect(await page.getByLabel('New cards a day').inputValue()).toBe('0');
    await page.getByLabel('New cards a day').fill('20');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('review-due').getByText('1 card due now').waitFor();
    expect(await limit()).toBe(20);
    expect(await shownCard(page)).toBe('P4');
    expect(errors).toEqual([]);
  });
});
