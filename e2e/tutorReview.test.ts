// Tutors review each other's questions in Chromium: one writes a question with why each wrong
// option is wrong, a second sends it back with a comment, the author fixes and resubmits, the
// second approves it, and a student's next practice of the set shows it with its rationale.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndIn, STUDENT, startTestServer, type TestServer } from '../server/test/harness';
import { insertSchool, signInSchoolStaff, STAFF_PASSWORD } from '../server/test/schools';
import { launchBrowser, screenshot, watchConsole } from './browser';
import { submitSignIn, unexpectedErrors } from './pageHelpers';
import { practiceSetWithPath } from './practiceSetPath';
import { studentOnPhone } from './studentOnPhone';

let t: TestServer;
let browser: Browser;
let listPath: string;
/** Each page's console errors, collected as they come. */
const consoles: string[][] = [];

const QUESTION = 'A patient on digoxin has an apical pulse of 52. What should the nurse do first?';
const WHY_A = 'A pulse under 60 makes giving digoxin unsafe.';

beforeAll(async () => {
  t = await startTestServer();
  const school = await insertSchool(t.db, 'Ridge Tutors Test College');
  await signUpAndIn(t);
  await t.db.updateTable('users').set({ school_id: school.id }).where('email', '=', STUDENT.email).execute();
  const made = await practiceSetWithPath(t.db, 'Cardiac drugs', 2);
  listPath = made.listPath;
  // The school's own set (under a national topic): its tutors add to it, only its students see it.
  await t.db
    .updateTable('practice_sets')
    .set({ school_id: school.id })
    .where('id', '=', made.set.id)
    .execute();
  await t.db
    .updateTable('questions')
    .set({ school_id: school.id })
    .where('practice_set_id', '=', made.set.id)
    .execute();
  for (const email of ['ama@korlebu.example.com', 'kofi@korlebu.example.com'])
    await signInSchoolStaff(t, { schoolId: school.id, role: 'tutor', email });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function tutor(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(25_000);
  consoles.push(watchConsole(page));
  await submitSignIn(page, t.url, { email, password: STAFF_PASSWORD });
  await page.waitForURL(`${t.url}/admin`);
  return page;
}

const status = (page: Page) => page.getByTestId('draft-status');

describe('a tutor’s question under review', { timeout: 180_000 }, () => {
  it('is written, sent back, fixed, approved, and then practised by a student with its rationale', async () => {
    const author = await tutor('ama@korlebu.example.com');
    await author.getByRole('tab', { name: 'Review Questions', exact: true }).click();
    await author.getByRole('link', { name: 'Write a question' }).click();
    const form = author.getByRole('form', { name: 'Question' });
    await form
      .getByLabel('Set', { exact: true })
      .selectOption({ label: 'Practice: Cardiac drugs (Fluid balance)' });
    await form.getByLabel('Question text').fill(QUESTION);
    await form.getByLabel('Option A', { exact: true }).fill('Give the dose as prescribed');
    await form.getByLabel('Why A is wrong (optional)').fill(WHY_A);
    await form.getByLabel('Option B', { exact: true }).fill('Withhold the dose and inform the prescriber');
    await form.getByLabel('Option C', { exact: true }).fill('Give half the dose');
    await form.getByLabel('Option D', { exact: true }).fill('Recheck the pulse in 4 hours');
    await form.getByLabel('Correct answer').selectOption('B');
    await form.getByLabel('Explanation').fill('Digoxin is withheld when the apical pulse is under 60.');

    // The preview is the quiz's own panel at a phone's width, and Check Answer works on it.
    const preview = author.getByTestId('draft-preview');
    await preview.getByText(QUESTION).waitFor();
    expect((await preview.boundingBox())?.width).toBe(360);
    await preview.locator('[data-option="A"]').click();
    await preview.getByRole('button', { name: 'Check Answer' }).click();
    await preview.getByText(`Why A is wrong: ${WHY_A}`).waitFor();
    await screenshot(author, 'tutor-question-form-1280');

    await author.getByRole('button', { name: 'Submit for review' }).click();
    await author.getByText('Submitted for review.').waitFor();
    expect(await status(author).innerText()).toBe('Waiting for review');
    const draftUrl = author.url();
    // The author has no Approve button on their own question.
    expect(await author.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    const reviewer = await tutor('kofi@korlebu.example.com');
    await reviewer.goto(`${t.url}/admin/review`);
    await reviewer.getByRole('link', { name: QUESTION }).click();
    await reviewer.getByLabel('Your comment').fill('Say who to inform: the doctor on call.');
    await reviewer.getByRole('button', { name: 'Request changes' }).click();
    await reviewer.getByText('Sent back to its author with your comment.').waitFor();
    expect(await status(reviewer).innerText()).toBe('Changes requested');
    expect(
      await t.db.selectFrom('questions').select('id').where('question_text', '=', QUESTION).execute(),
    ).toEqual([]);

    await author.goto(draftUrl);
    await author.getByText('Say who to inform: the doctor on call.').waitFor();
    await author
      .getByLabel('Option B', { exact: true })
      .fill('Withhold the dose and inform the doctor on call');
    await author.getByRole('button', { name: 'Submit for review' }).click();
    await author.getByText('Submitted for review.').waitFor();

    await reviewer.goto(draftUrl);
    await reviewer.getByText('Withhold the dose and inform the doctor on call').first().waitFor();
    await reviewer.getByRole('button', { name: 'Approve' }).click();
    await reviewer.getByText('Approved: the question is live for students.').waitFor();
    expect(await status(reviewer).innerText()).toBe('Approved (live)');
    await screenshot(reviewer, 'tutor-question-approved-1280');
    const live = await t.db
      .selectFrom('questions')
      .select(['option_b', 'rationale_a', 'position'])
      .where('question_text', '=', QUESTION)
      .execute();
    expect(live).toEqual([
      { option_b: 'Withhold the dose and inform the doctor on call', rationale_a: WHY_A, position: 3 },
    ]);

    // The student's next practice of the set has it, and a wrong choice shows why it is wrong.
    const phone = await studentOnPhone(t);
    const page = phone.page;
    await page.goto(`${t.url}${listPath}`);
    await page.getByRole('link', { name: 'Start Practice: Cardiac drugs' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start Quiz' }).click();
    await page.getByText('Question 1 of 3').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(QUESTION).waitFor();
    await page.locator('[data-option="A"]').click();
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await page.getByText('Incorrect', { exact: true }).waitFor();
    await page.getByText(`Why A is wrong: ${WHY_A}`).waitFor();
    await screenshot(page, 'student-rationale-360');
    expect(unexpectedErrors([...consoles.flat(), ...phone.errors])).toEqual([]);
    await phone.browser.close();
  });
});
