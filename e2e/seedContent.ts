// Catalogue content for the browser tests, inserted directly with Kysely: one program > paper >
// topic > practice set (3 questions) and a 30-minute mock exam set (12 questions), plus a practice
// set without questions, a topic without practice sets and a paper without topics or mock exams.
import type { DB } from '../db/client';
import type { AnswerLetter } from '../db/schema';

const now = () => new Date().toISOString();
const LETTERS: AnswerLetter[] = ['A', 'B', 'C', 'D'];

export const PRACTICE_KEYS: AnswerLetter[] = ['B', 'A', 'D'];
export const MOCK_QUESTIONS = 12;
export const MOCK_MINUTES = 30;

function question(text: string, key: AnswerLetter, i: number) {
  return {
    position: i + 1,
    question_text: text,
    option_a: `First choice ${i + 1}`,
    option_b: `Second choice ${i + 1}`,
    option_c: `Third choice ${i + 1}`,
    option_d: `Fourth choice ${i + 1}`,
    correct_answer: key,
    explanation: `Because choice ${key} is right for question ${i + 1}.`,
    text_key: text.toLowerCase(),
    created_at: now(),
  };
}

export async function seedContent(db: DB) {
  const program = await db
    .insertInto('programs')
    .values({ name: 'Registered General Nursing', description: 'RGN licensing exam', created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  const paper = await db
    .insertInto('papers')
    .values({
      program_id: program.id,
      name: 'Paper 1: Medical Nursing',
      description: 'Adult medical nursing',
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const topic = await db
    .insertInto('topics')
    .values({
      paper_id: paper.id,
      name: 'Fluid and Electrolytes',
      description: 'Dehydration and fluid balance',
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // Empty branches, for the wizards' empty states.
  const emptyTopic = await db
    .insertInto('topics')
    .values({
      paper_id: paper.id,
      name: 'Cardiology',
      description: 'Heart failure and hypertension',
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const emptyPaper = await db
    .insertInto('papers')
    .values({
      program_id: program.id,
      name: 'Paper 2: Surgical Nursing',
      description: 'Theatre and wards',
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const practiceSet = await db
    .insertInto('practice_sets')
    .values({ topic_id: topic.id, title: 'Fluids Practice Set 1', created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  const emptySet = await db
    .insertInto('practice_sets')
    .values({ topic_id: topic.id, title: 'Fluids Practice Set 2', created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  const mockSet = await db
    .insertInto('mock_exam_sets')
    .values({
      paper_id: paper.id,
      title: 'Medical Nursing Mock 1',
      description: 'A full timed paper',
      time_limit_minutes: MOCK_MINUTES,
      // The journeys name the letters they click; e2e/fairMocksAndFlags.test.ts covers shuffling.
      shuffle: 0,
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('questions')
    .values([
      ...PRACTICE_KEYS.map((key, i) => ({
        ...question(`Practice question ${i + 1} about fluids?`, key, i),
        practice_set_id: practiceSet.id,
        mock_exam_set_id: null,
      })),
      ...Array.from({ length: MOCK_QUESTIONS }, (_, i) => ({
        ...question(`Mock question ${i + 1} about medical nursing?`, LETTERS[i % 4], i),
        practice_set_id: null,
        mock_exam_set_id: mockSet.id,
      })),
    ])
    .execute();
  return { program, paper, topic, practiceSet, emptySet, mockSet, emptyTopic, emptyPaper };
}
