// The bench's exam-day row (quiz.startExamDay draws 180 questions over a programme's papers from a
// bank of 20,000; p99 under 100 ms on SQLite and 150 ms on PostgreSQL). It uses the question
// search row's bank (fillBank: 2 programmes of 10,000 questions each, practice questions tagged
// with their topic, mock questions untagged), and gives each measured student 5,000 answers of
// history in that programme: the question_tallies rows grading leaves, which is what the draw reads
// to put unseen questions first. examDayStart then starts one exam day per student, one request
// at a time (a start is a student's tap; each is a new session, drawn afresh).
import type { DB } from '../../db/client';
import { drawPool, examDayProgram } from '../../server/queries/draws';
import { measure, type Measurement, type Target } from './cannon';
import type { Student } from './fixtures';
import type { Bank } from './questionSearch';
import { each, trpcMutation } from './requests';
import { skipped, type Available } from './scenarios';

export const EXAM_DAY_ANSWERS = 5000;
/** Students measured, each starting once: every sample a new draw (100 samples, so p99 is near the worst). */
export const EXAM_DAY_STUDENTS = 100;
export const EXAM_DAY_QUESTIONS = 180;
const ROWS_PER_INSERT = 800;

export interface ExamDayBench {
  programId: number;
  pool: number;
  students: Student[];
}

/** The history of `students` in the bank's first programme: 5,000 tallies each, a different stride each. */
export async function fillExamDayHistory(
  db: DB,
  bank: Bank,
  students: Student[],
  answers = EXAM_DAY_ANSWERS,
): Promise<ExamDayBench> {
  const programId = bank.programs[0];
  const rows = await db
    .selectFrom('questions')
    .innerJoin('topics', 'topics.id', 'questions.topic_id')
    .innerJoin('papers', 'papers.id', 'topics.paper_id')
    .select('questions.id')
    .where('papers.program_id', '=', programId)
    .where('questions.is_active', '=', 1)
    .orderBy('questions.id')
    .execute();
  const ids = rows.map((r) => r.id);
  for (const [n, student] of students.entries()) {
    const seen = new Set<number>();
    for (let i = 0; seen.size < Math.min(answers, ids.length); i++) {
      seen.add(ids[(n * 7919 + i * 3) % ids.length]);
    }
    const tallies = [...seen].map((question_id, i) => ({
      user_id: student.id,
      question_id,
      asked: 1,
      correct: i % 5 < 3 ? 1 : 0,
      last_correct: i % 5 < 3 ? 1 : 0,
    }));
    for (let i = 0; i < tallies.length; i += ROWS_PER_INSERT) {
      await db
        .insertInto('question_tallies')
        .values(tallies.slice(i, i + ROWS_PER_INSERT))
        .execute();
    }
  }
  await db
    .updateTable('programs')
    .set({ exam_day_questions: EXAM_DAY_QUESTIONS, exam_day_minutes: EXAM_DAY_QUESTIONS })
    .where('id', '=', programId)
    .execute();
  // The pool of the draw: the tagged questions and the untagged questions of the programme's mocks.
  const national = { schoolId: null };
  const program = await examDayProgram(db, programId, national);
  const pool = (await drawPool(db, program?.paperIds ?? [], null, national)).length;
  return { programId, pool, students };
}

export const examDayRowName = (bank: Bank, pool: number) =>
  `quiz.startExamDay, ${EXAM_DAY_QUESTIONS} drawn of ${pool.toLocaleString('en')} (bank of ${bank.questions.toLocaleString('en')}), ${EXAM_DAY_ANSWERS.toLocaleString('en')} answers of history (new session each, one at a time)`;

export async function examDayStart(
  target: Target,
  av: Available,
  bank: Bank,
  day: ExamDayBench,
): Promise<Measurement> {
  const name = examDayRowName(bank, day.pool);
  if (!av.procedures.has('quiz.startExamDay')) return skipped(name, 'missing quiz.startExamDay');
  let next = 0;
  const input = { program_id: day.programId };
  return measure(
    name,
    target,
    each(() => trpcMutation('quiz.startExamDay', input, day.students[next++ % day.students.length].access)),
    { amount: day.students.length, connections: 1 },
  );
}
