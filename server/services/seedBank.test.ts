// Item-writing rules for the sample bank in db/seed: read straight from the CSV files and
// catalog.json, so a careless edit to a seed file fails here before anyone imports it.
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { HEADERS, TOPIC_HEADER } from '../../shared/domain/questionFormat';
import { ANSWER_LETTERS } from '../../shared/schemas/quiz';
import { SEED_DIR } from './seed';

interface SetFile {
  title: string;
  file: string;
  time_limit_minutes?: number;
}
interface Catalog {
  programs: {
    name: string;
    papers: {
      topics: { practice_sets?: SetFile[] }[];
      mock_exams: (SetFile & { time_limit_minutes: number })[];
    }[];
  }[];
}
type Row = Record<(typeof HEADERS)[number], string> & { topic?: string };

const catalog = JSON.parse(fs.readFileSync(path.join(SEED_DIR, 'catalog.json'), 'utf8')) as Catalog;

function readRows(file: string): Row[] {
  const text = fs.readFileSync(path.join(SEED_DIR, file), 'utf8');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  expect(parsed.errors, file).toEqual([]);
  const [header, ...rows] = parsed.data;
  // The seven columns, and the optional topic after them.
  const columns = header.length > HEADERS.length ? [...HEADERS, TOPIC_HEADER] : [...HEADERS];
  expect(header, file).toEqual(columns);
  return rows.map((cells, i) => {
    expect(cells.length, `${file} row ${i + 1} cell count`).toBe(columns.length);
    return Object.fromEntries(columns.map((h, j) => [h, cells[j]])) as Row;
  });
}

const files = catalog.programs.flatMap((p) =>
  p.papers.flatMap((paper) => [
    ...paper.topics.flatMap((t) => (t.practice_sets ?? []).map((s) => s.file)),
    ...paper.mock_exams.flatMap((m) => (m.file ? [m.file] : [])),
  ]),
);
const bank = files.map((file) => ({ file, rows: readRows(file) }));
const allRows = bank.flatMap((b) => b.rows.map((row) => ({ file: b.file, row })));

const options = (row: Row) => [row.option_a, row.option_b, row.option_c, row.option_d];
const keyIndex = (row: Row) => ANSWER_LETTERS.indexOf(row.correct_answer as (typeof ANSWER_LETTERS)[number]);

describe('sample bank item rules', () => {
  it('uses a key of exactly A, B, C or D and four different options in every row', () => {
    for (const { file, row } of allRows) {
      expect(ANSWER_LETTERS, `${file}: ${row.question_text}`).toContain(row.correct_answer);
      expect(new Set(options(row).map((o) => o.trim())).size, `${file}: ${row.question_text}`).toBe(4);
      for (const o of options(row)) expect(o.trim(), `${file}: ${row.question_text}`).not.toBe('');
    }
  });

  it('gives every row a non-empty explanation', () => {
    for (const { file, row } of allRows)
      expect(row.explanation.trim(), `${file}: ${row.question_text}`).not.toBe('');
  });

  it('has no duplicate question stems anywhere in the bank (case and spacing ignored)', () => {
    const seen = new Map<string, string>();
    for (const { file, row } of allRows) {
      const stem = row.question_text.toLowerCase().replace(/\s+/g, ' ').trim();
      expect(seen.get(stem), `${file}: ${row.question_text}`).toBeUndefined();
      seen.set(stem, file);
    }
  });

  it('makes the key the longest option (strictly or tied) in at most 30% of items', () => {
    const keyLongest = allRows.filter(({ row }) => {
      const k = keyIndex(row);
      const lengths = options(row).map((o) => o.length);
      return lengths[k] >= Math.max(...lengths.filter((_, i) => i !== k));
    }).length;
    expect(keyLongest / allRows.length).toBeLessThanOrEqual(0.3);
  });

  it('spreads the answer letters: no letter takes 40% or more of any file with 10+ items', () => {
    for (const { file, rows } of bank) {
      if (rows.length < 10) continue;
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(r.correct_answer, (counts.get(r.correct_answer) ?? 0) + 1);
      expect(Math.max(...counts.values()) / rows.length, file).toBeLessThan(0.4);
    }
  });

  it('does not repeat one fixed cycle of answer letters within or across files', () => {
    // The old bank cut every file's keys from one repeating 16-letter cycle.
    for (const { file, rows } of bank) {
      const seq = rows.map((r) => r.correct_answer).join('');
      for (let period = 2; period <= Math.min(16, seq.length / 2); period++) {
        const cyclic = [...seq].every((c, i) => i < period || c === seq[i - period]);
        expect(cyclic, `${file} keys ${seq} repeat every ${period}`).toBe(false);
      }
    }
    const sequences = bank.map((b) => b.rows.map((r) => r.correct_answer).join(''));
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it('gives each program a mock of 40+ questions timed at 1.1-1.3 minutes per question', () => {
    for (const program of catalog.programs) {
      // A drawn mock (no file) takes its questions from the practice bank.
      const mocks = program.papers
        .flatMap((p) => p.mock_exams)
        .flatMap((m) => (m.file ? [{ ...m, file: m.file }] : []));
      expect(mocks.length, program.name).toBeGreaterThanOrEqual(1);
      for (const mock of mocks) {
        const n = readRows(mock.file).length;
        expect(n, mock.file).toBeGreaterThanOrEqual(40);
        expect(mock.time_limit_minutes, mock.file).toBeGreaterThanOrEqual(1.1 * n);
        expect(mock.time_limit_minutes, mock.file).toBeLessThanOrEqual(1.3 * n);
      }
    }
  });
});
