// The upload over the real HTTP stack: multipart REST, the tRPC procedure, the template.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { createOrPromoteAdmin } from '../services/admins';
import {
  countQuestions,
  countSets,
  csvFile,
  goodRows,
  makeImportCatalog,
  workbookFile,
  type ImportCatalog,
} from '../test/importFiles';
import { insertTopic } from '../test/fixtures';
import { signUpAndIn, startTestServer, type TestServer } from '../test/harness';

let t: TestServer;
let cat: ImportCatalog;
let admin: string;
beforeEach(async () => {
  t = await startTestServer();
  cat = await makeImportCatalog(t.db);
  await createOrPromoteAdmin(t.db, 'tutor@example.com', 'Adinkra-Symbol-77');
  const login = await t.api<{ access: string }>('POST', '/api/auth/login/', {
    body: { email: 'tutor@example.com', password: 'Adinkra-Symbol-77' },
  });
  admin = login.body.access;
});
afterEach(async () => {
  await t.close();
});

async function upload(
  file: Buffer | null,
  name: string,
  fields: Record<string, string> = {},
  token: string | null = admin,
) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file)]), name);
  const all: Record<string, string> = {
    quiz_type: 'practice',
    program_id: String(cat.programId),
    paper_id: String(cat.paperId),
    topic_id: String(cat.topicId),
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  const res = await fetch(`${t.url}/api/admin/upload-questions/`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/admin/upload-questions/', () => {
  it('imports an .xlsx into a practice set: 201 with the upload answer', async () => {
    const res = await upload(workbookFile(goodRows(6)), 'Week 1 vitals.xlsx');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: '6 questions uploaded successfully into the new practice set "Week 1 vitals".',
      warnings: [],
      error: null,
      help: expect.any(String),
      required_format: expect.any(Array),
      set: { type: 'practice', title: 'Week 1 vitals', total_questions: 6 },
    });
    const set = await t.db.selectFrom('practice_sets').selectAll().executeTakeFirstOrThrow();
    expect(set.topic_id).toBe(cat.topicId);
    expect(await countQuestions(t.db)).toBe(6);
  });

  it('imports a .csv as a mock exam set with title and time limit', async () => {
    const res = await upload(csvFile(goodRows(4)), 'mock.csv', {
      quiz_type: 'mock',
      topic_id: '',
      title: 'RGN Mock A',
      time_limit_minutes: '90',
    });
    expect(res.status).toBe(201);
    const set = await t.db.selectFrom('mock_exam_sets').selectAll().executeTakeFirstOrThrow();
    expect([set.title, set.time_limit_minutes, set.paper_id]).toEqual(['RGN Mock A', 90, cat.paperId]);
  });

  it('dry_run answers 200 with a preview and writes nothing', async () => {
    const res = await upload(workbookFile(goodRows(3), 'biff8'), 'old.xls', { dry_run: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, dry_run: true, total_questions: 3 });
    expect(res.body.preview).toHaveLength(3);
    expect(await countSets(t.db)).toBe(0);
  });

  it('a broken .csv answers 400 listing every failing row, and the database is as it was', async () => {
    await upload(csvFile(goodRows(2)), 'first.csv');
    const rows = goodRows(4);
    rows[1][5] = 'E';
    rows[3][2] = '';
    const res = await upload(csvFile(rows), 'broken.csv');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error_code: 'bad_rows' });
    expect(res.body.error).toBe('2 rows of the file have problems; nothing was saved.');
    expect(res.body.row_errors).toEqual([
      {
        row: 2,
        column: 'correct_answer',
        reason: 'correct_answer must be exactly A, B, C or D (found "E").',
      },
      { row: 4, column: 'option_b', reason: 'option_b is empty.' },
    ]);
    expect((res.body.required_format as string[]).length).toBeGreaterThan(2);
    expect(await countQuestions(t.db)).toBe(2);
    expect(await countSets(t.db)).toBe(1);
  });

  it('wrong headers, a PNG named .xlsx and a missing file answer 400 with a clear error', async () => {
    const wrong = goodRows(1);
    wrong[0][0] = 'question';
    const headers = await upload(csvFile(wrong), 'h.csv');
    expect(headers.status).toBe(400);
    expect(headers.body.error).toBe(
      'The header row does not match the template: missing question_text; unexpected "question".',
    );

    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex');
    const image = await upload(png, 'questions.xlsx');
    expect(image.status).toBe(400);
    expect(image.body.error).toMatch(/is not an Excel workbook \(it is a PNG image\)/);

    const none = await upload(null, '');
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/Choose a file/);
    expect(await countSets(t.db)).toBe(0);
  });

  it('a missing program answers 400 in the upload shape', async () => {
    const res = await upload(csvFile(goodRows(1)), 'a.csv', { program_id: '' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Choose a program.', help: expect.any(String) });
  });

  it('a file over 5 MB answers 413 with a clear message and writes nothing', async () => {
    const res = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 'huge.csv');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, error_code: 'file_too_large' });
    expect(res.body.error).toMatch(/larger than 5 MB/);
    expect(await countSets(t.db)).toBe(0);
  });

  it('a student gets 403 and a signed-out caller 401, and nothing is written', async () => {
    const student = await signUpAndIn(t);
    const forbidden = await upload(csvFile(goodRows(1)), 'a.csv', {}, student.access);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ success: false, detail: expect.stringMatching(/permission/) });
    const anonymous = await upload(csvFile(goodRows(1)), 'a.csv', {}, null);
    expect(anonymous.status).toBe(401);
    expect(await countSets(t.db)).toBe(0);
  });
});

describe('the optional topic column', () => {
  /** The paper's second topic, and a topic of the other paper. */
  async function moreTopics() {
    const infection = await insertTopic(t.db, cat.paperId, 'Infection Prevention');
    const pharmacology = await insertTopic(t.db, cat.otherPaperId, 'Pharmacology');
    return { infection: infection.id, pharmacology: pharmacology.id };
  }
  const mock = { quiz_type: 'mock', topic_id: '' };
  const withTopics = (header: string, cells: string[]) => {
    const rows = goodRows(cells.length);
    rows[0].push(header);
    cells.forEach((cell, i) => rows[i + 1].push(cell));
    return rows;
  };
  /** A 400 whose one row error is the topic cell of `row`. */
  const refusedRow = (
    res: { status: number; body: Record<string, unknown> },
    row: number,
    reason: string,
  ) => {
    expect(res.status).toBe(400);
    expect(res.body.row_errors).toEqual([{ row, column: 'topic', reason }]);
  };
  const topicsWritten = async () =>
    (await t.db.selectFrom('questions').select('topic_id').orderBy('position').execute()).map(
      (q) => q.topic_id,
    );

  it('tags mock questions by topic name in any case and spacing, leaves an empty cell untagged, and previews the names', async () => {
    const { infection } = await moreTopics();
    const rows = withTopics(' Topic ', ['vital signs', '  INFECTION PREVENTION ', '']);
    const dry = await upload(csvFile(rows), 'mock.csv', { ...mock, dry_run: 'true' });
    expect(dry.status).toBe(200);
    expect((dry.body.preview as Array<{ topic: string }>).map((r) => r.topic)).toEqual([
      'Vital Signs',
      'Infection Prevention',
      '',
    ]);
    expect(await countQuestions(t.db)).toBe(0);

    const res = await upload(workbookFile(rows), 'mock.xlsx', mock);
    expect(res.status).toBe(201);
    expect(await topicsWritten()).toEqual([cat.topicId, infection, null]);
  });

  it('is named by questions.format beside the seven columns, and in the format rules', async () => {
    const res = await t.api<{ result: { data: Record<string, unknown> } }>('GET', '/trpc/questions.format', {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({
      headers: goodRows(0)[0],
      optional_headers: ['topic', 'rationale_a', 'rationale_b', 'rationale_c', 'rationale_d'],
      required_format: expect.arrayContaining([expect.stringMatching(/^An eighth column topic is optional/)]),
    });
  });

  it('leaves mock questions of the seven columns untagged, and gives practice questions their set topic', async () => {
    expect((await upload(csvFile(goodRows(2)), 'mock.csv', mock)).status).toBe(201);
    expect((await upload(csvFile(goodRows(2)), 'practice.csv')).status).toBe(201);
    expect(await topicsWritten()).toEqual([null, cat.topicId, null, cat.topicId]);
  });

  it('refuses an unknown topic and a topic of another paper as row errors listing the paper topics; nothing is written', async () => {
    await moreTopics();
    const rows = withTopics('TOPIC', ['Vital signs', 'Cardiology', 'Pharmacology', '']);
    const res = await upload(csvFile(rows), 'mock.csv', { ...mock, title: 'Tagged mock' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error_code: 'bad_rows',
      error: '2 rows of the file have problems; nothing was saved.',
    });
    const listing =
      'its topics are Infection Prevention, Vital Signs. Write one of them (any case), or leave the cell empty.';
    expect(res.body.row_errors).toEqual([
      { row: 3, column: 'topic', reason: `"Cardiology" is not a topic of Paper 1: ${listing}` },
      { row: 4, column: 'topic', reason: `"Pharmacology" is not a topic of Paper 1: ${listing}` },
    ]);
    expect(await countSets(t.db)).toBe(0);
    expect(await countQuestions(t.db)).toBe(0);
  });

  it('takes a practice row naming its set topic or nothing, and refuses another topic of the paper', async () => {
    await moreTopics();
    const ok = await upload(csvFile(withTopics('topic', ['VITAL SIGNS', ''])), 'ok.csv');
    expect(ok.status).toBe(201);
    expect(await topicsWritten()).toEqual([cat.topicId, cat.topicId]);

    const other = await upload(csvFile(withTopics('topic', ['', 'infection prevention'])), 'other.csv');
    refusedRow(
      other,
      3,
      'A practice set\'s questions take its topic "Vital Signs", not "Infection Prevention": leave the cell empty, or upload this row into a practice set of "Infection Prevention".',
    );
    expect(await countQuestions(t.db)).toBe(2);
    expect(await countSets(t.db)).toBe(1);
  });

  it('refuses a repeated topic column, and says so when the paper has no topics yet', async () => {
    const repeated = withTopics('topic', ['Vital Signs']);
    repeated[0].push('Topic');
    repeated[1].push('Vital Signs');
    const twice = await upload(csvFile(repeated), 'twice.csv', mock);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('The header row does not match the template: repeated topic.');

    const bare = await upload(csvFile(withTopics('topic', ['Vital Signs'])), 'bare.csv', {
      ...mock,
      paper_id: String(cat.otherPaperId),
    });
    refusedRow(
      bare,
      2,
      '"Vital Signs" is not a topic of Paper 2, which has no topics yet: add them under Content, or leave the cell empty.',
    );
    expect(await countSets(t.db)).toBe(0);
  });
});

describe('questions.upload over tRPC', () => {
  it('takes the file as base64 (bodies beyond the usual 100 KB) and answers the same shape', async () => {
    const file = workbookFile(goodRows(1500));
    expect(file.length).toBeGreaterThan(75 * 1024);
    const res = await t.api<{ result: { data: Record<string, unknown> } }>('POST', '/trpc/questions.upload', {
      token: admin,
      body: {
        file_name: 'bank.xlsx',
        file_base64: file.toString('base64'),
        quiz_type: 'practice',
        program_id: cat.programId,
        paper_id: cat.paperId,
        topic_id: cat.topicId,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({ success: true, set: { total_questions: 1500 } });
    expect(await countQuestions(t.db)).toBe(1500);
  });

  it('refuses a student with FORBIDDEN', async () => {
    const student = await signUpAndIn(t);
    const res = await t.api('POST', '/trpc/questions.preview', {
      token: student.access,
      body: { file_name: 'a.csv', file_base64: '', quiz_type: 'practice', program_id: 1, paper_id: 1 },
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/admin/upload-template/', () => {
  it('serves .csv and .xlsx templates that upload as one valid question', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await fetch(`${t.url}/api/admin/upload-template/?format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="question-template.${format}"`,
      );
      const bytes = Buffer.from(await res.arrayBuffer());
      const wb = XLSX.read(bytes, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
      expect(rows[0]).toEqual([...goodRows(0)[0], 'topic', 'rationale_a', 'rationale_b', 'rationale_c', 'rationale_d']);
      const up = await upload(bytes, `template-${format}.${format}`);
      expect(up.status).toBe(201);
    }
    expect(await countQuestions(t.db)).toBe(2);
    // The example's rationales arrive with it: one for each wrong option, none for the key (B).
    const stored = await t.db.selectFrom('questions').select(['rationale_a', 'rationale_b', 'rationale_c', 'rationale_d']).execute();
    for (const q of stored) {
      expect(q.rationale_a).toMatch(/bradypnoea/);
      expect(q.rationale_b).toBeNull();
      expect(q.rationale_c).toMatch(/tachypnoea/);
      expect(q.rationale_d).toMatch(/escalate/);
    }
    const bad = await fetch(`${t.url}/api/admin/upload-template/?format=pdf`);
    expect(bad.status).toBe(400);
  });
});
