// Mastery by topic and practising mistakes on a 360 px phone: a
// student's attempts (made as that student through the API, then through the quiz screen) show
// on the dashboard with the right percentages; Practise on a weak topic serves that topic's
// questions, missed first; "Practise my mistakes" on a result serves exactly the missed ones.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { takeSet } from '../server/test/attempts';
import {
  insertMockSet,
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
  rpc,
} from '../server/test/fixtures';
import { signUpAndIn, startTestServer, type TestServer } from '../server/test/harness';
import { studentOnPhone } from './studentOnPhone';
import { unexpectedErrors } from './pageHelpers';

let t: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let perfectResultId: number;

beforeAll(async () => {
  t = await startTestServer();
  const student = await signUpAndIn(t);
  const program = await insertProgram(t.db);
  const paper = await insertPaper(t.db, program.id);
  const fluid = await insertTopic(t.db, paper.id, 'Fluid balance');
  const wound = await insertTopic(t.db, paper.id, 'Wound care');
  const fluids = await insertPracticeSet(t.db, fluid.id, 'Fluids 1');
  const wounds = await insertPracticeSet(t.db, wound.id, 'Wounds 1');
  const mock = await insertMockSet(t.db, paper.id, 'Paper 1 mock');
  // Keys cycle A, B, C, D: F1-F4, W1-W5 (W5 is A), M1-M5.
  await insertQuestions(t.db, { practice_set_id: fluids.id }, 4, 'F');
  await insertQuestions(t.db, { practice_set_id: wounds.id }, 5, 'W');
  await insertQuestions(t.db, { mock_exam_set_id: mock.id }, 5, 'M');

  // Fluid balance 4/4 then 1/4 (three left blank): 5 of 8 = 63%. Wound care 1/5 (W4): 20%.
  // The mock 2/5 counts to Paper 1 only: 8 of 18 = 44%, 14 questions seen.
  const api = rpc(t, student.access);
  const practice = (id: number) => ({ quiz_type: 'practice' as const, quiz_id: id });
  perfectResultId = (await takeSet(api, practice(fluids.id), 'ABCD')).id;
  await takeSet(api, practice(fluids.id), 'A---');
  await takeSet(api, practice(wounds.id), 'DDDDD');
  await takeSet(api, { quiz_type: 'mock', quiz_id: mock.id }, 'AAAAA');

  // Another student's perfect attempts must not move these figures.
  const kofi = rpc(
    t,
    (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng' })).access,
  );
  await takeSet(kofi, practice(wounds.id), 'ABCDA');

  ({ browser, page, errors } = await studentOnPhone(t));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const questionText = () => page.locator('#question-text').innerText();

/** Answers the running practice question with `letter`, checks it, and moves on (or submits). */
async function answer(letter: string, last: boolean) {
  await page.locator(`[data-option="${letter}"]`).click();
  await page.getByRole('button', { name: 'Check Answer' }).click();
  await page.getByRole('button', { name: last ? 'Submit Quiz' : 'Next' }).click();
  if (last) await page.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
}

describe('mastery on the dashboard', () => {
  it('shows each topic and the paper with the right figures, and the weakest topics', async () => {
    const topics = page.getByTestId('mastery-topic');
    await topics.first().waitFor();
    const texts = (await topics.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(texts).toEqual([
      'Fluid balance 63% correct · 8 answers · 4 of 4 questions seen',
      'Wound care 20% correct · 5 answers · 5 of 5 questions seen',
    ]);
    // The program and its one paper.
    expect(await page.getByText('44% correct · 18 answers · 14 questions seen').count()).toBe(2);
    const weakest = page.getByRole('list', { name: 'Weakest topics' }).getByRole('listitem');
    expect(await weakest.count()).toBe(2);
    expect(await weakest.first().innerText()).toContain('Wound care');
    // The whole block fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('practises a weak topic with one tap: its missed questions first, then the one right last time', async () => {
    const practise = page.getByRole('button', { name: 'Practise: Wound care' });
    const box = await practise.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await practise.click();
    await page.waitForURL('**/quiz/session/*');
    await page.getByRole('heading', { name: 'Weak topic: Wound care' }).waitFor();
    await page.getByText('Question 1 of 5').waitFor();
    const seen: string[] = [];
    // W1 right, W2 and W3 wrong, W5 right, W4 (right last time) wrong: 2 of 5.
    for (const [i, letter] of ['A', 'A', 'A', 'A', 'A'].entries()) {
      await page.getByText(`Question ${i + 1} of 5`).waitFor();
      seen.push((await questionText()).split(':')[0]);
      await answer(letter, i === 4);
    }
    expect(seen).toEqual(['W1', 'W2', 'W3', 'W5', 'W4']);
    await page.waitForURL('**/quiz/result/*');
    await page.getByTestId('percentage').getByText('40%').waitFor();
  });

  it('practises exactly the mistakes of that result', async () => {
    // A session of no set has no Retake.
    expect(await page.getByRole('button', { name: 'Retake' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Practise my mistakes' }).click();
    await page.waitForURL('**/quiz/session/*');
    await page.getByRole('heading', { name: 'Mistakes: Weak topic: Wound care' }).waitFor();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.getByText(`Question ${i + 1} of 3`).waitFor();
      seen.push((await questionText()).split(':')[0]);
      await answer(['B', 'C', 'D'][i], i === 2);
    }
    expect(seen).toEqual(['W2', 'W3', 'W4']);
    await page.waitForURL('**/quiz/result/*');
    await page.getByTestId('percentage').getByText('100%').waitFor();
    // Nothing missed: no button.
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    expect(await page.getByRole('button', { name: 'Practise my mistakes' }).count()).toBe(0);
  });

  it('counts the new sessions on the dashboard, and a reload resumes a started topic session', async () => {
    await page.goto(`${t.url}/dashboard`);
    // Wound care: 1 + 2 + 3 right of 5 + 5 + 3 asked = 6 of 13 = 46%.
    await page
      .getByTestId('mastery-topic')
      .filter({ hasText: '46% correct · 13 answers · 5 of 5 questions seen' })
      .waitFor();
    await page.getByRole('button', { name: 'Practise: Fluid balance' }).click();
    await page.waitForURL('**/quiz/session/*');
    await page.locator('[data-option="A"]').click();
    await page.getByRole('button', { name: 'Check Answer' }).click();
    const savedInOpenSession = () =>
      t.db
        .selectFrom('session_answers')
        .innerJoin('quiz_sessions', 'quiz_sessions.id', 'session_answers.session_id')
        .select('question_id')
        .where('quiz_sessions.submitted_at', 'is', null)
        .execute();
    await expect.poll(savedInOpenSession).toHaveLength(1);
    const url = page.url();
    await page.reload();
    await page.getByText('1 of 4 answered').waitFor();
    expect(page.url()).toBe(url);
  });

  it('hides "Practise my mistakes" on a result with nothing missed', async () => {
    await page.goto(`${t.url}/quiz/result/${perfectResultId}`);
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    await page.getByRole('button', { name: 'Retake' }).waitFor();
    expect(await page.getByRole('button', { name: 'Practise my mistakes' }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('loads the mastery block as its own chunk, not with the dashboard', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve('dist/client/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { src?: string; imports?: string[]; dynamicImports?: string[] }>;
    const key = (src: string) => Object.keys(manifest).find((k) => manifest[k].src === src)!;
    const dashboard = manifest[key('src/features/dashboard/DashboardPage.tsx')];
    const panel = key('src/features/dashboard/mastery/MasteryPanel.tsx');
    expect(dashboard.dynamicImports).toContain(panel);
    expect(dashboard.imports ?? []).not.toContain(panel);
  });
});
