// The import CLI as a child process against a temporary data directory.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/deps';
import { loadEnv } from '../server/env';
import {
  countQuestions,
  csvFile,
  goodRows,
  makeImportCatalog,
  workbookFile,
} from '../server/test/importFiles';

const run = promisify(execFile);
let dataDir: string;

function cli(args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/import-questions.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
}

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const db = await openDatabase(loadEnv({ DATA_DIR: dataDir }));
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-cli-'));
  await withDb(makeImportCatalog);
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run import-questions', () => {
  it('imports a workbook into a practice set found by names, and a mock set by ids', async () => {
    const file = path.join(dataDir, 'Vitals week 2.xlsx');
    fs.writeFileSync(file, workbookFile(goodRows(9)));
    const res = await cli([
      '--file',
      file,
      '--type',
      'practice',
      '--program',
      'general nursing',
      '--paper',
      'Paper 1',
      '--topic',
      'Vital Signs',
    ]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      'OK: 9 questions uploaded successfully into the new practice set "Vitals week 2".',
    );

    const csv = path.join(dataDir, 'mock.csv');
    fs.writeFileSync(csv, csvFile(goodRows(3)));
    const mock = await cli([
      '--file',
      csv,
      '--type',
      'mock',
      '--program',
      '1',
      '--paper',
      '1',
      '--title',
      'Mock X',
      '--time-limit',
      '30',
    ]);
    expect(mock.code).toBe(0);
    expect(mock.stdout).toContain('3 warning(s):');
    await withDb(async (db) => {
      expect(await countQuestions(db)).toBe(12);
      const set = await db.selectFrom('mock_exam_sets').selectAll().executeTakeFirstOrThrow();
      expect([set.title, set.time_limit_minutes]).toEqual(['Mock X', 30]);
    });
  }, 30_000);

  it('adds a file after the questions of a set given by --set, leaving out those it holds', async () => {
    const file = path.join(dataDir, 'week.csv');
    fs.writeFileSync(file, csvFile(goodRows(2)));
    const place = ['--type', 'practice', '--program', '1', '--paper', '1', '--topic', '1'];
    expect((await cli(['--file', file, ...place, '--title', 'Week 1'])).code).toBe(0);
    fs.writeFileSync(file, csvFile(goodRows(3)));
    const res = await cli(['--file', file, ...place, '--set', '1']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      'OK: 1 question added to the practice set "Week 1", which now has 3 questions. 2 questions already in it were left out.',
    );
    expect(res.stdout).toContain('  practice set #1 "Week 1": 3 questions');
    await withDb(async (db) => expect(await countQuestions(db)).toBe(3));
  }, 30_000);

  it('places a new set, and its questions, with the school --school names; national without it', async () => {
    const file = path.join(dataDir, 'school.csv');
    fs.writeFileSync(file, csvFile(goodRows(2)));
    const place = ['--type', 'practice', '--program', '1', '--paper', '1', '--topic', '1'];
    const school = 'tamale nursing & midwifery training college';
    expect((await cli(['--file', file, ...place, '--title', 'Tamale week 1', '--school', school])).code).toBe(
      0,
    );
    expect((await cli(['--file', file, ...place, '--title', 'National week 1'])).code).toBe(0);
    const unknown = await cli(['--file', file, ...place, '--title', 'Nobody', '--school', 'No Such College']);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'No school "No Such College".']);
    await withDb(async (db) => {
      const tamale = await db
        .selectFrom('schools')
        .select('id')
        .where('name', '=', 'Tamale Nursing and Midwifery Training College')
        .executeTakeFirstOrThrow();
      const sets = await db
        .selectFrom('practice_sets')
        .select(['title', 'school_id'])
        .orderBy('id')
        .execute();
      expect(sets).toEqual([
        { title: 'Tamale week 1', school_id: tamale.id },
        { title: 'National week 1', school_id: null },
      ]);
      const questions = await db.selectFrom('questions').select('school_id').orderBy('id').execute();
      expect(questions.map((q) => q.school_id)).toEqual([tamale.id, tamale.id, null, null]);
    });
  }, 30_000);

  it('tags mock questions from a topic column, and exits 1 naming a row whose topic the paper lacks', async () => {
    const rows = goodRows(3);
    rows[0].push('Topic');
    rows[1].push('vital signs');
    rows[2].push('');
    rows[3].push('Cardiology');
    const file = path.join(dataDir, 'tagged.csv');
    fs.writeFileSync(file, csvFile(rows));
    const place = ['--file', file, '--type', 'mock', '--program', '1', '--paper', '1'];
    const bad = await cli(place);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      'row 4, topic: "Cardiology" is not a topic of Paper 1: its topics are Vital Signs. Write one of them (any case), or leave the cell empty.',
    );
    await withDb(async (db) => expect(await countQuestions(db)).toBe(0));

    rows[3][7] = 'VITAL SIGNS';
    fs.writeFileSync(file, csvFile(rows));
    const ok = await cli(place);
    expect(ok.code).toBe(0);
    await withDb(async (db) => {
      const topic = await db.selectFrom('topics').select('id').executeTakeFirstOrThrow();
      const tags = await db.selectFrom('questions').select('topic_id').orderBy('position').execute();
      expect(tags.map((q) => q.topic_id)).toEqual([topic.id, null, topic.id]);
    });
  }, 30_000);

  it('a dry run writes nothing', async () => {
    const file = path.join(dataDir, 'q.csv');
    fs.writeFileSync(file, csvFile(goodRows(2)));
    const res = await cli([
      '--file',
      file,
      '--type',
      'practice',
      '--program',
      '1',
      '--paper',
      '1',
      '--topic',
      '1',
      '--dry-run',
    ]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Nothing was saved \(dry run\)/);
    await withDb(async (db) => expect(await countQuestions(db)).toBe(0));
  }, 30_000);

  it('exits 1 listing every failing row, and on an unknown topic or missing argument', async () => {
    const rows = goodRows(3);
    rows[2][5] = 'E';
    rows[3][1] = '';
    const file = path.join(dataDir, 'bad.csv');
    fs.writeFileSync(file, csvFile(rows));
    const bad = await cli([
      '--file',
      file,
      '--type',
      'practice',
      '--program',
      '1',
      '--paper',
      '1',
      '--topic',
      '1',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('FAILED: 2 rows of the file have problems; nothing was saved.');
    expect(bad.stderr).toContain(
      'row 3, correct_answer: correct_answer must be exactly A, B, C or D (found "E").',
    );
    expect(bad.stderr).toContain('row 4, option_a: option_a is empty.');

    const topic = await cli([
      '--file',
      file,
      '--type',
      'practice',
      '--program',
      '1',
      '--paper',
      '1',
      '--topic',
      'Nope',
    ]);
    expect(topic.code).toBe(1);
    expect(topic.stderr).toContain('No topic "Nope" in paper "1".');
    const usage = await cli(['--file', file]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run import-questions');
    await withDb(async (db) => expect(await countQuestions(db)).toBe(0));
  }, 30_000);
});
