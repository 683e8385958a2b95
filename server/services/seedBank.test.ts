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
      topics: { name: string; practice_sets?: SetFile[] }[];
      mock_exams: (Omit<SetFile, 'file'> & { file?: string; time_limit_minutes: number })[];
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

  it('explains every row, and offers no "all/none of the above"', () => {
    for (const { file, row } of allRows) {
      expect(row.explanation.trim().length, `${file}: ${row.question_text}`).toBeGreaterThan(40);
      for (const o of options(row))
        expect(o, `${file}: ${row.question_text}`).not.toMatch(/\b(all|none) of the above\b/i);
    }
  });

  it('has no duplicate question stems anywhere in the bank (case, spacing and punctuation ignored)', () => {
    const seen = new Map<string, string>();
    for (const { file, row } of allRows) {
      const stem = row.question_text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
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

/** Each programme's sets and mocks with their rows; a practice row's topic is its set's. */
const programmes = catalog.programs.map((program) => {
  const sets: { file: string; rows: Row[] }[] = [];
  const setsPerTopic = new Map<string, number>();
  let fixedMocks = 0;
  let drawnMocks = 0;
  for (const paper of program.papers) {
    for (const topic of paper.topics) {
      const name = topic.name.toLowerCase();
      setsPerTopic.set(name, topic.practice_sets?.length ?? 0);
      for (const set of topic.practice_sets ?? []) {
        sets.push({ file: set.file, rows: readRows(set.file).map((r) => ({ ...r, topic: name })) });
      }
    }
    for (const mock of paper.mock_exams) {
      if (!mock.file) drawnMocks++;
      else {
        fixedMocks++;
        const rows = readRows(mock.file).map((r) => ({ ...r, topic: (r.topic ?? '').trim().toLowerCase() }));
        sets.push({ file: mock.file, rows });
      }
    }
  }
  return {
    name: program.name,
    sets,
    setsPerTopic,
    fixedMocks,
    drawnMocks,
    rows: sets.flatMap((s) => s.rows),
  };
});

const keyStrictlyLongest = (row: Row) => {
  const k = keyIndex(row);
  return options(row).every((o, i) => i === k || o.length < options(row)[k].length);
};

describe('the sample bank per programme', () => {
  it('holds 1,000+ questions, 200+ in each of the five programmes', () => {
    expect(programmes).toHaveLength(5);
    for (const p of programmes) expect(p.rows.length, p.name).toBeGreaterThanOrEqual(200);
    expect(programmes.reduce((n, p) => n + p.rows.length, 0)).toBeGreaterThanOrEqual(1000);
  });

  it('spreads each programme over 8+ topics of 15+ questions, each practice topic with 2+ sets', () => {
    for (const p of programmes) {
      const perTopic = new Map<string, number>();
      for (const row of p.rows) {
        const topic = row.topic ?? '';
        expect(p.setsPerTopic.has(topic), `${p.name}: "${row.question_text}" is tagged "${topic}"`).toBe(
          true,
        );
        perTopic.set(topic, (perTopic.get(topic) ?? 0) + 1);
      }
      expect(perTopic.size, p.name).toBeGreaterThanOrEqual(8);
      for (const [topic, n] of perTopic) expect(n, `${p.name}: ${topic}`).toBeGreaterThanOrEqual(15);
      for (const [topic, sets] of p.setsPerTopic) {
        if (sets > 0) expect(sets, `${p.name}: ${topic}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('gives each programme two fixed mocks and one drawn mock', () => {
    for (const p of programmes) {
      expect(p.fixedMocks, p.name).toBeGreaterThanOrEqual(2);
      expect(p.drawnMocks, p.name).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps each key letter at 20-30% of every set and mock', () => {
    for (const p of programmes) {
      for (const { file, rows } of p.sets) {
        for (const letter of ANSWER_LETTERS) {
          const n = rows.filter((r) => r.correct_answer === letter).length;
          // A 10-item set holds 2 or 3 of each letter: 20-30% rounded to whole items.
          expect(n, `${file}: letter ${letter}`).toBeGreaterThanOrEqual(Math.floor(rows.length * 0.2));
          expect(n, `${file}: letter ${letter}`).toBeLessThanOrEqual(Math.ceil(rows.length * 0.3));
        }
      }
    }
  });

  it('makes the key the strictly longest option in at most 25% of each programme', () => {
    for (const p of programmes) {
      expect(p.rows.filter(keyStrictlyLongest).length / p.rows.length, p.name).toBeLessThanOrEqual(0.25);
    }
  });
});
