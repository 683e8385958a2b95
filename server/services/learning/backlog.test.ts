// Grading queues a session's learning data; the student's next read of mastery or the deck writes
// it exactly once, with the grading's own date.
import type { inferRouterOutputs } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as foldBacklog from '../../../db/migrations/0013_fold_backlog_into_results';
import type { AppRouter } from '../../router';
import { takeSet } from '../../test/attempts';
import { makeCatalog, rpc } from '../../test/fixtures';
import { signUpAndIn, startTestServer, type TestServer } from '../../test/harness';

type Out = inferRouterOutputs<AppRouter>;

let t: TestServer;
let cat: Awaited<ReturnType<typeof makeCatalog>>;
let student: ReturnType<typeof rpc>;
beforeEach(async () => {
  t = await startTestServer();
  cat = await makeCatalog(t.db);
  student = rpc(t, (await signUpAndIn(t)).access);
});
afterEach(async () => {
  await t.close();
});

const practice = () => ({ quiz_type: 'practice' as const, quiz_id: cat.practiceSet.id });
const rows = async () => ({
  backlog: await t.db
    .selectFrom('quiz_results')
    .select(['session_id', 'created_at as graded_at'])
    .where('learning_pending', '=', 1)
    .execute(),
  cards: await t.db
    .selectFrom('review_cards')
    .select(['question_id', 'due'])
    .orderBy('question_id')
    .execute(),
  tallies: await t.db
    .selectFrom('question_tallies')
    .select(['question_id', 'asked', 'correct', 'last_correct'])
    .orderBy('question_id')
    .execute(),
});

describe('the learning backlog', () => {
  it('holds a graded session until the student reads their learning data, then writes it once', async () => {
    // Practice keys are A, B, C, D: right, wrong, unanswered, right.
    const result = await takeSet(student, practice(), 'AC-D');
    const queued = await rows();
    expect(queued.cards).toEqual([]);
    expect(queued.tallies).toEqual([]);
    expect(queued.backlog).toEqual([{ session_id: result.session.id, graded_at: result.created_at }]);

    // The dashboard asks for both at once: the session is written once, not twice.
    const [mastery, due] = await Promise.all([
      student.query<Out['mastery']['overview']>('mastery.overview'),
      student.query<Out['review']['dueCount']>('review.dueCount'),
    ]);
    expect(due.data).toMatchObject({ due: 2 });
    expect(mastery.data.programs[0].answers).toBe(4);
    const [p1, p2, p3, p4] = cat.practiceQuestions;
    const written = await rows();
    expect(written.backlog).toEqual([]);
    expect(written.cards).toEqual([
      { question_id: p2.id, due: result.created_at },
      { question_id: p3.id, due: result.created_at },
    ]);
    expect(written.tallies).toEqual(
      [
        { question_id: p1.id, asked: 1, correct: 1, last_correct: 1 },
        { question_id: p2.id, asked: 1, correct: 0, last_correct: 0 },
        { question_id: p3.id, asked: 1, correct: 0, last_correct: 0 },
        { question_id: p4.id, asked: 1, correct: 1, last_correct: 1 },
      ].sort((a, b) => a.question_id - b.question_id),
    );

    // Reading again writes nothing more.
    await student.query('mastery.overview');
    expect(await rows()).toEqual(written);
  });

  it('writes two sessions in the order they were graded: the latest attempt decides', async () => {
    // Starting a set reads the student's tallies (a draw prefers unseen questions), which writes
    // what waits; a mistakes session starts without that read, so both gradings wait here.
    const first = await takeSet(student, practice(), 'BBCD');
    const retry = await student.mutate<{ session: { id: number }; questions: { id: number }[] }>(
      'quiz.startMistakesPractice',
      { result_id: first.id },
    );
    expect(retry.data.questions.map((q) => q.id)).toEqual([cat.practiceQuestions[0].id]);
    await student.mutate('quiz.submit', {
      session_id: retry.data.session.id,
      answers: [{ question_id: cat.practiceQuestions[0].id, selected_answer: 'A' }],
    });
    expect((await rows()).backlog).toHaveLength(2);
    await student.query('mastery.overview');
    const p1 = cat.practiceQuestions[0];
    expect((await rows()).tallies.find((r) => r.question_id === p1.id)).toEqual({
      question_id: p1.id,
      asked: 2,
      correct: 1,
      last_correct: 1,
    });
  });

  it('keeps a session that waited in the table of migration 0012 waiting after 0013', async () => {
    const result = await takeSet(student, practice(), 'AC-D');
    await foldBacklog.down(t.db);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table 0013 removed
    const before = await (t.db as any).selectFrom('learning_backlog').selectAll().execute();
    const { id: userId } = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    expect(before).toEqual([
      { user_id: userId, session_id: result.session.id, graded_at: result.created_at },
    ]);
    await foldBacklog.up(t.db);
    expect((await rows()).backlog).toEqual([{ session_id: result.session.id, graded_at: result.created_at }]);
    await student.query('mastery.overview');
    expect(await rows()).toMatchObject({ backlog: [], cards: [{}, {}] });
  });
});
