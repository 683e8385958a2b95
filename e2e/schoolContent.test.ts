// A school's own content in Chromium: its school admin (1280 px; a tutor's upload would wait for
// review, e2e/tutorReview.test.ts) sees national content read-only and adds
// a practice set with questions under a national topic; a student of that school (360 px phone)
// finds and takes it; a student of another school never sees it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeCatalog } from '../server/test/fixtures';
import { signUpAndIn } from '../server/test/harness';
import { signInSchoolStaff, STAFF_PASSWORD } from '../server/test/schools';
import {
  addPracticeSetInContent,
  HEADER,
  poll,
  session,
  shot,
  signIn,
  SUITE_OPTIONS,
  useAdminSession,
  xlsxOf,
} from './adminSession';
import { submitSignIn } from './pageHelpers';
import { watchConsole } from './browser';

useAdminSession();

const SCHOOL_A = 'Kumasi Nurses and Midwifery Training College';
const SCHOOL_B = 'Tamale Nursing and Midwifery Training College';
const SET = 'Kumasi ward drill';
const QUESTIONS = [
  ['Normal adult resting heart rate?', '20-40', '60-100', '120-160', '180-200', 'B', 'At rest.'],
  ['Normal adult respiratory rate?', '4-8', '12-20', '30-40', '50-60', 'B', 'Breaths a minute.'],
];

/** A student of `school`, registered and signed in on a 360 x 740 phone in its own context. */
async function studentPhone(school: string, email: string): Promise<{ page: Page; errors: string[] }> {
  const { t } = session;
  const account = await signUpAndIn(t, { email, school });
  const context = await session.page
    .context()
    .browser()!
    .newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  page.setDefaultTimeout(25_000);
  const errors = watchConsole(page);
  await submitSignIn(page, t.url, { email, password: account.password });
  await page.waitForURL('**/dashboard');
  return { page, errors };
}

describe("a school's own practice set", SUITE_OPTIONS, () => {
  it('is added by its school admin, taken by its students, and unseen by another school', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    const school = await t.db
      .selectFrom('schools')
      .select('id')
      .where('name', '=', SCHOOL_A)
      .executeTakeFirstOrThrow();
    await signInSchoolStaff(t, {
      schoolId: school.id,
      role: 'school_admin',
      email: 'head@kumasi.example.com',
    });

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn('head@kumasi.example.com', STAFF_PASSWORD);
    await page.waitForURL(`${t.url}/admin`);
    const practiceSets = await addPracticeSetInContent(c, SET);
    // The national set is marked and offers no edit; the school's own set is theirs to change.
    const national = practiceSets.getByRole('listitem').filter({ hasText: c.practiceSet.title });
    await national.getByText('National: read-only').waitFor();
    expect(await national.getByRole('button').count()).toBe(0);
    expect(await national.getByRole('link').count()).toBe(0);
    const own = practiceSets.getByRole('listitem').filter({ hasText: SET });
    await own.getByText('Your school', { exact: true }).waitFor();
    expect(await own.getByRole('button', { name: `Edit ${SET}` }).isVisible()).toBe(true);
    await shot('school-content-school-admin-1280');

    await own.getByRole('link', { name: `Add questions to ${SET}` }).click();
    await poll(() => page.getByLabel('A set that exists').isChecked()).toBe(true);
    await page.getByLabel('Question file').setInputFiles({
      name: 'drill.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsxOf([HEADER, ...QUESTIONS]),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Upload 2 questions' }).click();
    await poll(() =>
      page.getByRole('status').filter({ hasText: 'which now has 2 questions' }).isVisible(),
    ).toBe(true);
    const set = await t.db
      .selectFrom('practice_sets')
      .select(['id', 'school_id'])
      .where('title', '=', SET)
      .executeTakeFirstOrThrow();
    expect(set.school_id).toBe(school.id);
    const owners = await t.db
      .selectFrom('questions')
      .select('school_id')
      .where('practice_set_id', '=', set.id)
      .execute();
    expect(owners).toEqual([{ school_id: school.id }, { school_id: school.id }]);
    // A national question opens to read, with nothing to change.
    await page.goto(`${t.url}/admin/question-bank/${c.practiceQuestions[0].id}`);
    await page.getByText('A national question: your school can use it but not change it.').waitFor();
    expect(await page.getByRole('button', { name: /Save|Deactivate|Move/ }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);

    const listPath = `/practice-tests/${c.program.id}/papers/${c.paper.id}/topics/${c.topic.id}/practice-sets`;
    const ours = await studentPhone(SCHOOL_A, 'ama@kumasi.example.com');
    await ours.page.goto(`${t.url}${listPath}`);
    await ours.page.getByRole('link', { name: `Start Practice: ${c.practiceSet.title}` }).waitFor();
    await ours.page.getByRole('link', { name: `Start Practice: ${SET}` }).click();
    await ours.page.getByRole('dialog').getByRole('button', { name: 'Start Quiz' }).click();
    await ours.page.locator('[data-option="B"]').click();
    await ours.page.getByRole('button', { name: 'Check Answer' }).click();
    await ours.page.getByText('Correct!', { exact: true }).waitFor();
    await ours.page.getByRole('button', { name: 'Next', exact: true }).click();
    await ours.page.getByText('Question 2 of 2').waitFor();
    await ours.page.locator('[data-option="B"]').click();
    await ours.page.getByRole('button', { name: 'Check Answer' }).click();
    await ours.page.getByText('Correct!', { exact: true }).waitFor();
    await ours.page.getByRole('button', { name: 'Quit & Submit' }).click();
    await ours.page.getByRole('alertdialog').getByRole('button', { name: 'Submit', exact: true }).click();
    await ours.page.waitForURL('**/quiz/result/*');
    await ours.page.getByTestId('percentage').getByText('100%').waitFor();
    const [result] = await t.db
      .selectFrom('quiz_results')
      .innerJoin('quiz_sessions', 'quiz_sessions.id', 'quiz_results.session_id')
      .select(['quiz_sessions.quiz_id', 'quiz_results.correct_answers'])
      .execute();
    expect(result).toEqual({ quiz_id: set.id, correct_answers: 2 });
    expect(ours.errors).toEqual([]);

    const theirs = await studentPhone(SCHOOL_B, 'kwesi@tamale.example.com');
    await theirs.page.goto(`${t.url}${listPath}`);
    await theirs.page.getByRole('link', { name: `Start Practice: ${c.practiceSet.title}` }).waitFor();
    expect(await theirs.page.getByText(SET).count()).toBe(0);
    // A link to it, shared or guessed, reads as not found.
    await theirs.page.goto(`${t.url}/quiz/practice/${set.id}`);
    await theirs.page
      .getByText(/not found/i)
      .first()
      .waitFor();
    expect(await theirs.page.getByText(QUESTIONS[0][0]).count()).toBe(0);
    await theirs.page.context().close();
    await ours.page.context().close();
  });
});
