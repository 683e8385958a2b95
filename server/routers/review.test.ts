// Spaced review: what grading puts in the deck, ts-fsrs's schedule kept to
// the letter, "not sure" marks, edited questions, and one student's deck out of another's reach.
import type { inferRouterOutputs } from '@trpc/server';
import { createEmptyCard, fsrs, Rating, State } from 'ts-fsrs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../db/schema';
import type { AppRouter } from '../router';
import { checkCard, cardOf, dueCount, nextCard, rateCard, stateOf } from '../services/reviewDeck';
import { answerSheet, takeSet } from '../test/attempts';
import { insertPracticeSet, insertQuestions, rpc, signInAdmin } from '../test/fixtures';
import { signUpAndIn } from '../test/harness';
import { useCatalog, useStudent, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;

let user: User;
const t = useTestServer();
const cat = useCatalog(t);
const student = useStudent(t);
beforeEach(async () => {
  user = await t.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'ama.mensah@example.com')
    .executeTakeFirstOrThrow();
});

const practice = () => ({ quiz_type: 'practice' as const, quiz_id: cat.practiceSet.id });
const mock = () => ({ quiz_type: 'mock' as const, quiz_id: cat.mockSet.id });
// Grading queues a session's cards; the student's next read of the deck writes them (docs/learning.md).
const openDeck = () => student.query('review.dueCount');
const cards = async () => {
  await openDeck();
  return t.db
    .selectFrom('review_cards')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('question_id')
    .execute();
};
const cardFor = async (questionId: number) => {
  await openDeck();
  return t.db
    .selectFrom('review_cards')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('question_id', '=', questionId)
    .executeTakeFirstOrThrow();
};
const scheduler = fsrs();

describe('grading fills the deck', () => {
  it('adds missed and unanswered questions, not right ones, each a new card due at once', async () => {
    // Practice keys are A, B, C, D: right, wrong, unanswered, right.
    const result = await takeSet(student, practice(), 'AC-D');
    const [, p2, p3] = cat.practiceQuestions;
    const rows = await cards();
    expect(rows.map((c) => c.question_id)).toEqual([p2.id, p3.id]);
    const created = new Date(result.created_at!);
    for (const row of rows) expect(row).toMatchObject(stateOf(createEmptyCard(created)));
    expect((await student.query<Out['review']['dueCount']>('review.dueCount')).data).toEqual({
      due: 2,
      new_held: 0,
      new_per_day: 20,
    });
  });

  it('turns a "not sure" right answer into a card, and leaves a mark on a right answer alone otherwise', async () => {
    const session_id = await answerSheet(student, practice(), 'ABCD');
    const [p1, , p3] = cat.practiceQuestions;
    for (const question_id of [p1.id, p3.id]) {
      const marked = await student.mutate('review.markNotSure', { session_id, question_id, not_sure: true });
      expect(marked.status).toBe(200);
    }
    await student.mutate('review.markNotSure', { session_id, question_id: p3.id, not_sure: false });
    const marks = await student.query<Out['review']['notSureMarks']>('review.notSureMarks', { session_id });
    expect(marks.data).toEqual({ question_ids: [p1.id] });
    await student.mutate('quiz.submit', { session_id });
    expect((await cards()).map((c) => c.question_id)).toEqual([p1.id]);
  });

  it("keeps a mock's marks off the deck until the mock is submitted", async () => {
    const session_id = await answerSheet(student, mock(), 'ABCDA');
    const m2 = cat.mockQuestions[1];
    await student.mutate('review.markNotSure', { session_id, question_id: m2.id, not_sure: true });
    expect(await cards()).toEqual([]);
    expect((await student.query<Out['review']['next']>('review.next')).data).toBeNull();
    await student.mutate('quiz.submit', { session_id });
    expect((await cards()).map((c) => c.question_id)).toEqual([m2.id]);
    const late = await student.mutate('review.markNotSure', {
      session_id,
      question_id: m2.id,
      not_sure: false,
    });
    expect(late.error?.data.code).toBe('CONFLICT');
  });

  it('rates a question already reviewed in the deck Again when it is missed again, as ts-fsrs says', async () => {
    await takeSet(student, practice(), '-BCD');
    const p1 = cat.practiceQuestions[0];
    await student.mutate('review.check', { question_id: p1.id, selected_answer: 'A' });
    const before = await cardFor(p1.id);
    expect(before.introduced_at).not.toBeNull();
    const second = await takeSet(student, practice(), 'BBCD');
    const after = await cardFor(p1.id);
    const expected = scheduler.next(cardOf(before), new Date(second.created_at!), Rating.Again).card;
    expect(after).toMatchObject(stateOf(expected));
    expect(after.id).toBe(before.id);
    expect(await cards()).toHaveLength(1);
  });

  it('keeps a card never answered in the deck new when its question is missed again', async () => {
    const first = await takeSet(student, practice(), '-BCD');
    await takeSet(student, practice(), 'BBCD');
    const card = await cardFor(cat.practiceQuestions[0].id);
    expect(card).toMatchObject({
      ...stateOf(createEmptyCard(new Date(first.created_at!))),
      introduced_at: null,
    });
  });
});

describe('reviewing', () => {
  it('serves the due card without its key, grades on the server and reschedules as ts-fsrs does', async () => {
    await takeSet(student, practice(), 'AC-D');
    const next = await student.query<Out['review']['next']>('review.next');
    const p2 = cat.practiceQuestions[1];
    expect(next.data?.question.question_id).toBe(p2.id);
    expect(next.text).not.toContain('correct_answer');
    expect(next.text).not.toContain('Explanation for');

    const before = await cardFor(p2.id);
    const wrong = await student.mutate<Out['review']['check']>('review.check', {
      question_id: p2.id,
      selected_answer: 'D',
    });
    expect(wrong.data).toMatchObject({
      correct: false,
      correct_answer: 'B',
      explanation: 'Explanation for P2',
      rated: { rating: 'again' },
      choices: null,
    });
    const after = await cardFor(p2.id);
    const expected = scheduler.next(cardOf(before), new Date(after.last_review!), Rating.Again).card;
    expect(after).toMatchObject({ ...stateOf(expected), introduced_at: after.last_review });
    expect(wrong.data.rated?.next_due).toBe(expected.due.toISOString());
    // Again on a new card is a learning step of a minute: no longer due now, so the count drops.
    expect(after.state).toBe(State.Learning);
    expect((await student.query<Out['review']['dueCount']>('review.dueCount')).data).toMatchObject({
      due: 1,
    });
    for (const path of ['review.check', 'review.rate']) {
      const again = await student.mutate(path, { question_id: p2.id, selected_answer: 'B', rating: 'good' });
      expect(again.error?.data.code, path).toBe('CONFLICT');
    }
  });

  it('shows the key of a right answer first, then reschedules as the student rates it', async () => {
    await takeSet(student, practice(), 'AC-D');
    const p3 = cat.practiceQuestions[2];
    const before = await cardFor(p3.id);
    const checked = await student.mutate<Out['review']['check']>('review.check', {
      question_id: p3.id,
      selected_answer: 'C',
    });
    expect(checked.data).toMatchObject({
      correct: true,
      correct_answer: 'C',
      explanation: 'Explanation for P3',
      rated: null,
    });
    // The key is shown, the schedule not yet touched: the card waits for Hard, Good or Easy.
    const seen = await cardFor(p3.id);
    expect(seen).toMatchObject({ ...stateOf(cardOf(before)), introduced_at: expect.any(String) });
    const checkedAt = new Date(seen.introduced_at!);
    const preview = scheduler.repeat(cardOf(before), checkedAt);
    expect(checked.data.choices).toEqual({
      hard: preview[Rating.Hard].card.due.toISOString(),
      good: preview[Rating.Good].card.due.toISOString(),
      easy: preview[Rating.Easy].card.due.toISOString(),
    });
    const rated = await student.mutate<Out['review']['rate']>('review.rate', {
      question_id: p3.id,
      selected_answer: 'C',
      rating: 'easy',
    });
    expect(rated.data).toMatchObject({ question_id: p3.id, rating: 'easy' });
    const after = await cardFor(p3.id);
    const expected = scheduler.next(cardOf(before), new Date(after.last_review!), Rating.Easy).card;
    expect(after).toMatchObject({ ...stateOf(expected), introduced_at: seen.introduced_at });
    expect(rated.data.next_due).toBe(expected.due.toISOString());
  });

  it('moves the due date exactly as fsrs().repeat does over days of reviews', async () => {
    await takeSet(student, practice(), 'B---');
    const p1 = cat.practiceQuestions[0];
    let card = cardOf(await cardFor(p1.id));
    let now = new Date(Date.now() + 60_000);
    const steps: Array<['good' | 'easy' | 'hard' | 'wrong', Rating]> = [
      ['good', Rating.Good],
      ['good', Rating.Good],
      ['easy', Rating.Easy],
      ['wrong', Rating.Again],
      ['hard', Rating.Hard],
      ['good', Rating.Good],
    ];
    for (const [said, rating] of steps) {
      const preview = scheduler.repeat(card, now);
      const answer =
        said === 'wrong'
          ? (await checkCard(t.db, user, { question_id: p1.id, selected_answer: 'C' }, now)).rated!
          : await rateCard(t.db, user, { question_id: p1.id, selected_answer: 'A', rating: said }, now);
      const expected = preview[rating as Exclude<Rating, Rating.Manual>].card;
      expect(answer.next_due).toBe(expected.due.toISOString());
      expect(await cardFor(p1.id)).toMatchObject(stateOf(expected));
      card = expected;
      now = new Date(expected.due.getTime() + 3_600_000);
    }
    const last = await cardFor(p1.id);
    expect(last.lapses).toBe(1);
    expect(last.state).toBe(State.Review);
    expect(new Date(last.due).getTime() - Date.now()).toBeGreaterThan(86_400_000);
  });

  it('follows an edited question to its current version and drops a deactivated one', async () => {
    await takeSet(student, practice(), 'BA-D');
    const [p1, p2, p3] = cat.practiceQuestions;
    const admin = rpc(t, await signInAdmin(t));
    const q = await t.db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', p1.id)
      .executeTakeFirstOrThrow();
    const { question_text, option_a, option_b, option_c, option_d, correct_answer, explanation } = q;
    const edited = await admin.mutate<Out['questions']['update']>('questions.update', {
      id: p1.id,
      ...{ question_text, option_a, option_b, option_c, option_d, correct_answer, explanation },
      question_text: 'P1, reworded: which option is right?',
    });
    expect(edited.status, edited.text).toBe(200);
    const off = await admin.mutate('questions.setActive', { id: p3.id, is_active: false });
    expect(off.status, off.text).toBe(200);

    // The edit took P1's card to the new version; the deactivation suspended P3's.
    const ids = (await cards()).map((c) => c.question_id);
    expect(ids).not.toContain(p1.id);
    expect(ids).toContain(edited.data.id);
    expect(ids).toContain(p2.id);
    expect((await cardFor(p3.id)).suspended).toBe(1);
    expect((await student.query<Out['review']['dueCount']>('review.dueCount')).data).toMatchObject({
      due: 2,
    });

    // A grading that raced the edit leaves a card on the old version: the queue settles it.
    await t.db
      .updateTable('review_cards')
      .set({ question_id: p1.id })
      .where('question_id', '=', edited.data.id)
      .execute();
    const next = (await nextCard(t.db, user))!;
    expect(next.question.question_text).toBe('P1, reworded: which option is right?');
    expect(next.question.question_id).toBe(edited.data.id);
    expect((await cards()).map((c) => c.question_id)).not.toContain(p1.id);
    const gone = await student.mutate('review.check', { question_id: p3.id, selected_answer: 'C' });
    expect(gone.error?.data.code).toBe('NOT_FOUND');
    const on = await admin.mutate('questions.setActive', { id: p3.id, is_active: true });
    expect(on.status, on.text).toBe(200);
    expect((await student.query<Out['review']['dueCount']>('review.dueCount')).data).toMatchObject({
      due: 3,
    });
  });
});

describe('the daily limit on new cards', () => {
  /** A practice set of `n` questions, all left blank: `n` new cards. */
  async function missAll(n: number) {
    const set = await insertPracticeSet(t.db, cat.topic.id, 'Long drill');
    const questions = await insertQuestions(t.db, { practice_set_id: set.id }, n, 'L');
    await takeSet(student, { quiz_type: 'practice', quiz_id: set.id }, '-'.repeat(n));
    return new Map(questions.map((q) => [q.id, q.correct_answer === 'A' ? 'B' : 'A'] as const));
  }
  const introduced = async () => (await cards()).filter((c) => c.introduced_at !== null);

  it('lets 20 of 25 new cards into the day and holds 5 for the next day', async () => {
    const wrongLetter = await missAll(25);
    expect((await student.query('review.dueCount')).data).toEqual({ due: 20, new_held: 5, new_per_day: 20 });
    const now = new Date();
    const seen: number[] = [];
    for (let next = await nextCard(t.db, user, now); next; next = await nextCard(t.db, user, now)) {
      const question_id = next.question.question_id;
      seen.push(question_id);
      await checkCard(t.db, user, { question_id, selected_answer: wrongLetter.get(question_id)! }, now);
    }
    expect(seen).toHaveLength(20);
    expect((await introduced()).map((c) => c.question_id).sort()).toEqual([...seen].sort());
    expect(await dueCount(t.db, user, now)).toEqual({ due: 0, new_held: 5, new_per_day: 20 });
    const held = [...wrongLetter.keys()].find((id) => !seen.includes(id))!;
    const refused = await student.mutate('review.check', { question_id: held, selected_answer: 'A' });
    expect(refused.error?.data.code).toBe('CONFLICT');
    expect(refused.error?.message).toBe("That is today's new cards done: this one comes on another day.");
    expect((await cardFor(held)).introduced_at).toBeNull();

    // The next day (the UTC day, Ghana's): the 20 are due again and the 5 come in.
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const tomorrow = new Date(start + 86_400_000 + 3_600_000);
    expect(await dueCount(t.db, user, tomorrow)).toEqual({ due: 25, new_held: 0, new_per_day: 20 });
  });

  it("keeps the student's own limit on their row, and the queue follows it", async () => {
    const set = await student.mutate<Out['review']['setNewPerDay']>('review.setNewPerDay', {
      new_per_day: 3,
    });
    expect(set.data).toEqual({ new_per_day: 3 });
    const limits = () =>
      t.db.selectFrom('users').select(['email', 'review_new_per_day']).orderBy('email').execute();
    await signUpAndIn(t, { email: 'kofi.boateng@example.com' });
    expect(await limits()).toEqual([
      { email: 'ama.mensah@example.com', review_new_per_day: 3 },
      { email: 'kofi.boateng@example.com', review_new_per_day: 20 },
    ]);
    const wrongLetter = await missAll(5);
    expect((await student.query('review.dueCount')).data).toEqual({ due: 3, new_held: 2, new_per_day: 3 });

    expect((await student.mutate('review.setNewPerDay', { new_per_day: 0 })).status).toBe(200);
    expect((await student.query('review.dueCount')).data).toEqual({ due: 0, new_held: 5, new_per_day: 0 });
    expect((await student.query('review.next')).data).toBeNull();
    const [first] = wrongLetter.keys();
    const refused = await student.mutate('review.check', { question_id: first, selected_answer: 'A' });
    expect(refused.error?.data.code).toBe('CONFLICT');
    expect(await introduced()).toEqual([]);

    // A number typed in a form may arrive as text.
    expect((await student.mutate('review.setNewPerDay', { new_per_day: '8' })).status).toBe(200);
    expect((await limits())[0].review_new_per_day).toBe(8);
    expect((await student.query('review.dueCount')).data).toEqual({ due: 5, new_held: 0, new_per_day: 8 });
  });
});

describe("one student's deck", () => {
  it('never shows to, nor is answered or marked by, another student', async () => {
    await takeSet(student, practice(), '----');
    const open = await answerSheet(student, mock(), 'A----');
    const other = rpc(t, (await signUpAndIn(t, { email: 'kofi.boateng@example.com' })).access);
    expect((await other.query<Out['review']['dueCount']>('review.dueCount')).data).toMatchObject({ due: 0 });
    expect((await other.query('review.next')).data).toBeNull();
    const p1 = cat.practiceQuestions[0];
    for (const path of ['review.check', 'review.rate']) {
      const answered = await other.mutate(path, { question_id: p1.id, selected_answer: 'A', rating: 'good' });
      expect(answered.error?.data.code, path).toBe('NOT_FOUND');
    }
    const marked = await other.mutate('review.markNotSure', {
      session_id: open,
      question_id: cat.mockQuestions[0].id,
      not_sure: true,
    });
    expect(marked.error?.data.code).toBe('NOT_FOUND');
    expect((await other.query('review.notSureMarks', { session_id: open })).error?.data.code).toBe(
      'NOT_FOUND',
    );
    expect(await t.db.selectFrom('not_sure_marks').selectAll().execute()).toEqual([]);
    expect((await cardFor(p1.id)).reps).toBe(0);
  });
});

describe('bad input', () => {
  it('is refused with field messages', async () => {
    const session_id = await answerSheet(student, mock(), '-----');
    const cases: Array<[string, unknown, string]> = [
      ['review.check', { question_id: 1, selected_answer: 'E' }, 'selected_answer'],
      ['review.check', { question_id: -1, selected_answer: 'A' }, 'question_id'],
      ['review.check', { selected_answer: 'A' }, 'question_id'],
      ['review.rate', { question_id: 1, selected_answer: 'A', rating: 'again' }, 'rating'],
      ['review.rate', { question_id: 1, selected_answer: 'A' }, 'rating'],
      ['review.setNewPerDay', { new_per_day: -1 }, 'new_per_day'],
      ['review.setNewPerDay', { new_per_day: 501 }, 'new_per_day'],
      ['review.setNewPerDay', { new_per_day: 2.5 }, 'new_per_day'],
      ['review.setNewPerDay', { new_per_day: 'twenty' }, 'new_per_day'],
      ['review.setNewPerDay', {}, 'new_per_day'],
      ['review.markNotSure', { session_id, question_id: 1, not_sure: 'yes' }, 'not_sure'],
      [
        'review.markNotSure',
        { session_id, question_id: cat.practiceQuestions[0].id, not_sure: true },
        'question_id',
      ],
    ];
    for (const [path, input, field] of cases) {
      const res = await student.mutate(path, input);
      expect(res.status, `${path} ${JSON.stringify(input)}`).toBe(400);
      expect(Object.keys(res.error?.data.fieldErrors ?? {})).toContain(field);
    }
    expect((await student.query('review.notSureMarks', { session_id: 'x' })).status).toBe(400);
    const limit = await t.db
      .selectFrom('users')
      .select('review_new_per_day')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(limit.review_new_per_day).toBe(20);
    expect((await rpc(t, null).query('review.dueCount')).status).toBe(401);
  });
});
