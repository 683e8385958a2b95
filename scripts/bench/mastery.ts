// The bench's mastery row (the dashboard's mastery query for a student with 5,000
// answers, in a database of 300 students, under 50 ms at p99). fillHistories writes a learning
// catalogue (2 papers of 10 topics, each topic 2 practice sets of 25 questions, and 2 mocks of 100
// a paper, their questions tagged over the paper's topics) and gives each of the fixture's first
// 300 students the same amount of graded history: practice sessions and mocks as the quiz engine
// leaves them (session, result, saved answers; one question in ten left blank) with the
// per-question tallies grading keeps. masteryOverview then asks for
// the dashboard's figures one student at a time (a request waits for the one before), rotating
// over 50 students, so p99 is what a student waits.
import type { DB } from '../../db/client';
import type { AnswerLetter } from '../../db/schema';
import { measure, rotating, type Measurement, type Target } from './cannon';
import type { Fixture, Student } from './fixtures';
import { each, trpcQuery } from './requests';
import { skipped, type Available } from './scenarios';

export const MASTERY_ANSWERS = 5000;
/** Students given that history: the goal's database of 300 (the full bench's fixture has more). */
export const MASTERY_STUDENTS = 300;
/** The dashboard's mastery query at p99. */
export const MASTERY_P99_MS = 50;
const ROWS_PER_INSERT = 800;
const LETTERS: AnswerLetter[] = ['A', 'B', 'C', 'D'];

interface LearningSet {
  type: 'practice' | 'mock';
  id: number;
  questions: Array<{ id: number; key: AnswerLetter }>;
}

async function chunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}

async function fillLearningCatalogue(db: DB): Promise<LearningSet[]> {
  const now = new Date().toISOString();
  const sets: LearningSet[] = [];
  // A practice question takes its set's topic; a mock's questions are tagged over its paper's topics.
  const addQuestions = async (set: Omit<LearningSet, 'questions'>, count: number, topicIds: number[]) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      practice_set_id: set.type === 'practice' ? set.id : null,
      mock_exam_set_id: set.type === 'mock' ? set.id : null,
      topic_id: topicIds[i % topicIds.length],
      position: i + 1,
      question_text: `Learning ${set.type} ${set.id} question ${i + 1}`,
      option_a: 'A',
      option_b: 'B',
      option_c: 'C',
      option_d: 'D',
      correct_answer: LETTERS[(i * 7 + set.id) % 4],
      explanation: 'Because.',
      text_key: `learning ${set.type} ${set.id} ${i + 1}`,
      created_at: now,
    }));
    const written = await db
      .insertInto('questions')
      .values(rows)
      .returning(['id', 'correct_answer'])
      .execute();
    sets.push({ ...set, questions: written.map((q) => ({ id: q.id, key: q.correct_answer })) });
  };
  const program = await db
    .insertInto('programs')
    .values({ name: 'Learning bench program', description: '', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let p = 1; p <= 2; p++) {
    const paper = await db
      .insertInto('papers')
      .values({ program_id: program.id, name: `Learning paper ${p}`, description: '', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topicIds: number[] = [];
    for (let t = 1; t <= 10; t++) {
      const topic = await db
        .insertInto('topics')
        .values({ paper_id: paper.id, name: `Learning topic ${p}.${t}`, description: '', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      topicIds.push(topic.id);
      for (let s = 1; s <= 2; s++) {
        const set = await db
          .insertInto('practice_sets')
          .values({ topic_id: topic.id, title: `Set ${s}`, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await addQuestions({ type: 'practice', id: set.id }, 25, [topic.id]);
      }
    }
    for (let m = 1; m <= 2; m++) {
      const mock = await db
        .insertInto('mock_exam_sets')
        .values({
          paper_id: paper.id,
          title: `Learning mock ${m}`,
          description: '',
          time_limit_minutes: 120,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addQuestions({ type: 'mock', id: mock.id }, 100, topicIds);
    }
  }
  return sets;
}

/** A repeatable pseudo-random sequence (mulberry32), so every run writes the same history. */
function randomFrom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One student's graded sessions until they hold `answers` questions: a mock every tenth. */
async function fillHistory(db: DB, userId: number, sets: LearningSet[], answers: number): Promise<void> {
  const random = randomFrom(userId);
  const practice = sets.filter((s) => s.type === 'practice');
  const mocks = sets.filter((s) => s.type === 'mock');
  const plan: LearningSet[] = [];
  for (let asked = 0; asked < answers;) {
    const pool = plan.length % 10 === 9 ? mocks : practice;
    const set = pool[Math.floor(random() * pool.length)];
    plan.push(set);
    asked += set.questions.length;
  }
  const start = Date.UTC(2026, 0, 1);
  const at = (i: number, minutes: number) => new Date(start + i * 3_600_000 + minutes * 60_000).toISOString();
  const sessions = await db
    .insertInto('quiz_sessions')
    .values(
      plan.map((set, i) => ({
        user_id: userId,
        quiz_type: set.type,
        quiz_id: set.id,
        quiz_name: `Learning ${set.type} ${set.id}`,
        question_ids: JSON.stringify(set.questions.map((q) => q.id)),
        started_at: at(i, 0),
        deadline_at: set.type === 'mock' ? at(i, 120) : null,
        submitted_at: at(i, 20),
      })),
    )
    .returning('id')
    .execute();
  const answerRows: Array<{
    session_id: number;
    question_id: number;
    selected_answer: AnswerLetter;
    saved_at: string;
  }> = [];
  // What grading adds up per question as each session is graded (services/learning/history.ts).
  const tallies = new Map<number, { asked: number; correct: number; last_correct: number }>();
  const results = plan.map((set, i) => {
    const sessionId = sessions[i].id;
    let correct = 0;
    for (const q of set.questions) {
      const roll = random();
      const right = roll >= 0.1 && roll < 0.75;
      const t = tallies.get(q.id) ?? { asked: 0, correct: 0, last_correct: 0 };
      tallies.set(q.id, {
        asked: t.asked + 1,
        correct: t.correct + Number(right),
        last_correct: Number(right),
      });
      if (roll < 0.1) continue; // left blank
      if (right) correct++;
      const letter = right ? q.key : LETTERS[(LETTERS.indexOf(q.key) + 1) % 4];
      answerRows.push({
        session_id: sessionId,
        question_id: q.id,
        selected_answer: letter,
        saved_at: at(i, 10),
      });
    }
    const total = set.questions.length;
    return {
      session_id: sessionId,
      user_id: userId,
      correct_answers: correct,
      total_questions: total,
      score: correct,
      percentage: Math.round((correct / total) * 100),
      time_spent_minutes: 20,
      created_at: at(i, 20),
    };
  });
  await chunks(results, (c) => db.insertInto('quiz_results').values(c).execute());
  await chunks(answerRows, (c) => db.insertInto('session_answers').values(c).execute());
  const tallyRows = [...tallies].map(([question_id, t]) => ({ user_id: userId, question_id, ...t }));
  await chunks(tallyRows, (c) => db.insertInto('question_tallies').values(c).execute());
}

/** Gives the fixture's first MASTERY_STUDENTS students `answers` questions of graded history. */
export async function fillHistories(db: DB, fixture: Fixture, answers = MASTERY_ANSWERS): Promise<void> {
  const sets = await fillLearningCatalogue(db);
  for (const student of fixture.students.slice(0, MASTERY_STUDENTS)) {
    await db.transaction().execute((trx) => fillHistory(trx, student.id, sets, answers));
  }
}

export const masteryRowName = (students: number) =>
  `mastery.overview, a student with ${MASTERY_ANSWERS.toLocaleString('en')} answers (${students} students with as many, one at a time)`;

export async function masteryOverview(
  target: Target,
  av: Available,
  students: Student[],
): Promise<Measurement> {
  const name = masteryRowName(Math.min(students.length, MASTERY_STUDENTS));
  if (!av.procedures.has('mastery.overview')) return skipped(name, 'missing mastery.overview');
  // The measured students take turns; each has the same amount of history.
  const token = rotating(students.slice(0, 50).map((s) => s.access));
  return measure(
    name,
    target,
    each(() => trpcQuery('mastery.overview', undefined, token())),
    { connections: 1 },
  );
}
