// Test fixtures of the question import: a migrated database with a place for a new set, and
// question files (CSV, workbooks) built in memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import type { DB } from '../../db/client';
import { HEADERS } from '../../shared/domain/questionFormat';
import { openDatabase } from '../deps';
import { loadEnv } from '../env';
import { readCatalog, SEED_DIR } from '../services/seed';
import { testDatabaseEnv } from './database';
import { countRows, insertPaper, insertProgram, insertTopic } from './fixtures';

export interface ImportCatalog {
  programId: number;
  paperId: number;
  topicId: number;
  otherPaperId: number;
}

export async function tempDb(): Promise<{ db: DB; dir: string; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-import-'));
  const db = await openDatabase(loadEnv({ DATA_DIR: dir, ...(await testDatabaseEnv(dir)) }));
  return {
    db,
    dir,
    close: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A program with two papers, the first with one topic: where an imported set may go. */
export async function makeImportCatalog(db: DB): Promise<ImportCatalog> {
  const program = await insertProgram(db);
  const paper = await insertPaper(db, program.id, 'Paper 1');
  const other = await insertPaper(db, program.id, 'Paper 2');
  const topic = await insertTopic(db, paper.id, 'Vital Signs');
  return { programId: program.id, paperId: paper.id, topicId: topic.id, otherPaperId: other.id };
}

export function questionRow(n: number, answer = 'ABCD'[n % 4]): string[] {
  return [
    `Question number ${n}: which option is right?`,
    `Option A${n}`,
    `Option B${n}`,
    `Option C${n}`,
    `Option D${n}`,
    answer,
    `Because ${n}.`,
  ];
}

export function goodRows(count: number): string[][] {
  return [[...HEADERS], ...Array.from({ length: count }, (_, i) => questionRow(i + 1))];
}

export function csvFile(rows: string[][]): Buffer {
  return Buffer.from(Papa.unparse(rows), 'utf8');
}

export function workbookFile(
  rows: Array<Array<string | XLSX.CellObject>>,
  bookType: 'xlsx' | 'biff8' = 'xlsx',
): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Questions');
  return XLSX.write(wb, { type: 'buffer', bookType, compression: true }) as Buffer;
}

export function countQuestions(db: DB): Promise<number> {
  return countRows(db, 'questions');
}

/** The sample bank as db/seed describes it: programs, set files and their question rows. */
export function seedBankSize(dir = SEED_DIR): { programs: number; sets: number; questions: number } {
  const catalog = readCatalog(dir);
  const sets = catalog.programs.flatMap((p) =>
    p.papers.flatMap((paper) => [...paper.topics.flatMap((t) => t.practice_sets), ...paper.mock_exams]),
  );
  const rows = (file: string) =>
    Papa.parse<string[]>(fs.readFileSync(path.join(dir, file), 'utf8'), { skipEmptyLines: true }).data.length - 1;
  const questions = sets.reduce((n, set) => n + rows(set.file), 0);
  return { programs: catalog.programs.length, sets: sets.length, questions };
}

/** Practice and mock sets together. */
export async function countSets(db: DB): Promise<number> {
  return (await countRows(db, 'practice_sets')) + (await countRows(db, 'mock_exam_sets'));
}
