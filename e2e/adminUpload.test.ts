// Question upload in Chromium against the built app: preview before saving,
// every failing row, mock and practice targets, the failure messages and their timing.
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { makeCatalog } from '../server/test/fixtures';
import { OPTIONAL_HEADERS } from '../shared/domain/questionFormat';
import { signUpAndIn } from '../server/test/harness';
import {
  chooseUploadTarget,
  countQuestions,
  HEADER,
  poll,
  session,
  shot,
  signInAsAdmin,
  SUITE_OPTIONS,
  tab,
  useAdminSession,
  xlsxOf,
  addPracticeSetInContent,
} from './adminSession';

useAdminSession();

describe('admin question upload', SUITE_OPTIONS, () => {
  it('previews then uploads a good .xlsx; the set shows in Content Management and for students', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    const file = xlsxOf([
      HEADER,
      [
        'Normal adult resting heart rate?',
        '20-40',
        '60-100',
        '120-160',
        '180-200',
        'B',
        'Beats per minute at rest.',
      ],
      [
        'Which vessel carries oxygenated blood to the body?',
        'Aorta',
        'Vena cava',
        'Pulmonary artery',
        'Portal vein',
        'A',
        '',
      ],
      ['Normal systolic pressure?', '60', '90-120', '160', '200', 'B', 'mmHg in a healthy adult.'],
    ]);
    const before = await countQuestions();
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    await chooseUploadTarget(c);
    await page.getByLabel('Question file').setInputFiles({
      name: 'Cardiology Basics.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    // The new set's title is asked for, offered from the topic rather than taken from the file.
    const title = page.getByLabel('Set title', { exact: true });
    expect(await title.inputValue()).toBe('Fluid balance practice set 2');
    await title.fill('Cardiology Basics');
    // The template links download files with exactly the expected header row: the seven columns,
    // the optional topic and rationales, which the format beside the form explains.
    await page.getByText(/^Optional eighth column: topic, a topic of the chosen paper/).waitFor();
    const csvHref = await page.getByRole('link', { name: 'Template (.csv)' }).getAttribute('href');
    const csvTemplate = await (await fetch(t.url + csvHref)).text();
    expect(csvTemplate.split(/\r?\n/)[0]).toBe([...HEADER, ...OPTIONAL_HEADERS].join(','));
    const xlsxHref = await page.getByRole('link', { name: 'Template (.xlsx)' }).getAttribute('href');
    const workbook = XLSX.read(Buffer.from(await (await fetch(t.url + xlsxHref)).arrayBuffer()));
    const sheet = workbook.Sheets[workbook.SheetNames[0]];
    expect(XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0]).toEqual([...HEADER, ...OPTIONAL_HEADERS]);

    await page.getByRole('button', { name: 'Preview' }).click();
    const parsed = page.getByRole('table', { name: 'Parsed questions' });
    await poll(() => parsed.getByText('Normal adult resting heart rate?').isVisible()).toBe(true);
    await poll(() => page.getByText(/3 questions would be added/).isVisible()).toBe(true);
    expect(await countQuestions()).toBe(before);
    await shot('admin-upload-preview-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot('admin-upload-preview-360');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Upload 3 questions' }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'uploaded successfully' }).isVisible()).toBe(
      true,
    );
    expect(await countQuestions()).toBe(before + 3);
    // The form resets: practice again, nothing chosen.
    expect(await page.getByLabel('Practice test').isChecked()).toBe(true);
    expect(await page.getByLabel('Program').inputValue()).toBe('');
    await poll(() => parsed.count()).toBe(0);

    await tab('Content Management').click();
    const practiceSets = page.getByRole('region', { name: /Practice Sets/ });
    await poll(() => practiceSets.getByText('Cardiology Basics').isVisible()).toBe(true);
    await poll(() => practiceSets.getByText(/3 questions/).isVisible()).toBe(true);

    const student = await signUpAndIn(t);
    const sets = await t.api<Array<{ title: string; total_questions: number }>>(
      'GET',
      `/api/exams/topics/${c.topic.id}/practice-sets/`,
      { token: student.access },
    );
    expect(sets.status).toBe(200);
    expect(sets.body).toContainEqual(
      expect.objectContaining({ title: 'Cardiology Basics', total_questions: 3 }),
    );
    expect(consoleErrors).toEqual([]);
  });

  it('fills a set made in Content Management through its Add questions link, without doubling', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    await signInAsAdmin();
    const practiceSets = await addPracticeSetInContent(c, 'Week 3 revision');

    await practiceSets.getByRole('link', { name: 'Add questions to Week 3 revision' }).click();
    await poll(() => page.getByLabel('A set that exists').isChecked()).toBe(true);
    expect(await page.getByLabel('Topic', { exact: true }).inputValue()).toBe(String(c.topic.id));
    const chosen = page.getByLabel('Practice set', { exact: true });
    expect(await chosen.locator('option:checked').textContent()).toBe('Week 3 revision (empty)');
    expect(await page.getByLabel('Set title', { exact: true }).count()).toBe(0);
    const rows = [
      HEADER,
      ['Normal adult resting heart rate?', '20-40', '60-100', '120-160', '180-200', 'B', 'At rest.'],
      ['Normal adult respiratory rate?', '4-8', '12-20', '30-40', '50-60', 'B', 'Breaths a minute.'],
    ];
    const upload = async (file: string[][], name: string) => {
      await page.getByLabel('Question file').setInputFiles({
        name,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: xlsxOf(file),
      });
      await page.getByRole('button', { name: 'Preview' }).click();
    };
    await upload(rows, 'week3.xlsx');
    await poll(() =>
      page.getByText(/2 questions would be added to the practice set "Week 3 revision"/).isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Upload 2 questions' }).click();
    await poll(() =>
      page.getByRole('status').filter({ hasText: 'which now has 2 questions' }).isVisible(),
    ).toBe(true);

    // The same two and one more, into the same set: one is added, two are reported.
    await page.getByLabel('A set that exists').check();
    await chooseUploadTarget(c);
    await page.getByLabel('A set that exists').check();
    await chosen.selectOption({ label: 'Week 3 revision (2 questions)' });
    await upload(
      [...rows, ['Normal adult temperature?', '30', '37', '41', '45', 'B', 'Degrees Celsius.']],
      'more.xlsx',
    );
    await poll(() =>
      page.getByText('Row 2: this question is already in this set; it is not added again.').isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Upload 1 question' }).click();
    await poll(() =>
      page
        .getByRole('status')
        .filter({ hasText: 'which now has 3 questions. 2 questions already in it were left out.' })
        .isVisible(),
    ).toBe(true);
    const set = await t.db
      .selectFrom('practice_sets')
      .select('id')
      .where('title', '=', 'Week 3 revision')
      .executeTakeFirstOrThrow();
    const held = await t.db
      .selectFrom('questions')
      .select(['position', 'question_text'])
      .where('practice_set_id', '=', set.id)
      .orderBy('position')
      .execute();
    expect(held.map((q) => q.question_text)).toEqual([
      'Normal adult resting heart rate?',
      'Normal adult respiratory rate?',
      'Normal adult temperature?',
    ]);
    expect(consoleErrors).toEqual([]);
  });

  it('lists every failing row of a broken .csv and saves nothing', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    const csv = [
      HEADER.join(','),
      'Good question?,a,b,c,d,A,fine',
      'Bad answer letter?,a,b,c,d,E,wrong letter',
      'Missing option?,a,,c,d,C,',
    ].join('\n');
    const before = await countQuestions();
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    await chooseUploadTarget(c);
    await page.getByLabel('Question file').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    const rows = page.getByRole('table', { name: 'Rows to fix' });
    await poll(() => rows.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    const cells = await rows.getByRole('row').allInnerTexts();
    expect(cells.some((r) => r.startsWith('3') && r.includes('correct_answer'))).toBe(true);
    expect(cells.some((r) => r.startsWith('4') && r.includes('option_b'))).toBe(true);
    await poll(() => page.getByText('File Format Issues').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Upload/ }).count()).toBe(0);
    // The verdict, then the rows to fix, come right under the Preview button; the format rules after.
    const previewButton = (await page.getByRole('button', { name: 'Preview' }).boundingBox())!;
    const verdict = (await page.getByRole('alert').boundingBox())!;
    const table = (await rows.boundingBox())!;
    const rules = (await page.getByRole('region', { name: 'File Format Issues' }).boundingBox())!;
    expect(verdict.y).toBeGreaterThan(previewButton.y);
    expect(table.y).toBeGreaterThan(verdict.y);
    expect(rules.y).toBeGreaterThan(table.y + table.height);
    await shot('admin-upload-errors-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot('admin-upload-errors-360');
    expect(await countQuestions()).toBe(before);
    expect(await t.db.selectFrom('practice_sets').select('title').execute()).toEqual([
      { title: c.practiceSet.title },
    ]);
    // The refused preview is an HTTP 400, which Chromium reports on the console; nothing else may.
    expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it('uploads a mock exam set under the paper with its title and time limit', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    await page.getByLabel('Mock exam').check();
    expect(await page.getByLabel('Topic', { exact: true }).count()).toBe(0);
    await page.getByLabel('Program', { exact: true }).selectOption({ label: c.program.name });
    await page.getByLabel('Paper', { exact: true }).selectOption({ label: c.paper.name });
    await page.getByLabel('Set title', { exact: true }).fill('Mock Exam 2');
    await page.getByLabel('Time limit in minutes (optional)').fill('45');
    await page.getByLabel('Question file').setInputFiles({
      name: 'anything.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${HEADER.join(',')}\nWhich organ makes insulin?,Liver,Pancreas,Spleen,Kidney,B,Beta cells`,
      ),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Upload 1 question' }).click();
    await poll(() => page.getByRole('status').filter({ hasText: 'Mock Exam 2' }).isVisible()).toBe(true);
    const mock = await t.db
      .selectFrom('mock_exam_sets')
      .selectAll()
      .where('title', '=', 'Mock Exam 2')
      .executeTakeFirstOrThrow();
    expect(mock).toMatchObject({ paper_id: c.paper.id, time_limit_minutes: 45 });
    expect(await page.getByLabel('Practice test').isChecked()).toBe(true);
    expect(consoleErrors).toEqual([]);

    // The same title again is refused: its message, and no 'File Format Issues' list (the file is fine).
    await page.getByLabel('Mock exam').check();
    await page.getByLabel('Program', { exact: true }).selectOption({ label: c.program.name });
    await page.getByLabel('Paper', { exact: true }).selectOption({ label: c.paper.name });
    await page.getByLabel('Set title', { exact: true }).fill('Mock Exam 2');
    await page.getByLabel('Question file').setInputFiles({
      name: 'again.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${HEADER.join(',')}\nWhich organ makes bile?,Liver,Pancreas,Spleen,Kidney,A,Hepatocytes`,
      ),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await poll(() => page.getByText('is already titled "Mock Exam 2"', { exact: false }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText('File Format Issues').count()).toBe(0);
    expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });

  it('validates the upload form before sending anything', async () => {
    const { page, t, consoleErrors } = session;
    await makeCatalog(t.db);
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await poll(() =>
      page.getByRole('alert').filter({ hasText: 'Please choose a file to upload.' }).isVisible(),
    ).toBe(true);
    await page
      .getByLabel('Question file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByRole('button', { name: 'Preview' }).click();
    await poll(() => page.getByText('Please choose an .xlsx, .xls or .csv file.').isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the failure messages and clears errors after 10 s and success after 8 s', async () => {
    const { page, t, consoleErrors } = session;
    const c = await makeCatalog(t.db);
    await page.clock.install();
    await signInAsAdmin();
    await page.goto(`${t.url}/admin/questions`);
    await chooseUploadTarget(c);
    await page.getByLabel('Question file').setInputFiles({
      name: 'One question.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER.join(',')}\nWhich vitamin is made in the skin?,A,B,C,D,D,Sunlight`),
    });
    const preview = page.getByRole('button', { name: 'Preview' });
    const uploadUrl = '**/api/admin/upload-questions/';

    await page.route(uploadUrl, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await preview.click();
    const serverError = page.getByText(
      'Server error occurred while processing your file. Please check the file format and try again.',
    );
    await poll(() => serverError.isVisible()).toBe(true);
    await poll(() =>
      page.getByText('Make sure your file has the correct column headers and data format.').isVisible(),
    ).toBe(true);
    await page.clock.fastForward(9_000);
    expect(await serverError.isVisible()).toBe(true);
    await page.clock.fastForward(1_500);
    await poll(() => serverError.count()).toBe(0);

    await page.unroute(uploadUrl);
    await page.route(uploadUrl, (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"success":false}' }),
    );
    await preview.click();
    await poll(() => page.getByText('Upload failed', { exact: true }).isVisible()).toBe(true);

    await page.unroute(uploadUrl);
    await page.route(uploadUrl, (route) => route.abort('internetdisconnected'));
    await preview.click();
    await poll(() =>
      page.getByText('Upload failed. Please check your connection and try again.').isVisible(),
    ).toBe(true);

    await page.unroute(uploadUrl);
    await preview.click();
    await page.getByRole('button', { name: 'Upload 1 question' }).click();
    const success = page.getByRole('status').filter({ hasText: 'uploaded successfully' });
    await poll(() => success.isVisible()).toBe(true);
    await page.clock.fastForward(7_000);
    expect(await success.isVisible()).toBe(true);
    await page.clock.fastForward(1_500);
    await poll(() => success.count()).toBe(0);
    // The forced failures above are reported by Chromium itself; nothing else may reach the console.
    expect(consoleErrors.filter((e) => !/status of (500|400)|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });
});
