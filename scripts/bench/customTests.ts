// The bench's "Create a test" rows, on the 20,000-question bank of the search row (fillBank):
// starting a 100-question timed test from a student's incorrect answers (p99 under 100 ms on
// SQLite, 150 ms on PostgreSQL), and the builder's live count (p99 under 50 ms). fillCustomHistory
// gives each of 20 students 5,000 answered questions of the bank's first programme as grading
// leaves them in question_tallies, two in five wrong the last time (the pool the start draws
// from: about 2,000 questions). Each row sends one request at a time, as one phone waits for it,
// rotating over the students.
import type { DB } from '../../db/client';
import type { QuestionTallyTable } from '../../db/schema';
import { measure, rotating, type Measurement, type Target } from './cannon';
import type { Fixture, Student } from './fixtures';
import type { Bank } from './questionSearch';
import { each, trpcMutation, trpcQuery } from './requests';
import { skipped, type Available } from './scenarios';

export const CUSTOM_HISTORY_ANSWERS = 5000;
/** Students given that history, so each start's session and pool are a different student's. */
const HISTORY_STUDENTS = 20;
export const CUSTOM_START_P99_MS = { sqlite: 100, postgres: 150 } as const;
export const CUSTOM_COUNT_P99_MS = 50;
const ROWS_PER_INSERT = 500;

export interface CustomHistory {
  students: Student[];
  programId: number;
  topicIds: number[];
}

/** Writes each student's tallies on the bank's first programme; answers who and where. */
export async function fillCustomHistory(db: DB, fixture: Fixture, bank: Bank): Promise<CustomHistory> {
  const programId = bank.programs[0];
  const topics = await db
    .selectFrom('topics')
    .innerJoin('papers', 'papers.id', 'topics.paper_id')
    .select('topics.id')
    .where('papers.program_id', '=', programId)
    .orderBy('topics.id')
    .execute();
  const topicIds = topics.map((t) => t.id);
  const questions = await db
    .selectFrom('questions')
    .select('id')
    .where('topic_id', 'in', topicIds)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  if (questions.length < CUSTOM_HISTORY_ANSWERS) {
    throw new Error(`the bank's first programme has ${questions.length} tagged questions`);
  }
  const students = fixture.students.slice(0, HISTORY_STUDENTS);
  for (const [n, student] of students.entries()) {
    // A different stretch of the bank for each student, every question once.
    const rows: QuestionTallyTable[] = Array.from({ length: CUSTOM_HISTORY_ANSWERS }, (_, i) => {
      const wrong = (i + n) % 5 < 2;
      return {
        user_id: student.id,
        question_id: questions[(i * 7 + n * 311) % questions.length].id,
        asked: 1 + (i % 3),
        correct: wrong ? 0 : 1,
        last_correct: wrong ? 0 : 1,
      };
    });
    const unique = [...new Map(rows.map((r) => [r.question_id, r])).values()];
    for (let i = 0; i < unique.length; i += ROWS_PER_INSERT) {
      await db
        .insertInto('question_tallies')
        .values(unique.slice(i, i + ROWS_PER_INSERT))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  return { students, programId, topicIds };
}

const startName = (h: CustomHistory) =>
  `customTests.start, 100 questions from the incorrect pool of ${h.topicIds.length} topics, ${CUSTOM_HISTORY_ANSWERS.toLocaleString('en')} answers (one student at a time)`;

export async function customTestStart(
  target: Target,
  av: Available,
  history: CustomHistory,
  opts: { duration?: number } = {},
): Promise<Measurement> {
  if (!av.procedures.has('customTests.start')) {
    return skipped(startName(history), 'missing customTests.start');
  }
  const student = rotating(history.students);
  const input = {
    program_id: history.programId,
    pool: 'incorrect',
    topic_ids: history.topicIds,
    question_count: 100,
    mode: 'timed',
  };
  return measure(
    startName(history),
    target,
    each(() => trpcMutation('customTests.start', input, student().access)),
    { ...opts, connections: 1 },
  );
}

/** The builder's choices as a student ticks through them: pools and growing sets of topics. */
function countInputs(h: CustomHistory) {
  const pools = ['unused', 'incorrect', 'all', 'flagged', 'not_sure'];
  return pools.flatMap((pool) =>
    [1, 3, h.topicIds.length].map((n) => ({
      program_id: h.programId,
      pool,
      topic_ids: h.topicIds.slice(0, n),
    })),
  );
}

export async function customTestCount(
  target: Target,
  av: Available,
  history: CustomHistory,
  opts: { duration?: number } = {},
): Promise<Measurement> {
  const inputs = countInputs(history);
  const name = `customTests.count, the builder's live count over 5 pools, ${CUSTOM_HISTORY_ANSWERS.toLocaleString('en')} answers (one student at a time)`;
  if (!av.procedures.has('customTests.count')) return skipped(name, 'missing customTests.count');
  const student = rotating(history.students);
  const input = rotating(inputs);
  return measure(
    name,
    target,
    each(() => trpcQuery('customTests.count', input(), student().access)),
    { ...opts, connections: 1 },
  );
}
