// Exams drawn from the bank, in Chromium: a student on a 360 px phone takes a programme's exam-day
// simulation (set small here so it is quick), reloads in the middle and finds the same questions
// and answers, submits and sees the result; an admin makes a mock drawn in the Content tab, and
// two students who start it get different questions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createOrPromoteAdmin } from '../server/services/admins';
import { insertMockSet, insertPaper, insertProgram } from '../server/test/fixtures';
import { topicWithQuestions } from '../server/test/drawBank';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { launchBrowser, watchConsole } from './browser';
import { screenshotsAtBothWidths, submitSignIn } from './pageHelpers';

const ADMIN = { email: 'registrar@nmtc.example.com', password: 'Ward-Round-Ledger-77' };
const PASSWORD = 'Kente-Weaver-2024';

let t: TestServer;
let browser: Browser;
let programId: number;
let paperId: number;
let mockId: number;
const errors: string[] = [];

/** A page of its own (a context of its own), signed in; students on a 360 px phone. */
async function signedIn(email: string, password: string, width = 360): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  errors.push(...watchConsole(page));
  await submitSignIn(page, t.url, { email, password });
  await page.waitForURL(/\/(dashboard|admin)/);
  return page;
}

async function student(email: string): Promise<Page> {
  await signUpAndIn(t, { email, password1: PASSWORD, password2: PASSWORD });
  return signedIn(email, PASSWORD);
}

const sessionsOf = (origin: 'exam_day' | 'set') =>
  t.db.selectFrom('quiz_sessions').selectAll().where('origin', '=', origin).orderBy('id').execute();
const questionLabel = async (page: Page) => (await page.locator('#question-text').innerText()).split(':')[0];

beforeAll(async () => {
  t = await startTestServer();
  const program = await insertProgram(t.db, 'General Nursing');
  const one = await insertPaper(t.db, program.id, 'Paper 1');
  const two = await insertPaper(t.db, program.id, 'Paper 2');
  await topicWithQuestions(t.db, one.id, 'Vital signs', 8);
  await topicWithQuestions(t.db, one.id, 'Medication', 6);
  await topicWithQuestions(t.db, two.id, 'Immunisation', 6);
  await t.db
    .updateTable('programs')
    .set({ exam_day_questions: 6, exam_day_minutes: 10 })
    .where('id', '=', program.id)
    .execute();
  const mock = await insertMockSet(t.db, one.id, 'Paper 1 drawn mock', 20);
  await createOrPromoteAdmin(t.db, ADMIN.email, ADMIN.password);
  [programId, paperId, mockId] = [program.id, one.id, mock.id];
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('exam day on a 360 px phone', () => {
  it('takes the simulation with a reload in the middle, submits and sees the result', async () => {
    const page = await student('abena.day@example.com');
    await page.goto(`${t.url}/mock-exams/${programId}/papers`);
    const card = page.getByRole('listitem').filter({ hasText: 'Exam day simulation' });
    await card.getByText('6 questions').waitFor();
    await card.getByText('10 minutes').waitFor();
    await card.getByRole('link', { name: 'Exam day simulation' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Exam day: General Nursing' }).waitFor();
    await modal.getByRole('button', { name: 'Start Exam' }).click();
    await page.getByTestId('countdown').waitFor();
    await page.waitForURL('**/quiz/session/*');
    const [session] = await sessionsOf('exam_day');
    expect(JSON.parse(session.question_ids)).toHaveLength(6);
    expect(await page.locator('#question-text').innerText()).not.toMatch(/Explanation/);

    const first = await questionLabel(page);
    await page.locator('[data-option]').first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    const second = await questionLabel(page);
    const secondChoice = (await page.locator('[data-option]').nth(2).getAttribute('data-option'))!;
    await page.locator('[data-option]').nth(2).click();
    await page.getByText('All answers saved').waitFor();
    await screenshotsAtBothWidths(page, 'exam-day-running');

    await page.reload();
    await page.getByTestId('countdown').waitFor();
    await page.getByRole('button', { name: 'Question 1, answered' }).waitFor();
    await page.getByRole('button', { name: 'Question 2, answered' }).click();
    expect(await questionLabel(page)).toBe(second);
    expect(await page.locator(`[data-option="${secondChoice}"]`).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Question 1, answered' }).click();
    expect(await questionLabel(page)).toBe(first);
    expect(await sessionsOf('exam_day')).toEqual([session]);

    await page.getByRole('button', { name: 'Quit & Submit' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/quiz/result/*');
    await page.getByRole('heading', { name: 'Exam day: General Nursing' }).waitFor();
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    expect(await page.getByText('Your Answer', { exact: true }).count()).toBe(2);
    const [result] = await t.db.selectFrom('quiz_results').selectAll().execute();
    expect(result.total_questions).toBe(6);
    await page.goto(`${t.url}/results`);
    await page.getByText('Exam day: General Nursing').first().waitFor();
    expect(errors).toEqual([]);
  });
});

describe('a drawn mock made by an admin', () => {
  it('is made in the Content tab, and two students starting it get different questions', async () => {
    const admin = await signedIn(ADMIN.email, ADMIN.password, 1280);
    await admin.goto(`${t.url}/admin?tab=content`);
    const mocks = admin.getByRole('region', { name: /^Mock Exam Sets/ });
    await mocks.getByText('Empty: hidden from students').waitFor();
    await mocks.getByRole('button', { name: 'Fixed or drawn questions of Paper 1 drawn mock' }).click();
    const form = admin.getByRole('form', { name: 'Questions of Paper 1 drawn mock' });
    await form.getByLabel("Drawn for each attempt, spread over the paper's topics as the bank is").check();
    await form.getByText('The paper holds 14 active questions.').waitFor();
    await form.getByLabel('Number of questions', { exact: true }).fill('5');
    await form.getByLabel('Time limit (minutes)', { exact: true }).fill('12');
    await form.getByRole('button', { name: 'Save' }).click();
    await mocks.getByText('drawn: 5 questions each attempt', { exact: false }).waitFor();
    expect(
      await t.db.selectFrom('mock_exam_sets').select(['draw_count', 'time_limit_minutes']).execute(),
    ).toEqual([{ draw_count: 5, time_limit_minutes: 12 }]);

    const drawn: number[][] = [];
    for (const email of ['kofi.draw@example.com', 'esi.draw@example.com']) {
      const page = await student(email);
      await page.goto(`${t.url}/mock-exams/${programId}/papers/${paperId}/exam-sets`);
      await page.getByRole('link', { name: 'Start Exam: Paper 1 drawn mock' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByText('Each attempt draws its own questions', { exact: false }).waitFor();
      await modal.getByRole('button', { name: 'Start Exam' }).click();
      await page.getByTestId('countdown').waitFor();
      await page.getByText('Question 1 of 5').waitFor();
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const [session] = await t.db
        .selectFrom('quiz_sessions')
        .select('question_ids')
        .where('user_id', '=', user.id)
        .where('quiz_id', '=', mockId)
        .execute();
      drawn.push(JSON.parse(session.question_ids) as number[]);
    }
    expect(drawn.map((ids) => new Set(ids).size)).toEqual([5, 5]);
    expect(drawn[0]).not.toEqual(drawn[1]);
    expect(errors).toEqual([]);
  });
});
