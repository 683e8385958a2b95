// Class mocks over /trpc with the rows they write: scheduling in a school's scope, the window,
// one attempt whose deadline is the earlier of the time limit and the close, the server grading
// what is open at the close, results held back until the release on every path that shows them,
// and the live board.
import type { inferRouterOutputs } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { sweepClassMocks } from '../background';
import { firstAttemptCounts } from '../queries/percentile';
import { countRows, rpc } from '../test/fixtures';
import { signUpAndIn, STUDENT } from '../test/harness';
import { insertSchool, signInSchoolStaff } from '../test/schools';
import { useAdmin, useCatalog, useStudent, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;
type Start = Out['classMocks']['start'];

const t = useTestServer();
const cat = useCatalog(t);
const student = useStudent(t);
const admin = useAdmin(t);

const KEY_PATTERN = /correct_answer|explanation|Explanation for/;
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/** The school the harness student typed at registration (one of migration 0018's). */
async function studentSchool() {
  const row = await t.db.selectFrom('schools').select('id').where('name', '=', STUDENT.school).executeTakeFirstOrThrow();
  return row.id;
}

let signedInTutor: ReturnType<typeof rpc> | null = null;
beforeEach(() => {
  signedInTutor = null;
});

/** A tutor of the student's school, signed in once per test. */
async function tutor() {
  signedInTutor ??= await signInSchoolStaff(t, {
    schoolId: await studentSchool(),
    role: 'tutor',
    email: 'tutor@example.com',
  });
  return signedInTutor;
}

/** Schedules the catalogue's 30-minute mock for the student's school through a tutor. */
async function schedule(
  extra: Partial<{ opens_at: string; closes_at: string; release: string; program_of_study: string | null }> = {},
) {
  const staff = await tutor();
  const res = await staff.mutate<Out['admin']['classMocks']['create']>('admin.classMocks.create', {
    mock_exam_set_id: cat.mockSet.id,
    opens_at: minutesFromNow(-1),
    closes_at: minutesFromNow(60),
    release: 'at_close',
    ...extra,
  });
  expect(res.status, res.text).toBe(200);
  return { staff, id: res.data.id };
}

/** Moves a class mock and its attempts `minutes` into the past, as if that much time had gone by. */
async function age(classMockId: number, minutes: number) {
  const shift = (iso: string) => new Date(new Date(iso).getTime() - minutes * 60_000).toISOString();
  const cm = await t.db.selectFrom('class_mocks').selectAll().where('id', '=', classMockId).executeTakeFirstOrThrow();
  await t.db
    .updateTable('class_mocks')
    .set({ opens_at: shift(cm.opens_at), closes_at: shift(cm.closes_at) })
    .where('id', '=', classMockId)
    .execute();
  const sessions = await t.db.selectFrom('quiz_sessions').selectAll().where('class_mock_id', '=', classMockId).execute();
  for (const s of sessions)
    await t.db
      .updateTable('quiz_sessions')
      .set({ started_at: shift(s.started_at), deadline_at: s.deadline_at && shift(s.deadline_at) })
      .where('id', '=', s.id)
      .execute();
}

/** Saves the right answer to the first `right` questions of an attempt (options are not shuffled here). */
async function answer(api: ReturnType<typeof rpc>, start: Start, right: number) {
  const keys = new Map(cat.mockQuestions.map((q) => [q.id, q.correct_answer]));
  for (const q of start.questions.slice(0, right)) {
    const saved = await api.mutate('quiz.saveAnswer', {
      session_id: start.session.id,
      question_id: q.id,
      selected_answer: keys.get(q.id),
    });
    expect(saved.status, saved.text).toBe(200);
  }
}

describe('scheduling', () => {
  it('writes the class mock for the staff member’s own school, and warns when the window is shorter than the limit', async () => {
    const staff = await tutor();
    const res = await staff.mutate<Out['admin']['classMocks']['create']>('admin.classMocks.create', {
      mock_exam_set_id: cat.mockSet.id,
      program_of_study: 'General Nursing',
      opens_at: '2030-01-10T09:00:00Z',
      closes_at: '2030-01-10T09:20:00Z',
      release: 'manual',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.data.warning).toMatch(/shorter than the mock's time limit \(30 min\)/);
    const row = await t.db.selectFrom('class_mocks').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      id: res.data.id,
      school_id: await studentSchool(),
      mock_exam_set_id: cat.mockSet.id,
      program_of_study: 'General Nursing',
      opens_at: '2030-01-10T09:00:00.000Z',
      closes_at: '2030-01-10T09:20:00.000Z',
      release: 'manual',
      released_at: null,
    });
  });

  it('refuses a close before the opening, a platform admin naming no school, and a mock set of another school, writing nothing', async () => {
    const staff = await tutor();
    const backwards = await staff.mutate('admin.classMocks.create', {
      mock_exam_set_id: cat.mockSet.id,
      opens_at: minutesFromNow(60),
      closes_at: minutesFromNow(30),
      release: 'at_close',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.error?.message).toBe('The closing time must be after the opening time.');

    const noSchool = await admin.mutate('admin.classMocks.create', {
      mock_exam_set_id: cat.mockSet.id,
      opens_at: minutesFromNow(10),
      closes_at: minutesFromNow(60),
      release: 'at_close',
    });
    expect(noSchool.status).toBe(400);
    expect(noSchool.error?.message).toBe('Choose the school the class mock is for.');

    const other = await insertSchool(t.db, 'Other College');
    await t.db.updateTable('mock_exam_sets').set({ school_id: other.id }).execute();
    const othersSet = await staff.mutate('admin.classMocks.create', {
      mock_exam_set_id: cat.mockSet.id,
      opens_at: minutesFromNow(10),
      closes_at: minutesFromNow(60),
      release: 'at_close',
    });
    expect(othersSet.status).toBe(404);
    expect(await countRows(t.db, 'class_mocks')).toBe(0);

    const byPlatform = await admin.mutate('admin.classMocks.create', {
      mock_exam_set_id: cat.mockSet.id,
      school_id: other.id,
      opens_at: minutesFromNow(10),
      closes_at: minutesFromNow(60),
      release: 'at_close',
    });
    expect(byPlatform.status, byPlatform.text).toBe(200);
    expect(await countRows(t.db, 'class_mocks')).toBe(1);
  });

  it('changes and cancels only before the opening', async () => {
    const later = await schedule({ opens_at: minutesFromNow(30), closes_at: minutesFromNow(90) });
    const moved = await later.staff.mutate('admin.classMocks.update', {
      id: later.id,
      mock_exam_set_id: cat.mockSet.id,
      opens_at: minutesFromNow(40),
      closes_at: minutesFromNow(100),
      release: 'manual',
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await t.db.selectFrom('class_mocks').select('release').executeTakeFirstOrThrow()).release).toBe('manual');
    expect((await later.staff.mutate('admin.classMocks.cancel', { id: later.id })).status).toBe(200);
    expect(await countRows(t.db, 'class_mocks')).toBe(0);

    const open = await schedule();
    const refused = await open.staff.mutate('admin.classMocks.cancel', { id: open.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toMatch(/already opened/);
    expect(await countRows(t.db, 'class_mocks')).toBe(1);
  });

  it('answers 404 to staff of another school for every action, and changes nothing', async () => {
    const { id } = await schedule({ opens_at: minutesFromNow(30), closes_at: minutesFromNow(90) });
    const other = await insertSchool(t.db, 'Other College');
    const outsider = await signInSchoolStaff(t, { schoolId: other.id, role: 'school_admin', email: 'o@example.com' });
    expect((await outsider.query('admin.classMocks.board', { id })).status).toBe(404);
    expect((await outsider.mutate('admin.classMocks.release', { id })).status).toBe(404);
    expect((await outsider.mutate('admin.classMocks.cancel', { id })).status).toBe(404);
    const edit = await outsider.mutate('admin.classMocks.update', {
      id,
      mock_exam_set_id: cat.mockSet.id,
      opens_at: minutesFromNow(10),
      closes_at: minutesFromNow(20),
      release: 'manual',
    });
    expect(edit.status).toBe(404);
    expect((await outsider.query<unknown[]>('admin.classMocks.list')).data).toEqual([]);
    const row = await t.db.selectFrom('class_mocks').selectAll().executeTakeFirstOrThrow();
    expect(row.release).toBe('at_close');
    expect(row.released_at).toBeNull();
    // A student cannot reach the staff procedures at all.
    expect((await student.query('admin.classMocks.list')).status).toBe(403);
  });
});

describe('the student’s window and attempt', () => {
  it('is refused before the opening and after the close', async () => {
    const { id } = await schedule({ opens_at: minutesFromNow(125), closes_at: minutesFromNow(185) });
    const early = await student.mutate('classMocks.start', { id });
    expect(early.status).toBe(409);
    expect(early.error?.message).toMatch(/^This class mock opens in 2 h [45] min\.$/);
    const [listed] = (await student.query<Out['classMocks']['list']>('classMocks.list')).data;
    expect(listed).toMatchObject({ id, title: 'Mock Exam 1', state: 'upcoming', session_id: null, submitted: false });
    expect(listed.seconds_to_open).toBeGreaterThan(124 * 60);

    await age(id, 200);
    const late = await student.mutate('classMocks.start', { id });
    expect(late.status).toBe(409);
    expect(late.error?.message).toBe('This class mock has closed.');
    expect(await countRows(t.db, 'quiz_sessions')).toBe(0);
  });

  it('gives one attempt, resumed by a second start, with no key and the earlier of limit and close as deadline', async () => {
    const { id } = await schedule({ closes_at: minutesFromNow(10) });
    const start = await student.mutate<Start>('classMocks.start', { id });
    expect(start.status, start.text).toBe(200);
    expect(start.text).not.toMatch(KEY_PATTERN);
    const cm = await t.db.selectFrom('class_mocks').selectAll().executeTakeFirstOrThrow();
    expect(start.data.session.deadline_at).toBe(cm.closes_at);
    const again = await student.mutate<Start>('classMocks.start', { id });
    expect(again.data.session.id).toBe(start.data.session.id);
    expect(again.data.resumed).toBe(true);
    const row = await t.db.selectFrom('quiz_sessions').selectAll().executeTakeFirstOrThrow();
    expect(row.class_mock_id).toBe(id);

    // A long window: the time limit ends the attempt.
    const long = await schedule({ closes_at: minutesFromNow(120) });
    const other = await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Asante' });
    const kofi = rpc(t, other.access);
    const s = await kofi.mutate<Start>('classMocks.start', { id: long.id });
    expect(new Date(s.data.session.deadline_at!).getTime() - new Date(s.data.session.started_at).getTime()).toBe(
      30 * 60_000,
    );
    // The set's own mock waits while a class mock of it is open or its results are held back:
    // its review would show the key.
    const own = await kofi.mutate('quiz.start', { quiz_type: 'mock', quiz_id: cat.mockSet.id });
    expect(own.status).toBe(409);
    expect(own.error?.message).toMatch(/^This mock is your class mock now/);
    expect(await countRows(t.db, 'quiz_sessions')).toBe(2);
  });

  it('refuses answers after the attempt’s deadline', async () => {
    const { id } = await schedule({ closes_at: minutesFromNow(10) });
    const start = await student.mutate<Start>('classMocks.start', { id });
    await age(id, 11);
    const saved = await student.mutate('quiz.saveAnswer', {
      session_id: start.data.session.id,
      question_id: start.data.questions[0].id,
      selected_answer: 'A',
    });
    expect(saved.status).toBe(409);
    expect(saved.error?.message).toMatch(/Time is up/);
    expect(await countRows(t.db, 'session_answers')).toBe(0);
  });

  it('is not found for a student of another school or another programme', async () => {
    const { id } = await schedule({ program_of_study: 'General Nursing' });
    const midwife = rpc(t, (await signUpAndIn(t, { email: 'efua@example.com', program_of_study: 'Midwifery' })).access);
    await insertSchool(t.db, 'Other College');
    const outsider = rpc(t, (await signUpAndIn(t, { email: 'yaw@example.com', school: 'Other College' })).access);
    for (const api of [midwife, outsider]) {
      expect((await api.query<unknown[]>('classMocks.list')).data).toEqual([]);
      expect((await api.mutate('classMocks.start', { id })).status).toBe(404);
    }
    expect((await student.query<unknown[]>('classMocks.list')).data).toHaveLength(1);
  });
});

describe('results held back until the release', () => {
  /** Everything a student could read a result from, as text. */
  async function everythingShown(resultId: number, sessionId: number) {
    const reads = await Promise.all([
      student.query('results.list'),
      student.query('results.byId', { id: resultId }),
      student.query('results.percentile', { id: resultId }),
      student.query('quiz.resume', { session_id: sessionId }),
      student.query('notifications.list'),
      t.api('GET', `/api/exams/results/${resultId}/`, { token: student.token }),
      t.api('GET', '/api/exams/results/', { token: student.token }),
    ]);
    return reads.map((r) => ('text' in r ? r.text : JSON.stringify(r.body))).join('\n');
  }

  it('shows no score, key or review before a manual release, then the normal result', async () => {
    const { staff, id } = await schedule({ release: 'manual', closes_at: minutesFromNow(20) });
    const start = await student.mutate<Start>('classMocks.start', { id });
    await answer(student, start.data, 3);
    const submitted = await student.mutate<Out['quiz']['submit']>('quiz.submit', { session_id: start.data.session.id });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.data).toMatchObject({ withheld: true, releases_at: null, percentage: null, correct_answers: null });
    expect(submitted.text).not.toMatch(/"percentage":\d|"score":\d|correct_answers":\d/);
    const resultId = submitted.data.id;
    const again = await student.mutate<Out['quiz']['submit']>('quiz.submit', { session_id: start.data.session.id });
    expect(again.data).toMatchObject({ id: resultId, withheld: true, percentage: null });

    const shown = await everythingShown(resultId, start.data.session.id);
    expect(shown).not.toMatch(KEY_PATTERN);
    expect(shown).not.toMatch(/60%|"percentage":60|grade/i);
    const byId = await student.query('results.byId', { id: resultId });
    expect(byId.status).toBe(403);
    expect(byId.error?.message).toBe('Submitted. Results are released when your tutors release them.');
    expect((await student.query<unknown[]>('results.list')).data).toEqual([]);
    expect(await countRows(t.db, 'notifications')).toBe(0);
    // No tally or review card (they would show the key) before the release.
    await student.query('mastery.overview');
    expect(await countRows(t.db, 'question_tallies')).toBe(0);
    expect(await countRows(t.db, 'review_cards')).toBe(0);
    const listed = (await student.query<Out['classMocks']['list']>('classMocks.list')).data[0];
    expect(listed).toMatchObject({ submitted: true, released: false, result_id: null });

    const tooEarly = await staff.mutate('admin.classMocks.release', { id });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.error?.message).toMatch(/^Results can be released once the class mock closes \(/);
    await age(id, 21);
    const released = await staff.mutate<Out['admin']['classMocks']['release']>('admin.classMocks.release', { id });
    expect(released.status, released.text).toBe(200);
    expect(released.data.released_at).not.toBeNull();
    expect((await staff.mutate('admin.classMocks.release', { id })).status).toBe(200);

    const after = await student.query<Out['results']['byId']>('results.byId', { id: resultId });
    expect(after.status).toBe(200);
    expect(after.data).toMatchObject({ percentage: 60, correct_answers: 3, total_questions: 5 });
    expect(after.text).toMatch(/correct_answer/);
    const notes = await t.db.selectFrom('notifications').selectAll().execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Result ready: Mock Exam 1', body: '60% (grade D)', link: `/quiz/result/${resultId}` });
    const learning = await t.db.selectFrom('quiz_results').select('learning_pending').executeTakeFirstOrThrow();
    expect(learning.learning_pending).toBe(1);
    expect((await student.query<unknown[]>('results.list')).data).toHaveLength(1);
    // Released: the set can be taken on its own again, as a new attempt.
    const own = await student.mutate<Out['quiz']['start']>('quiz.start', { quiz_type: 'mock', quiz_id: cat.mockSet.id });
    expect(own.status, own.text).toBe(200);
    expect(own.data.session.id).not.toBe(start.data.session.id);
  });

  it("leaves a withheld result out of other students' percentiles until the release", async () => {
    const { staff, id } = await schedule({ release: 'manual', closes_at: minutesFromNow(20) });
    const start = await student.mutate<Start>('classMocks.start', { id });
    await answer(student, start.data, 3);
    expect((await student.mutate('quiz.submit', { session_id: start.data.session.id })).status).toBe(200);
    // A student of another school takes the same national mock set on their own, scoring more.
    const other = await signUpAndIn(t, {
      email: 'esi@example.com',
      full_name: 'Esi Boateng',
      school: 'Aburi Nursing and Midwifery Training College',
    });
    const api = rpc(t, other.access);
    const own = await api.mutate<Out['quiz']['start']>('quiz.start', { quiz_type: 'mock', quiz_id: cat.mockSet.id });
    expect(own.status, own.text).toBe(200);
    await answer(api, own.data, 5);
    expect((await api.mutate('quiz.submit', { session_id: own.data.session.id })).status).toBe(200);
    const otherId = (await t.db.selectFrom('users').select('id').where('email', '=', other.email).executeTakeFirstOrThrow())
      .id;

    // Only the other student's own attempt counts while the class mock's result is held back.
    expect(await firstAttemptCounts(t.db, cat.mockSet.id, otherId, 100)).toMatchObject({ takers: 1, lower: 0 });
    await age(id, 21);
    expect((await staff.mutate('admin.classMocks.release', { id })).status).toBe(200);
    expect(await firstAttemptCounts(t.db, cat.mockSet.id, otherId, 100)).toMatchObject({ takers: 2, lower: 1 });
  });

  it('grades attempts still open at the close within the sweep, and releases at the close', async () => {
    const { id } = await schedule({ release: 'at_close', closes_at: minutesFromNow(10) });
    const start = await student.mutate<Start>('classMocks.start', { id });
    await answer(student, start.data, 2);
    const early = await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Asante' });
    const kofi = rpc(t, early.access);
    const kofiStart = await kofi.mutate<Start>('classMocks.start', { id });
    await answer(kofi, kofiStart.data, 5);
    const kofiDone = await kofi.mutate<Out['quiz']['submit']>('quiz.submit', { session_id: kofiStart.data.session.id });
    const cm = await t.db.selectFrom('class_mocks').selectAll().executeTakeFirstOrThrow();
    expect(kofiDone.data).toMatchObject({ withheld: true, releases_at: cm.closes_at, percentage: null });
    const kofiView = await kofi.query('results.byId', { id: kofiDone.data.id });
    expect(kofiView.status).toBe(403);
    expect(kofiView.error?.message).toMatch(/^Submitted\. Results are released on \d+ \w+ \d{4}, \d\d:\d\d GMT\.$/);

    // Closed, but within the grace a slow last save gets: nothing is graded or released yet.
    await age(id, 10.25);
    expect(await sweepClassMocks(t.deps)).toBe(true);
    expect(await countRows(t.db, 'quiz_results')).toBe(1);
    // Past the grace: the open attempt is graded on its saved answers, and the results come out.
    await age(id, 0.5);
    await sweepClassMocks(t.deps);
    await sweepClassMocks(t.deps);
    const results = await t.db
      .selectFrom('quiz_results')
      .select(['user_id', 'correct_answers', 'learning_pending'])
      .orderBy('id')
      .execute();
    expect(results.map((r) => [r.correct_answers, r.learning_pending])).toEqual([
      [5, 1],
      [2, 1],
    ]);
    expect(await countRows(t.db, 'notifications')).toBe(2);
    const sessions = await t.db.selectFrom('quiz_sessions').select('submitted_at').execute();
    expect(sessions.every((s) => s.submitted_at !== null)).toBe(true);
    const [mine] = (await student.query<Out['results']['list']>('results.list')).data;
    expect(mine).toMatchObject({ percentage: 40, session: { timed_out: true } });
  });
});

describe('two processes at the close', () => {
  it('grade each open attempt once and release once when their sweeps and a manual release run together', async () => {
    const { staff, id } = await schedule({ release: 'at_close', closes_at: minutesFromNow(10) });
    const apis = [student];
    for (const name of ['kofi', 'esi', 'yaw'])
      apis.push(rpc(t, (await signUpAndIn(t, { email: `${name}@example.com`, full_name: name })).access));
    for (const [i, api] of apis.entries()) await answer(api, (await api.mutate<Start>('classMocks.start', { id })).data, i);
    await age(id, 11);
    // Two sweeps (as two processes would run them) and staff pressing Release at the same moment.
    const [a, b, pressed] = await Promise.all([
      sweepClassMocks(t.deps),
      sweepClassMocks(t.deps),
      staff.mutate('admin.classMocks.release', { id }),
    ]);
    expect(a || b).toBe(true);
    expect(pressed.status, pressed.text).toBe(200);
    await sweepClassMocks(t.deps);
    const results = await t.db.selectFrom('quiz_results').select(['session_id', 'learning_pending']).execute();
    expect(results).toHaveLength(4);
    expect(new Set(results.map((r) => r.session_id)).size).toBe(4);
    expect(results.every((r) => r.learning_pending === 1)).toBe(true);
    const notes = await t.db.selectFrom('notifications').select('user_id').execute();
    expect(notes).toHaveLength(4);
    expect(new Set(notes.map((n) => n.user_id)).size).toBe(4);
  });
});

describe('the live board', () => {
  it('lists every student in scope with their state and answers, counts at the top', async () => {
    const { staff, id } = await schedule();
    const kofi = rpc(t, (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Asante' })).access);
    await signUpAndIn(t, { email: 'esi@example.com', full_name: 'Esi Owusu' });
    await signUpAndIn(t, { email: 'abena@example.com', full_name: 'Abena Midwife', program_of_study: 'Midwifery' });
    const mine = await student.mutate<Start>('classMocks.start', { id });
    await answer(student, mine.data, 2);
    const his = await kofi.mutate<Start>('classMocks.start', { id });
    await kofi.mutate('quiz.submit', { session_id: his.data.session.id });

    const board = await staff.query<Out['admin']['classMocks']['board']>('admin.classMocks.board', { id });
    expect(board.status, board.text).toBe(200);
    expect(board.data.counts).toEqual({ students: 4, not_started: 2, in_progress: 1, submitted: 1 });
    const byName = new Map(board.data.students.map((s) => [s.full_name, s]));
    expect(byName.get('Ama Mensah')).toMatchObject({ state: 'in_progress', answered: 2, questions: 5 });
    expect(byName.get('Kofi Asante')).toMatchObject({ state: 'submitted', answered: 0, questions: 5 });
    expect(byName.get('Esi Owusu')).toMatchObject({ state: 'not_started', answered: 0, questions: 0 });
    expect(board.text).not.toMatch(/"percentage"/);

    // Scheduled for one programme: only its students.
    const nursing = await schedule({ program_of_study: ' general nursing ' });
    const narrow = await staff.query<Out['admin']['classMocks']['board']>('admin.classMocks.board', { id: nursing.id });
    expect(narrow.data.students.map((s) => s.full_name).sort()).toEqual(['Ama Mensah', 'Esi Owusu', 'Kofi Asante']);
  });
});
