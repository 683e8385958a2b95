// Test helpers for shuffled sessions: questions whose options can be told apart, and random
// sources that draw a chosen order or a repeatable sequence.
import { afterEach, beforeEach } from 'vitest';
import type { DB } from '../../db/client';
import type { AnswerLetter } from '../../db/schema';
import { LETTERS, type RandomSource } from '../../shared/domain/optionOrder';
import { makeCatalog, topicOfNewQuestion } from './fixtures';
import { startTestServer, type TestServer } from './harness';

/** A fresh server with makeCatalog's rows for each test of the file (read them as s.t, s.cat). */
export function serverWithCatalog() {
  const s = {} as { t: TestServer; cat: Awaited<ReturnType<typeof makeCatalog>> };
  beforeEach(async () => {
    s.t = await startTestServer();
    s.cat = await makeCatalog(s.t.db);
  });
  afterEach(() => s.t.close());
  return s;
}

const WORDS = { A: 'alpha', B: 'bravo', C: 'charlie', D: 'delta' } as const;

/** The text option `letter` of question `label` has: "M3 bravo" is option B of M3. */
export const optionTextOf = (label: string, letter: AnswerLetter) => `${label} ${WORDS[letter]}`;

/** `count` questions with distinct option texts; keys cycle C, A, D, B. */
export async function insertDistinctQuestions(
  db: DB,
  set: { practice_set_id: number } | { mock_exam_set_id: number },
  count: number,
  label: string,
) {
  const keys: AnswerLetter[] = ['C', 'A', 'D', 'B'];
  const now = new Date().toISOString();
  const topic_id = await topicOfNewQuestion(db, set);
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `${label}${i + 1}`;
    return {
      practice_set_id: 'practice_set_id' in set ? set.practice_set_id : null,
      mock_exam_set_id: 'mock_exam_set_id' in set ? set.mock_exam_set_id : null,
      topic_id,
      position: i + 1,
      question_text: `${name}: which is right?`,
      option_a: optionTextOf(name, 'A'),
      option_b: optionTextOf(name, 'B'),
      option_c: optionTextOf(name, 'C'),
      option_d: optionTextOf(name, 'D'),
      correct_answer: keys[i % 4],
      explanation: `Because ${name}`,
      text_key: `${label.toLowerCase()}-${i + 1}`,
      created_at: now,
    };
  });
  return db.insertInto('questions').values(rows).returningAll().execute();
}

/** A source under which shuffling A-D (Fisher-Yates, last place first) draws exactly `order`. */
export function drawing(order: string): RandomSource {
  const out = [...LETTERS];
  const picks: number[] = [];
  for (let i = out.length - 1; i > 0; i--) {
    const j = out.indexOf(order[i] as AnswerLetter);
    picks.push((j + 0.5) / (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return () => picks.shift() ?? 0;
}

/** mulberry32: the same seed gives the same sequence, so a test's shuffles are repeatable. */
export function seeded(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
