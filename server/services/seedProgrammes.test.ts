// The sample bank's shape per programme: enough questions, topics and sets for a school to use on
// day one, item rules that hold per programme and per set, and an exam day that can be drawn.
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/client';
import { TOPIC_HEADER } from '../../shared/domain/questionFormat';
import { tempDb } from '../test/importFiles';
import { secureRandom } from './attemptOrder';
import { drawExamDay } from './draws';
import { readCatalog, SEED_DIR, seedIfEmpty } from './seed';

const catalog = readCatalog();

interface Item {
  stem: string;
  options: string[];
  key: number;
  explanation: string;
  topic: string;
}

function readItems(file: string, topicOfSet?: string): Item[] {
  const text = fs.readFileSync(path.join(SEED_DIR, file), 'utf8');
  const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const topicColumn = header.indexOf(TOPIC_HEADER);
  return rows.map((r) => ({
    stem: r[0],
    options: r.slice(1, 5),
    key: 'ABCD'.indexOf(r[5]),
    explanation: r[6],
    topic: topicOfSet ?? (topicColumn >= 0 ? r[topicColumn].trim().toLowerCase() : ''),
  }));
}

const programmes = catalog.programs.map((program) => {
  const sets: { file: string; items: Item[] }[] = [];
  const setsPerTopic = new Map<string, number>();
  let fixedMocks = 0;
  let drawnMocks = 0;
  for (const paper of program.papers) {
    for (const topic of paper.topics) {
      const name = topic.name.toLowerCase();
      setsPerTopic.set(name, topic.practice_sets.length);
      for (const set of topic.practice_sets) sets.push({ file: set.file, items: readItems(set.file, name) });
    }
    for (const mock of paper.mock_exams) {
      if (mock.file) {
        fixedMocks++;
        sets.push({ file: mock.file, items: readItems(mock.file) });
      } else drawnMocks++;
    }
  }
  return {
    name: program.name,
    sets,
    setsPerTopic,
    fixedMocks,
    drawnMocks,
    items: sets.flatMap((s) => s.items),
  };
});

/** Case, punctuation and spacing ignored, as a reader would compare two questions. */
const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const keyStrictlyLongest = (item: Item) =>
  item.options.every((o, i) => i === item.key || o.length < item.options[item.key].length);

describe('the sample bank per programme', () => {
  it('holds 1,000+ questions, 200+ in each of the five programmes', () => {
    expect(programmes.map((p) => p.name)).toHaveLength(5);
    for (const p of programmes) expect(p.items.length, p.name).toBeGreaterThanOrEqual(200);
    expect(programmes.reduce((n, p) => n + p.items.length, 0)).toBeGreaterThanOrEqual(1000);
  });

  it('spreads each programme over 8+ topics of 15+ questions, each practice topic with 2+ sets', () => {
    for (const p of programmes) {
      const perTopic = new Map<string, number>();
      for (const item of p.items) {
        expect(p.setsPerTopic.has(item.topic), `${p.name}: "${item.stem}" is tagged "${item.topic}"`).toBe(
          true,
        );
        perTopic.set(item.topic, (perTopic.get(item.topic) ?? 0) + 1);
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
      for (const { file, items } of p.sets) {
        for (let letter = 0; letter < 4; letter++) {
          const n = items.filter((i) => i.key === letter).length;
          // A 10-item set holds 2 or 3 of each letter: 20-30% rounded to whole items.
          expect(n, `${file}: letter ${'ABCD'[letter]}`).toBeGreaterThanOrEqual(
            Math.floor(items.length * 0.2),
          );
          expect(n, `${file}: letter ${'ABCD'[letter]}`).toBeLessThanOrEqual(Math.ceil(items.length * 0.3));
        }
      }
    }
  });

  it('makes the key the strictly longest option in at most 25% of each programme', () => {
    for (const p of programmes) {
      const share = p.items.filter(keyStrictlyLongest).length / p.items.length;
      expect(share, p.name).toBeLessThanOrEqual(0.25);
    }
  });

  it('has no duplicate question in the whole bank, punctuation and case ignored', () => {
    const seen = new Map<string, string>();
    for (const p of programmes) {
      for (const { file, items } of p.sets) {
        for (const item of items) {
          const key = normalised(item.stem);
          expect(seen.get(key), `${file}: "${item.stem}"`).toBeUndefined();
          seen.set(key, file);
        }
      }
    }
  });

  it('explains every item, and uses no "all/none of the above"', () => {
    for (const p of programmes) {
      for (const item of p.items) {
        expect(item.explanation.trim().length, item.stem).toBeGreaterThan(40);
        for (const o of item.options) expect(o, item.stem).not.toMatch(/\b(all|none) of the above\b/i);
      }
    }
  });
});

describe("the sample bank's exam day", () => {
  let db: DB;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await tempDb());
    await seedIfEmpty(db);
  });
  afterAll(() => close());

  it('draws 180 questions without a repeat in every programme', async () => {
    const programs = await db.selectFrom('programs').select(['id', 'name']).execute();
    expect(programs).toHaveLength(5);
    for (const program of programs) {
      const papers = await db
        .selectFrom('papers')
        .select('id')
        .where('program_id', '=', program.id)
        .execute();
      const ids = await drawExamDay(
        db,
        0,
        papers.map((p) => p.id),
        180,
        secureRandom,
      );
      expect(ids, program.name).toHaveLength(180);
      expect(new Set(ids).size, program.name).toBe(180);
    }
  });
});
