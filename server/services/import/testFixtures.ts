// Test fixtures of the import: a migrated database with one program / paper / topic, and
// question files built in memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import type { DB } from '../../../db/client';
import { HEADERS } from '../../../shared/domain/questionFormat';
import { openDatabase } from '../../deps';
import { loadEnv } from '../../env';
import { testDatabaseEnv } from '../../test/database';

export interface Catalog {
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

export async function makeCatalog(db: DB): Promise<Catalog> {
  const now = new Date().toISOString();
  const program = await db
    .insertInto('programs')
    .values({ name: 'General Nursing', description: '', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const paper = await db
    .insertInto('papers')
    .values({ program_id: program.id, name: 'Paper 1', description: '', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const other = await db
    .insertInto('papers')
    .values({ program_id: program.id, name: 'Paper 2', description: '', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const topic = await db
    .insertInto('topics')
    .values({ paper_id: paper.id, name: 'Vital Signs', description: '', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
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

export async function countQuestions(db: DB): Promise<number> {
  const row = await db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countSets(db: DB): Promise<number> {
  const p = await db
    .selectFrom('practice_sets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const m = await db
    .selectFrom('mock_exam_sets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(p.n) + Number(m.n);
}
