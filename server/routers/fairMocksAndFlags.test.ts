// Fair mocks and flags: each attempt of a shuffled set has its own
// question and option order, stored with the session; saves, submits and the review speak in the
// letters shown, and session_answers holds the canonical ones. Flags are kept per session.
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AnswerLetter, User } from '../../db/schema';
import { LETTERS } from '../../shared/domain/optionOrder';
import type { AppRouter } from '../router';
import { findOwnResultDetail } from '../queries/results';
import { saveAnswer, startQuiz, submitQuiz } from '../services/quizSessions';
import { signUpAndIn } from '../test/harness';
import { insertMockSet, insertPracticeSet, rpc, signInAdmin } from '../test/fixtures';
import { drawing, insertDistinctQuestions, optionTextOf, seeded, serverWithCatalog } from '../test/shuffle';

type Out = inferRouterOutputs<AppRouter>;
type QuizStart = Out['quiz']['start'];
type Shown = QuizStart['questions'][number];

const s = serverWithCatalog();

async function student(email = 'ama.mensah@example.com') {
  const tokens = await signUpAndIn(s.t, { email });
  const user: User = await s.t.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { user, api: rpc(s.t, tokens.access), access: tokens.access };
}

const shownTexts = (q: Shown) => [q.option_a, q.option_b, q.option_c, q.option_d];
const sessionRow = (id: number) =>
  s.t.db.selectFrom('quiz_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const storedAnswer = async (sessionId: number) =>
  (
    await s.t.db
      .selectFrom('session_answers')
      .select('selected_answer')
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow()
  ).selected_answer;

/** The 24 orders of A-D, by recursion (independent of the shuffle under test). */
function permutations(letters: string): string[] {
  if (letters.length <= 1) return [letters];
  return [...letters].flatMap((l, i) =>
    permutations(letters.slice(0, i) + letters.slice(i + 1)).map((rest) => l + rest),
  );
}

describe('shuffled sessions', () => {
  it('grade right for each of the 24 option orders of a question, saved or submitted', async () => {
    const { user } = await student();
    const mock = await insertMockSet(s.t.db, s.cat.paper.id, 'One question', 30, 1, 1);
    const [q] = await insertDistinctQuestions(s.t.db, { mock_exam_set_id: mock.id }, 1, 'S'); // key C
    const ref = { quiz_type: 'mock' as const, quiz_id: mock.id };
    const orders = permutations('ABCD');
    expect(orders).toHaveLength(24);
    for (const order of orders) {
      // The shown letter of the key, worked out here from the order alone.
      const shownKey = LETTERS[order.indexOf('C')];
      for (const shown of LETTERS) {
        const start = await startQuiz(s.t.db, user, ref, new Date(), drawing(order));
        expect(JSON.parse((await sessionRow(start.session.id)).option_orders!)).toEqual({ [q.id]: order });
        expect(shownTexts(start.questions[0])).toEqual(
          [...order].map((l) => optionTextOf('S1', l as AnswerLetter)),
        );
        await saveAnswer(s.t.db, user, {
          session_id: start.session.id,
          question_id: q.id,
          selected_answer: shown,
        });
        expect(await storedAnswer(start.session.id)).toBe(order[LETTERS.indexOf(shown)]);
        const result = await submitQuiz(s.t.db, user, {
          session_id: start.session.id,
          answers: [],
          time_spent_minutes: 1,
        });
        expect([order, shown, result.correct_answers]).toEqual([order, shown, shown === shownKey ? 1 : 0]);
        const review = await findOwnResultDetail(s.t.db, user.id, result.id);
        expect(review!.user_answers[0]).toMatchObject({
          selected_answer: shown,
          is_correct: shown === shownKey,
          question: { correct_answer: shownKey, option_a: optionTextOf('S1', order[0] as AnswerLetter) },
        });
      }
      // The same through the submit's own answer sheet, never saved before.
      const start = await startQuiz(s.t.db, user, ref, new Date(), drawing(order));
      const result = await submitQuiz(s.t.db, user, {
        session_id: start.session.id,
        answers: [{ question_id: q.id, selected_answer: shownKey }],
        time_spent_minutes: 1,
      });
      expect([order, result.percentage]).toEqual([order, 100]);
      expect(await storedAnswer(start.session.id)).toBe('C');
    }
  });

  it("do not let a retake score 100% from the last review's letters; unshuffled, they would", async () => {
    const { user } = await student();
    const shuffledMock = await insertMockSet(s.t.db, s.cat.paper.id, 'Shuffled', 30, 1, 1);
    const plainMock = await insertMockSet(s.t.db, s.cat.paper.id, 'Plain', 30, 1, 0);
    await insertDistinctQuestions(s.t.db, { mock_exam_set_id: shuffledMock.id }, 12, 'R');
    await insertDistinctQuestions(s.t.db, { mock_exam_set_id: plainMock.id }, 12, 'P');
    const random = seeded(19);

    async function retakeFromReview(quizId: number) {
      const ref = { quiz_type: 'mock' as const, quiz_id: quizId };
      const first = await startQuiz(s.t.db, user, ref, new Date(), random);
      const blank = await submitQuiz(s.t.db, user, {
        session_id: first.session.id,
        answers: [],
        time_spent_minutes: 1,
      });
      expect(blank.percentage).toBe(0);
      const review = await findOwnResultDetail(s.t.db, user.id, blank.id);
      const retake = await startQuiz(s.t.db, user, ref, new Date(), random);
      const result = await submitQuiz(s.t.db, user, {
        session_id: retake.session.id,
        answers: review!.user_answers.map((a) => ({
          question_id: a.question.id,
          selected_answer: a.question.correct_answer,
        })),
        time_spent_minutes: 1,
      });
      return { first, retake, percentage: result.percentage };
    }

    const fair = await retakeFromReview(shuffledMock.id);
    expect(fair.percentage).toBeLessThan(100);
    expect(fair.percentage).toBeLessThanOrEqual(50);
    // A different attempt: another question order.
    expect(fair.retake.questions.map((q) => q.id)).not.toEqual(fair.first.questions.map((q) => q.id));
    expect((await retakeFromReview(plainMock.id)).percentage).toBe(100);
  });

  it('resume with the same question order, options and answers in the letters shown', async () => {
    const { api } = await student();
    const mock = await insertMockSet(s.t.db, s.cat.paper.id, 'Resumable', 30, 1, 1);
    const rows = await insertDistinctQuestions(s.t.db, { mock_exam_set_id: mock.id }, 8, 'U');
    const start = await api.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: mock.id });
    const sessionId = start.data.session.id;
    const row = await sessionRow(sessionId);
    expect(JSON.parse(row.question_ids)).toEqual(start.data.questions.map((q) => q.id));
    expect([...JSON.parse(row.question_ids)].sort()).toEqual(rows.map((r) => r.id).sort());
    const orders = JSON.parse(row.option_orders!) as Record<string, string>;
    expect(Object.keys(orders)).toHaveLength(8);

    const first = start.data.questions[0];
    await api.mutate('quiz.saveAnswer', {
      session_id: sessionId,
      question_id: first.id,
      selected_answer: 'B',
    });
    expect(await storedAnswer(sessionId)).toBe(orders[first.id][1]);

    for (const again of [
      await api.query<QuizStart>('quiz.resume', { session_id: sessionId }),
      await api.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: mock.id }),
    ]) {
      expect(again.data.session.id).toBe(sessionId);
      expect(again.data.questions).toEqual(start.data.questions);
      expect(again.data.saved_answers).toEqual([{ question_id: first.id, selected_answer: 'B' }]);
    }
  });

  it('serve the canonical order when an admin turns shuffling off, and a new order when on', async () => {
    const admin = rpc(s.t, await signInAdmin(s.t));
    const { api } = await student();
    const mock = await insertMockSet(s.t.db, s.cat.paper.id, 'Toggled', 30, 1, 1);
    const rows = await insertDistinctQuestions(s.t.db, { mock_exam_set_id: mock.id }, 8, 'T');
    const off = await admin.mutate<Out['admin']['updateMockExamSet']>('admin.updateMockExamSet', {
      id: mock.id,
      shuffle: false,
    });
    expect(off.data.shuffle).toBe(false);
    const info = await api.query<Out['quiz']['info']>('quiz.info', { quiz_type: 'mock', quiz_id: mock.id });
    expect(info.data.shuffled).toBe(false);

    const plain = await api.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: mock.id });
    expect(plain.data.questions.map((q) => q.id)).toEqual(rows.map((r) => r.id));
    expect(plain.data.questions.map(shownTexts)).toEqual(
      rows.map((r) => [r.option_a, r.option_b, r.option_c, r.option_d]),
    );
    expect((await sessionRow(plain.data.session.id)).option_orders).toBeNull();
    await api.mutate('quiz.submit', { session_id: plain.data.session.id, answers: [] });

    await admin.mutate('admin.updateMockExamSet', { id: mock.id, shuffle: true });
    const infoOn = await api.query<Out['quiz']['info']>('quiz.info', { quiz_type: 'mock', quiz_id: mock.id });
    expect(infoOn.data.shuffled).toBe(true);
    const mixed = await api.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: mock.id });
    expect((await sessionRow(mixed.data.session.id)).option_orders).not.toBeNull();
    // 8! question orders times 24^8 option orders: the canonical one by chance is 1 in 4e15.
    expect(mixed.data.questions.map(shownTexts)).not.toEqual(plain.data.questions.map(shownTexts));
  });

  it('serve a shuffled practice set its key as the letter shown, and grade that letter right', async () => {
    const admin = rpc(s.t, await signInAdmin(s.t));
    const { api } = await student();
    const set = await insertPracticeSet(s.t.db, s.cat.topic.id, 'Shuffled practice');
    const rows = await insertDistinctQuestions(s.t.db, { practice_set_id: set.id }, 6, 'K');
    const content = await admin.query<Out['admin']['content']>('admin.content');
    // Practice sets start unshuffled (docs/learning.md says why); an admin may turn it on.
    expect(content.data.practiceSets.find((s) => s.id === set.id)?.shuffle).toBe(false);
    await admin.mutate('admin.updatePracticeSet', { id: set.id, shuffle: true });

    const start = await api.mutate<QuizStart>('quiz.start', { quiz_type: 'practice', quiz_id: set.id });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const q of start.data.questions as Array<Shown & { correct_answer: AnswerLetter }>) {
      const canonical = byId.get(q.id)!;
      const keyText = { A: q.option_a, B: q.option_b, C: q.option_c, D: q.option_d }[q.correct_answer];
      expect(keyText).toBe(optionTextOf(canonical.question_text.split(':')[0], canonical.correct_answer));
      await api.mutate('quiz.saveAnswer', {
        session_id: start.data.session.id,
        question_id: q.id,
        selected_answer: q.correct_answer,
      });
    }
    const saved = await s.t.db
      .selectFrom('session_answers')
      .select(['question_id', 'selected_answer'])
      .where('session_id', '=', start.data.session.id)
      .execute();
    expect(saved.every((a) => a.selected_answer === byId.get(a.question_id)!.correct_answer)).toBe(true);
    const done = await api.mutate<Out['quiz']['submit']>('quiz.submit', {
      session_id: start.data.session.id,
    });
    expect(done.data.percentage).toBe(100);
  });
});

describe('the shuffle toggle', () => {
  it('is on for a new mock and off for a new practice set', async () => {
    const admin = rpc(s.t, await signInAdmin(s.t));
    const mock = await admin.mutate<Out['admin']['createMockExamSet']>('admin.createMockExamSet', {
      paper_id: s.cat.paper.id,
      title: 'New mock',
      time_limit_minutes: 20,
    });
    const practice = await admin.mutate<Out['admin']['createPracticeSet']>('admin.createPracticeSet', {
      topic_id: s.cat.topic.id,
      title: 'New practice',
    });
    expect([mock.data.shuffle, practice.data.shuffle]).toEqual([true, false]);
  });

  it('is refused to a student with FORBIDDEN and takes only true or false', async () => {
    const admin = rpc(s.t, await signInAdmin(s.t));
    const { api } = await student();
    const mock = await insertMockSet(s.t.db, s.cat.paper.id, 'Guarded', 30, 1, 1);
    for (const [path, id] of [
      ['admin.updateMockExamSet', mock.id],
      ['admin.updatePracticeSet', s.cat.practiceSet.id],
    ] as const) {
      const res = await api.mutate(path, { id, shuffle: false });
      expect(res.error?.data.code).toBe('FORBIDDEN');
      const bad = await admin.mutate(path, { id, shuffle: 'sometimes' });
      expect(bad.error?.data.code).toBe('BAD_REQUEST');
      expect(bad.error?.data.fieldErrors?.shuffle).toBeDefined();
    }
    const rows = await Promise.all([
      s.t.db
        .selectFrom('mock_exam_sets')
        .select('shuffle')
        .where('id', '=', mock.id)
        .executeTakeFirstOrThrow(),
      s.t.db
        .selectFrom('practice_sets')
        .select('shuffle')
        .where('id', '=', s.cat.practiceSet.id)
        .executeTakeFirstOrThrow(),
    ]);
    expect(rows.map((r) => r.shuffle)).toEqual([1, 0]);
  });
});

describe('the REST shim', () => {
  it('speaks in the letters shown too: start, answer, submit and the result', async () => {
    const { access } = await student();
    const set = await insertPracticeSet(s.t.db, s.cat.topic.id, 'REST practice');
    await s.t.db.updateTable('practice_sets').set({ shuffle: 1 }).where('id', '=', set.id).execute();
    const rows = await insertDistinctQuestions(s.t.db, { practice_set_id: set.id }, 4, 'W');
    const start = await s.t.api<QuizStart>('POST', '/api/exams/quiz/start/', {
      token: access,
      body: { quiz_type: 'practice', quiz_id: set.id },
    });
    expect(start.status).toBe(200);
    const questions = start.body.questions as Array<Shown & { correct_answer: AnswerLetter }>;
    const sessionId = start.body.session.id;
    // Answer the first question right in shown letters; submit the second wrong.
    const [right, wrong] = questions;
    const wrongLetter = LETTERS.find((l) => l !== wrong.correct_answer)!;
    const saved = await s.t.api('POST', `/api/exams/quiz/${sessionId}/answer/`, {
      token: access,
      body: { question_id: right.id, selected_answer: right.correct_answer },
    });
    expect(saved.status).toBe(200);
    const flagged = await s.t.api('POST', `/api/exams/quiz/${sessionId}/flag/`, {
      token: access,
      body: { question_id: wrong.id, flagged: true },
    });
    expect(flagged.status).toBe(200);
    const submitted = await s.t.api<{ id: number; correct_answers: number }>(
      'POST',
      `/api/exams/quiz/${sessionId}/submit/`,
      { token: access, body: { answers: [{ question_id: wrong.id, selected_answer: wrongLetter }] } },
    );
    expect(submitted.body.correct_answers).toBe(1);
    const result = await s.t.api<Out['results']['byId']>('GET', `/api/exams/results/${submitted.body.id}/`, {
      token: access,
    });
    const review = new Map(result.body.user_answers.map((a) => [a.question.id, a]));
    expect(review.get(right.id)).toMatchObject({
      selected_answer: right.correct_answer,
      is_correct: true,
      flagged: false,
      question: { correct_answer: right.correct_answer, option_a: right.option_a },
    });
    expect(review.get(wrong.id)).toMatchObject({
      selected_answer: wrongLetter,
      is_correct: false,
      flagged: true,
    });
    expect(rows).toHaveLength(4);
  });
});

const flagRows = () =>
  s.t.db.selectFrom('session_flags').select(['session_id', 'question_id']).orderBy('question_id').execute();
const flag = (as: ReturnType<typeof rpc>, session_id: number, question_id: number, flagged: boolean) =>
  as.mutate<Out['quiz']['setFlag']>('quiz.setFlag', { session_id, question_id, flagged });

describe('flags', () => {
  it('persist per session through a resume and show in the review, in mock and practice', async () => {
    const { api } = await student();
    for (const ref of [
      { quiz_type: 'mock', quiz_id: s.cat.mockSet.id },
      { quiz_type: 'practice', quiz_id: s.cat.practiceSet.id },
    ] as const) {
      const start = await api.mutate<QuizStart>('quiz.start', ref);
      expect(start.data.flagged_question_ids).toEqual([]);
      const id = start.data.session.id;
      const [q1, q2, q3] = start.data.questions;
      expect((await flag(api, id, q1.id, true)).data).toEqual({ question_id: q1.id, flagged: true });
      await flag(api, id, q1.id, true); // twice is still one flag
      await flag(api, id, q3.id, true);
      await flag(api, id, q3.id, false);
      await flag(api, id, q2.id, true);
      expect((await flagRows()).filter((r) => r.session_id === id).map((r) => r.question_id)).toEqual(
        [q1.id, q2.id].sort((a, b) => a - b),
      );

      const resumed = await api.query<QuizStart>('quiz.resume', { session_id: id });
      expect([...resumed.data.flagged_question_ids].sort()).toEqual([q1.id, q2.id].sort());

      const done = await api.mutate<Out['quiz']['submit']>('quiz.submit', { session_id: id, answers: [] });
      const review = await api.query<Out['results']['byId']>('results.byId', { id: done.data.id });
      expect(review.data.user_answers.filter((a) => a.flagged).map((a) => a.question.id)).toEqual(
        start.data.questions.filter((q) => q === q1 || q === q2).map((q) => q.id),
      );
      // A graded session takes no more flags.
      const late = await flag(api, id, q3.id, true);
      expect(late.error?.data.code).toBe('CONFLICT');
    }
  });

  it("never touch another student's session, nor a question outside the session; check the input", async () => {
    const { api } = await student();
    const start = await api.mutate<QuizStart>('quiz.start', { quiz_type: 'mock', quiz_id: s.cat.mockSet.id });
    const id = start.data.session.id;
    const other = (await student('kofi.boateng@example.com')).api;
    const theirs = await flag(other, id, start.data.questions[0].id, true);
    expect(theirs.error?.data.code).toBe('NOT_FOUND');
    const resumedByOther = await other.query('quiz.resume', { session_id: id });
    expect(resumedByOther.error?.data.code).toBe('NOT_FOUND');

    const outside = await flag(api, id, s.cat.practiceQuestions[0].id, true);
    expect(outside.error?.data.fieldErrors?.question_id).toEqual(['This question is not part of this quiz.']);
    const bad = await api.mutate('quiz.setFlag', {
      session_id: id,
      question_id: start.data.questions[0].id,
      flagged: 'yes',
    });
    expect(bad.error?.data.fieldErrors?.flagged).toEqual(['Must be true or false.']);
    const missing = await api.mutate('quiz.setFlag', { session_id: id });
    expect(missing.error?.data.code).toBe('BAD_REQUEST');
    expect(await flagRows()).toEqual([]);
  });
});
