// The sample bank: loaded through the import service on an empty database, never twice.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../db/client';
import { countQuestions, seedBankSize, tempDb } from '../test/importFiles';
import { TOPIC_HEADER } from '../../shared/domain/questionFormat';
import { secureRandom } from './attemptOrder';
import { drawExamDay } from './draws';
import { readCatalog, SEED_DIR, seedAll, seedIfEmpty } from './seed';

/** The column names of a seed file's first line. */
const headerOf = (file: string) =>
  fs.readFileSync(path.join(SEED_DIR, file), 'utf8').split(/\r?\n/)[0].split(',');

let db: DB;
let dir: string;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, dir, close } = await tempDb());
});
afterEach(async () => {
  await close();
});

const count = async (table: 'programs' | 'papers' | 'topics' | 'practice_sets' | 'mock_exam_sets') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const papersOf = (programId: number) =>
  db.selectFrom('papers').select('id').where('program_id', '=', programId).execute();

describe('seedIfEmpty', () => {
  it('loads at least 5 programs and 150 questions, each program with 2+ papers and a mock set; then nothing', async () => {
    const loaded = await seedIfEmpty(db);
    expect(loaded).toBeGreaterThanOrEqual(150);
    expect(loaded).toBe(seedBankSize().questions);
    expect(await countQuestions(db)).toBe(loaded);
    expect(await count('programs')).toBeGreaterThanOrEqual(5);

    const programs = await db.selectFrom('programs').select(['id', 'name']).execute();
    expect(programs.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'General Nursing (RGN)',
        'Midwifery (RM)',
        'Mental Health Nursing (RMN)',
        'Public Health Nursing (RPHN)',
        'Nurse Assistant Clinical (NAC)',
      ]),
    );
    for (const program of programs) {
      const papers = await papersOf(program.id);
      expect(papers.length).toBeGreaterThanOrEqual(2);
      const mocks = await db
        .selectFrom('mock_exam_sets')
        .select('id')
        .where(
          'paper_id',
          'in',
          papers.map((p) => p.id),
        )
        .execute();
      expect(mocks.length).toBeGreaterThanOrEqual(1);
    }

    const questions = await db.selectFrom('questions').selectAll().execute();
    const letters = { A: 0, B: 0, C: 0, D: 0 };
    for (const q of questions) {
      letters[q.correct_answer]++;
      expect(q.explanation.length).toBeGreaterThan(20);
      expect(new Set([q.option_a, q.option_b, q.option_c, q.option_d]).size).toBe(4);
    }
    // The correct answer is spread over the four positions, not parked on one letter.
    for (const n of Object.values(letters)) expect(n / questions.length).toBeGreaterThan(0.2);
    expect(new Set(questions.map((q) => q.text_key)).size).toBe(questions.length);

    expect(await seedIfEmpty(db)).toBe(0);
    expect(await countQuestions(db)).toBe(loaded);
    expect(await count('programs')).toBe(programs.length);
  }, 30_000);

  it('tags the sample mocks with topics of their paper, topics without a practice set included', async () => {
    await seedIfEmpty(db);
    const catalog = readCatalog();
    const tagged = catalog.programs.flatMap((program) =>
      program.papers.flatMap((paper) =>
        paper.mock_exams
          .filter((m) => m.file !== undefined && headerOf(m.file).includes(TOPIC_HEADER))
          .map((m) => ({ program: program.name, title: m.title })),
      ),
    );
    // Mocks whose file carries the topic column; RMN and NAC are tagged here.
    expect(tagged.map((m) => m.program)).toEqual(
      expect.arrayContaining(['Mental Health Nursing (RMN)', 'Nurse Assistant Clinical (NAC)']),
    );
    for (const mock of tagged) {
      const questions = await db
        .selectFrom('questions')
        .innerJoin('mock_exam_sets', 'mock_exam_sets.id', 'questions.mock_exam_set_id')
        .leftJoin('topics', 'topics.id', 'questions.topic_id')
        .select(['questions.question_text', 'topics.paper_id as topic_paper', 'mock_exam_sets.paper_id'])
        .where('mock_exam_sets.title', '=', mock.title)
        .execute();
      expect(questions.length, mock.title).toBeGreaterThanOrEqual(40);
      for (const q of questions) expect(q.topic_paper, `${mock.title}: ${q.question_text}`).toBe(q.paper_id);
    }
    // A topic with no practice set holds tagged mock questions.
    const emergencies = await db
      .selectFrom('topics')
      .select((eb) => [
        eb
          .selectFrom('practice_sets')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('topic_id', '=', 'topics.id')
          .as('sets'),
        eb
          .selectFrom('questions')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('topic_id', '=', 'topics.id')
          .as('questions'),
      ])
      .where('name', '=', 'Psychiatric Emergencies and Safety')
      .executeTakeFirstOrThrow();
    expect([Number(emergencies.sets), Number(emergencies.questions)]).toEqual([0, 15]);
  }, 30_000);

  it('leaves the database empty when a seed file is broken', async () => {
    const copy = path.join(dir, 'seed');
    fs.cpSync(SEED_DIR, copy, { recursive: true });
    const catalog = readCatalog(copy);
    const last = catalog.programs.at(-1)?.papers.at(-1)?.mock_exams.at(-1)?.file ?? '';
    // As many cells as the file's header, the optional topic column included.
    const broken = ['Broken question', 'a', 'b', 'c', 'd', 'E'];
    const cells = [
      ...broken,
      ...headerOf(last)
        .slice(broken.length)
        .map(() => ''),
    ];
    fs.appendFileSync(path.join(copy, last), `${cells.join(',')}\n`);
    await expect(seedAll(db, copy)).rejects.toThrow(/correct_answer must be exactly A, B, C or D/);
    expect(await count('programs')).toBe(0);
    expect(await count('practice_sets')).toBe(0);
    expect(await countQuestions(db)).toBe(0);
  }, 30_000);
});

describe("the sample bank's exam day", () => {
  it('draws 180 questions without a repeat in every programme', async () => {
    await seedIfEmpty(db);
    const programs = await db.selectFrom('programs').select(['id', 'name']).execute();
    expect(programs).toHaveLength(5);
    for (const program of programs) {
      const papers = await papersOf(program.id);
      const ids = await drawExamDay(
        db,
        0,
        papers.map((p) => p.id),
        180,
        { schoolId: null },
        secureRandom,
      );
      expect(ids, program.name).toHaveLength(180);
      expect(new Set(ids).size, program.name).toBe(180);
    }
  }, 30_000);
});

describe('a drawn mock in the sample bank', () => {
  /** A copy of the sample bank whose first paper gets `mock` as one more mock exam. */
  function bankWith(mock: Record<string, unknown>) {
    const copy = path.join(dir, 'seed');
    fs.cpSync(SEED_DIR, copy, { recursive: true });
    const json = JSON.parse(fs.readFileSync(path.join(copy, 'catalog.json'), 'utf8'));
    json.programs[0].papers[0].mock_exams.push(mock);
    fs.writeFileSync(path.join(copy, 'catalog.json'), JSON.stringify(json));
    return copy;
  }

  it('is declared with draw_count and no file, and spreads as the bank is', async () => {
    const entry = {
      title: 'Drawn paper mock',
      description: 'Drawn.',
      time_limit_minutes: 25,
      draw_count: 20,
    };
    await seedAll(db, bankWith(entry));
    const mock = await db
      .selectFrom('mock_exam_sets')
      .selectAll()
      .where('title', '=', 'Drawn paper mock')
      .executeTakeFirstOrThrow();
    expect(mock).toMatchObject({ draw_count: 20, time_limit_minutes: 25, description: 'Drawn.' });
    expect(await db.selectFrom('mock_blueprint_topics').selectAll().execute()).toEqual([]);
    const own = await db
      .selectFrom('questions')
      .select('id')
      .where('mock_exam_set_id', '=', mock.id)
      .execute();
    expect(own).toEqual([]);
  }, 30_000);

  it('is refused with both a file and a draw_count, loading nothing', async () => {
    const entry = {
      title: 'Both',
      description: '',
      time_limit_minutes: 25,
      draw_count: 20,
      file: 'rgn/mock-1.csv',
    };
    await expect(seedAll(db, bankWith(entry))).rejects.toThrow(/either a file or a draw_count/);
    expect(await count('programs')).toBe(0);
  });
});

describe('npm run seed', () => {
  it('loads an empty database once and leaves a seeded one alone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-seed-'));
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
        env: { ...process.env, DATA_DIR: dataDir },
      });
    try {
      const { programs, sets, questions } = seedBankSize();
      expect((await run()).stdout).toContain(
        `Loaded the sample bank: ${programs} programs, ${sets} sets, ${questions} questions.`,
      );
      expect((await run()).stdout).toMatch(/already has programs: nothing was loaded/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
