// Class mocks: a school's staff schedule a mock set for their school (or one programme of it)
// between an opening and a closing time. Each student gets one attempt, whose deadline is the
// earlier of the time limit and the close; attempts still open at the close are graded by the
// server (settleClassMocks), and the results stay held back until they are released, at the close
// or by hand: until then a student reads that the attempt was submitted, never a score or a key.
import { TRPCError } from '@trpc/server';
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { ClassMock, User } from '../../db/schema';
import { classMockState, formatGmt, formatWait } from '../../shared/domain/classMocks';
import type { CreateClassMockInput, UpdateClassMockInput } from '../../shared/schemas/classMocks';
import { ErrorDetails } from '../errors';
import {
  attemptOf,
  boardRows,
  claimRelease,
  classMocksOfStudent,
  deleteUnopenedClassMock,
  dueForRelease,
  findClassMock,
  findClassMockOfStudent,
  insertClassMock,
  listClassMocksOfSchool,
  mockSetOfSchool,
  openAttemptsOfClosed,
  releaseLearning,
  updateUnopenedClassMock,
  withheldResultOf,
  withheldResults,
} from '../queries/classMocks';
import { parseQuestionIds, resultIdOfSession } from '../queries/quiz';
import { findSchool, listSchools } from '../queries/schools';
import { secureRandom } from './attemptOrder';
import {
  GRACE_SECONDS,
  gradeSession,
  loadQuiz,
  newAttempt,
  releasesAt,
  resultNotification,
  resumeWhileOpen,
  type QuizStart,
} from './quizSessions';
import { scopedSchoolId, type StaffScope } from './staffScope';
import type { RandomSource } from '../../shared/domain/optionOrder';

const iso = (d: Date) => d.toISOString();
const ms = (s: string) => new Date(s).getTime();

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Class mock not found' });

/** The school a new class mock is for: the staff member's own, or the one the platform admin names. */
async function schoolFor(db: DB, scope: StaffScope, named: number | null | undefined): Promise<number> {
  const own = scopedSchoolId(scope);
  if (own !== null) {
    if (named != null && named !== own) throw new TRPCError({ code: 'NOT_FOUND', message: 'School not found' });
    return own;
  }
  if (named == null) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Choose the school the class mock is for.' });
  }
  if (!(await findSchool(db, named))) throw new TRPCError({ code: 'NOT_FOUND', message: 'School not found' });
  return named;
}

/** The mock set, when the school may use it (national, or its own); the time limit for the warning. */
async function usableMockSet(db: DB, setId: number, schoolId: number) {
  const set = await mockSetOfSchool(db, setId, schoolId);
  if (!set) throw new TRPCError({ code: 'NOT_FOUND', message: 'Mock exam not found' });
  return set;
}

/** A warning, not a refusal: a window shorter than the time limit cuts every attempt short. */
function shortWindowWarning(input: { opens_at: string; closes_at: string }, limitMinutes: number) {
  const windowMinutes = (ms(input.closes_at) - ms(input.opens_at)) / 60_000;
  return windowMinutes < limitMinutes
    ? `The window (${Math.round(windowMinutes)} min) is shorter than the mock's time limit (${limitMinutes} min): attempts end at the close.`
    : null;
}

export async function scheduleClassMock(
  db: DB,
  scope: StaffScope,
  user: User,
  input: CreateClassMockInput,
  now = new Date(),
): Promise<{ id: number; warning: string | null }> {
  const schoolId = await schoolFor(db, scope, input.school_id);
  const set = await usableMockSet(db, input.mock_exam_set_id, schoolId);
  const id = await insertClassMock(db, {
    school_id: schoolId,
    mock_exam_set_id: set.id,
    program_of_study: input.program_of_study,
    opens_at: input.opens_at,
    closes_at: input.closes_at,
    release: input.release,
    created_by: user.id,
    created_at: iso(now),
  });
  return { id, warning: shortWindowWarning(input, set.time_limit_minutes) };
}

/** The class mock of the staff member's scope; another school's answers as a missing one. */
async function ownClassMock(db: DB, scope: StaffScope, id: number): Promise<ClassMock> {
  const found = await findClassMock(db, id, scopedSchoolId(scope));
  if (!found) throw notFound();
  return found;
}

const alreadyOpened = () =>
  new TRPCError({ code: 'CONFLICT', message: 'This class mock has already opened: it can no longer be changed.' });

export async function updateClassMock(
  db: DB,
  scope: StaffScope,
  input: UpdateClassMockInput,
  now = new Date(),
): Promise<{ id: number; warning: string | null }> {
  const cm = await ownClassMock(db, scope, input.id);
  const set = await usableMockSet(db, input.mock_exam_set_id, cm.school_id);
  const changes = {
    mock_exam_set_id: set.id,
    program_of_study: input.program_of_study,
    opens_at: input.opens_at,
    closes_at: input.closes_at,
    release: input.release,
  };
  if (!(await updateUnopenedClassMock(db, cm.id, iso(now), changes))) throw alreadyOpened();
  return { id: cm.id, warning: shortWindowWarning(input, set.time_limit_minutes) };
}

export async function cancelClassMock(db: DB, scope: StaffScope, id: number, now = new Date()) {
  const cm = await ownClassMock(db, scope, id);
  if (!(await deleteUnopenedClassMock(db, cm.id, iso(now)))) throw alreadyOpened();
  return { id: cm.id, cancelled: true as const };
}

export async function schoolsToSchedule(db: DB, scope: StaffScope) {
  const own = scopedSchoolId(scope);
  const schools = await listSchools(db);
  return schools.filter((s) => own === null || s.id === own).map((s) => ({ id: s.id, name: s.name }));
}

export async function listClassMocks(db: DB, scope: StaffScope, now = new Date()) {
  const rows = await listClassMocksOfSchool(db, scopedSchoolId(scope));
  return rows.map((r) => ({ ...r, state: classMockState(r.opens_at, r.closes_at, now.getTime()) }));
}

type AttemptState = 'not_started' | 'in_progress' | 'submitted';

/**
 * Every student the class mock is for, with how far they are (answers saved of the questions
 * asked), counts per state at the top: one grouped query.
 */
export async function classMockBoard(db: DB, scope: StaffScope, id: number, now = new Date()) {
  const cm = await ownClassMock(db, scope, id);
  const rows = await boardRows(db, cm);
  const students = rows.map((r) => {
    const state: AttemptState =
      r.session_id === null ? 'not_started' : r.submitted_at === null ? 'in_progress' : 'submitted';
    return {
      user_id: r.user_id,
      full_name: r.full_name,
      email: r.email,
      state,
      answered: Number(r.answered),
      questions: r.question_ids === null ? 0 : parseQuestionIds({ question_ids: r.question_ids }).length,
    };
  });
  const count = (state: AttemptState) => students.filter((s) => s.state === state).length;
  return {
    class_mock: { ...cm, state: classMockState(cm.opens_at, cm.closes_at, now.getTime()) },
    counts: {
      students: students.length,
      not_started: count('not_started'),
      in_progress: count('in_progress'),
      submitted: count('submitted'),
    },
    students,
  };
}

/**
 * Releases a class mock's results: each held-back result gets its notification and goes to the
 * learning backlog. The row's update comes first, so on PostgreSQL a grading under way (which
 * reads the row `for share`) either finishes first and is released here, or waits and finds it
 * released. False when it was released already.
 */
export async function releaseResults(db: DB, id: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimRelease(trx, id, iso(now)))) return false;
    const held = await withheldResults(trx, id);
    for (const result of held) await resultNotification(trx, result, now);
    await releaseLearning(
      trx,
      held.map((r) => r.id),
    );
    return true;
  });
}

/** Staff pressing "Release results": once the class mock has closed, while no attempt can change. */
export async function releaseByHand(db: DB, scope: StaffScope, id: number, now = new Date()) {
  const cm = await ownClassMock(db, scope, id);
  if (now.getTime() < ms(cm.closes_at)) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `Results can be released once the class mock closes (${formatGmt(cm.closes_at)}).`,
    });
  }
  await releaseResults(db, cm.id, now);
  const after = await ownClassMock(db, scope, id);
  return { id: cm.id, released_at: after.released_at };
}

/** The student's class mocks with where each stands for them; the countdowns run on the phone. */
export async function studentClassMocks(db: DB, user: User, now = new Date()) {
  const rows = await classMocksOfStudent(db, user.id);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    opens_at: r.opens_at,
    closes_at: r.closes_at,
    state: classMockState(r.opens_at, r.closes_at, now.getTime()),
    session_id: r.session_id,
    submitted: r.submitted_at !== null,
    time_limit_minutes: r.time_limit_minutes,
    // Seconds from the server's now: the phone counts down from these, whatever its own clock says.
    seconds_to_open: Math.max(0, Math.ceil((ms(r.opens_at) - now.getTime()) / 1000)),
    seconds_to_close: Math.max(0, Math.ceil((ms(r.closes_at) - now.getTime()) / 1000)),
    // The attempt's own deadline (the time limit or the close, whichever comes first).
    deadline_at: r.session_id !== null && r.submitted_at === null ? r.deadline_at : null,
    released: r.released_at !== null,
    releases_at: r.released_at ?? (r.release === 'at_close' ? r.closes_at : null),
    // Only once released: before, the result's id would open a page that says nothing more.
    result_id: r.released_at !== null ? r.result_id : null,
  }));
}

function submittedAlready(resultId: number | null): TRPCError {
  return new TRPCError({
    code: 'CONFLICT',
    message: 'You have already submitted this class mock.',
    cause: resultId === null ? undefined : new ErrorDetails('submitted', { result_id: resultId }),
  });
}

/**
 * Starts the student's one attempt at a class mock while it is open, or resumes it (a reload, a
 * second tab). Before the opening and after the close it says so; a class mock of another
 * school or programme is not found.
 */
export async function startClassMock(
  db: DB,
  user: User,
  id: number,
  now = new Date(),
  random: RandomSource = secureRandom,
): Promise<QuizStart> {
  const cm = await findClassMockOfStudent(db, id, user.id);
  if (!cm) throw notFound();
  const ref = { quiz_type: 'mock' as const, quiz_id: cm.mock_exam_set_id };
  const quiz = await loadQuiz(db, user, ref);
  return serialized(db, [`class-mock-start:${cm.id}:${user.id}`], async (trx) => {
    const attempt = await attemptOf(trx, cm.id, user.id);
    if (attempt) {
      const running = attempt.submitted_at === null ? await resumeWhileOpen(trx, attempt, now) : null;
      if (running) return running;
      throw submittedAlready(await resultIdOfSession(trx, attempt.id));
    }
    const state = classMockState(cm.opens_at, cm.closes_at, now.getTime());
    if (state === 'upcoming') {
      throw new TRPCError({
        code: 'CONFLICT',
        message: `This class mock opens in ${formatWait((ms(cm.opens_at) - now.getTime()) / 1000)}.`,
      });
    }
    if (state === 'closed') throw new TRPCError({ code: 'CONFLICT', message: 'This class mock has closed.' });
    return newAttempt(trx, user, ref, quiz, now, random, { id: cm.id, closesAt: cm.closes_at });
  });
}

/**
 * Why a student's result id shows nothing: held back until its class mock's release (a 403
 * saying when, with `withheld` and `releases_at` for the screen), or simply not found.
 */
export async function withheldOrMissing(db: DB, userId: number, resultId: number): Promise<TRPCError> {
  const held = await withheldResultOf(db, userId, resultId);
  if (!held) return new TRPCError({ code: 'NOT_FOUND', message: 'Result not found' });
  const when = releasesAt(held);
  return new TRPCError({
    code: 'FORBIDDEN',
    message: when
      ? `Submitted. Results are released on ${formatGmt(when)}.`
      : 'Submitted. Results are released when your tutors release them.',
    cause: new ErrorDetails('withheld', { withheld: 1, releases_at: when ?? '' }),
  });
}

/** How far back the settling looks for closed class mocks: the general sweep grades older ones. */
const SETTLE_LOOKBACK_MS = 24 * 3600_000;

/**
 * The work of a class mock's close, run every few seconds by the background work: grades the
 * attempts still open once the close (plus the grace a slow last save gets) has passed, and
 * releases the results of class mocks released at the close. Both are claims, so two processes
 * running it at once grade and release each once. Returns how many attempts it graded.
 */
export async function settleClassMocks(
  db: DB,
  now = new Date(),
  onError: (err: unknown, what: string) => void = () => {},
): Promise<number> {
  const cutoff = now.getTime() - GRACE_SECONDS * 1000;
  let graded = 0;
  for (const session of await openAttemptsOfClosed(
    db,
    iso(new Date(cutoff - SETTLE_LOOKBACK_MS)),
    iso(new Date(cutoff)),
  )) {
    try {
      await db.transaction().execute((trx) => gradeSession(trx, session, now, null));
      graded++;
    } catch (err) {
      onError(err, `session ${session.id}`);
    }
  }
  // Released once no attempt can change any more: the close plus the grace.
  for (const id of await dueForRelease(db, iso(new Date(cutoff)))) {
    try {
      await releaseResults(db, id, now);
    } catch (err) {
      onError(err, `class mock ${id}`);
    }
  }
  return graded;
}
