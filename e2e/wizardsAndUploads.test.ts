// Nothing leads nowhere: on a 360 px phone the mock wizard says which papers have no mock exam
// (and a program without any says so at once); at 1280 px a new set's title is asked for, with a
// suggestion from its topic or paper, and a blank one is refused before anything is sent.
import { describe, expect, it } from 'vitest';
import { insertPaper, insertProgram, makeCatalog } from '../server/test/fixtures';
import { signUpAndIn, STUDENT } from '../server/test/harness';
import { seedContent } from './seedContent';
import {
  chooseUploadTarget,
  countQuestions,
  HEADER,
  poll,
  session,
  shot,
  signIn,
  signInAsAdmin,
  SUITE_OPTIONS,
  useAdminSession,
} from './adminSession';

useAdminSession();

describe('wizards and uploads that lead somewhere', SUITE_OPTIONS, () => {
  it('marks the papers without a mock exam in the mock wizard on a phone', async () => {
    const { page, t, consoleErrors } = session;
    const content = await seedContent(t.db);
    const bare = await insertProgram(t.db, 'Community Health Nursing');
    await insertPaper(t.db, bare.id, 'Paper 1: Community Health');
    await signUpAndIn(t);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(STUDENT.email, STUDENT.password1);
    await page.waitForURL('**/dashboard');

    await page.goto(`${t.url}/mock-exams/${content.program.id}/papers`);
    const card = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await card(content.emptyPaper.name).getByText('No mock exam for this paper yet').waitFor();
    expect(await card(content.emptyPaper.name).getByRole('link').count()).toBe(0);
    expect(await card(content.paper.name).getByText('1 mock exam', { exact: true }).isVisible()).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await shot('mock-wizard-papers-360');

    await page.goto(`${t.url}/mock-exams/${bare.id}/papers`);
    await page.getByRole('heading', { name: 'No Mock Exams Yet' }).waitFor();
    await page.getByRole('link', { name: 'Go to Practice Tests' }).click();
    await page.waitForURL('**/practice-tests');
    expect(consoleErrors).toEqual([]);
  });

  it('asks for a new set’s title, offering one from its topic or paper', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    const before = await countQuestions();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    const title = page.getByLabel('Set title', { exact: true });
    expect(await title.inputValue()).toBe('');
    await chooseUploadTarget(c);
    expect(await title.inputValue()).toBe('Fluid balance practice set 2');
    await page.getByLabel('Question file').setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${HEADER.join(',')}\nWhich organ makes insulin?,Liver,Pancreas,Spleen,Kidney,B,Beta cells`,
      ),
    });
    await title.fill('  ');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('alert').getByText('Please give the new set a title.').waitFor();
    await shot('admin-upload-title-1280');

    await title.fill('Insulin and the pancreas');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Upload 1 question' }).click();
    await poll(() =>
      page.getByRole('status').filter({ hasText: 'Insulin and the pancreas' }).isVisible(),
    ).toBe(true);
    expect(await countQuestions()).toBe(before + 1);
    const titles = await t.db.selectFrom('practice_sets').select('title').orderBy('id').execute();
    expect(titles.map((r) => r.title)).toEqual(['Practice Set 1', 'Insulin and the pancreas']);

    // A mock exam set is offered a title from its paper.
    await page.getByLabel('Mock exam').check();
    await page.getByLabel('Program', { exact: true }).selectOption({ label: c.program.name });
    await page.getByLabel('Paper', { exact: true }).selectOption({ label: c.paper.name });
    expect(await title.inputValue()).toBe('Paper 1 mock exam 2');
    expect(consoleErrors).toEqual([]);
  });
});
