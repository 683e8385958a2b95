// The exam-day simulation of a programme: the council's format (by default 180 questions in 180
// minutes, set per programme), drawn over all its active papers in proportion to the bank, the
// student's unseen questions first. A timed mock session of no set (quiz_id 0, origin 'exam_day',
// origin_id the programme), resumed, saved, graded and reviewed like any mock (docs/draws.md).
import { TRPCError } from '@trpc/server';
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { User } from '../../db/schema';
import { scaledMinutes } from '../../shared/domain/draws';
import type { RandomSource } from '../../shared/domain/optionOrder';
import { audienceOfUser } from '../queries/contentVisibility';
import { examDayProgram } from '../queries/draws';
import { findOpenListSession } from '../queries/listSessions';
import { insertSession } from '../queries/quiz';
import { arrangeAttempt, secureRandom } from './attemptOrder';
import { drawExamDay, examDaySize } from './draws';
import { NO_SET } from './learning/practiceLists';
import {
  gradeExpiredSessionsOf,
  inProgress,
  resumeWhileOpen,
  viewOfNewSession,
  type QuizStart,
} from './quizSessions';

/** The programme's exam day as this student may sit it: national or their school's programme. */
async function programOf(db: DB, user: User, programId: number) {
  const audience = audienceOfUser(user);
  const program = await examDayProgram(db, programId, audience);
  if (!program) throw new TRPCError({ code: 'NOT_FOUND', message: 'Program not found' });
  return { ...program, audience, quizName: `Exam day: ${program.name}` };
}

/**
 * What the start screen says: the programme's size, how many questions the bank holds for it now
 * (fewer than asked: the exam has those, at the same pace), and an exam day under way.
 */
export async function examDayInfo(db: DB, user: User, programId: number, now = new Date()) {
  const program = await programOf(db, user, programId);
  await gradeExpiredSessionsOf(db, user.id, now);
  const held = await examDaySize(db, program.paperIds, program.exam_day_questions, program.audience);
  const open = await findOpenListSession(db, user.id, 'exam_day', program.id);
  // The start screen's facts in quiz.info's shape, so one screen serves both.
  return {
    quiz_type: 'mock' as const,
    quiz_id: NO_SET,
    quiz_name: program.quizName,
    total_questions: held,
    time_limit_minutes: scaledMinutes(program.exam_day_minutes, program.exam_day_questions, held),
    shuffled: true,
    drawn: { asked: program.exam_day_questions, held },
    in_progress: inProgress(open, now),
    program_id: program.id,
    asked_minutes: program.exam_day_minutes,
  };
}
export type ExamDayInfo = Awaited<ReturnType<typeof examDayInfo>>;

/**
 * Resumes the student's exam day of this programme while its time runs, or draws a new one (one
 * at a time per student and programme: two taps start one). One past its time is graded first.
 */
export async function startExamDay(
  db: DB,
  user: User,
  programId: number,
  now = new Date(),
  random: RandomSource = secureRandom,
): Promise<QuizStart> {
  const program = await programOf(db, user, programId);
  return serialized(db, [`quiz-start:${user.id}:exam_day:${program.id}`], async (trx) => {
    const running = await resumeWhileOpen(
      trx,
      await findOpenListSession(trx, user.id, 'exam_day', program.id),
      now,
    );
    if (running) return running;
    const ids = await drawExamDay(
      trx,
      user.id,
      program.paperIds,
      program.exam_day_questions,
      program.audience,
      random,
    );
    if (!ids.length) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: 'This programme has no questions for an exam day yet.',
      });
    }
    const minutes = scaledMinutes(program.exam_day_minutes, program.exam_day_questions, ids.length);
    const order = arrangeAttempt(ids, true, random);
    const session = await insertSession(trx, {
      user_id: user.id,
      quiz_type: 'mock',
      quiz_id: NO_SET,
      quiz_name: program.quizName,
      question_ids: order.questionIds,
      option_orders: order.optionOrders,
      started_at: now.toISOString(),
      deadline_at: new Date(now.getTime() + minutes * 60_000).toISOString(),
      origin: 'exam_day',
      origin_id: program.id,
    });
    return viewOfNewSession(trx, session, now, order.orders);
  });
}
