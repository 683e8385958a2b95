// Offline practice over /trpc: downloading a practice set (never a
// mock, never a hidden set, never for an admin) and sending an attempt taken offline, stored and
// graded once however often it is sent, and counted in results, mastery and the review deck.
import { randomUUID } from 'node:crypto';
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { countRows, insertQuestions, rpc, signInAdmin } from '../test/fixtures';
import { signUpAndIn } from '../test/harness';
import { useCatalog, useStudent, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;
type Download = Out['offline']['downloadSet'];
type Result = Out['offline']['submitAttempt'];

const t = useTestServer();
const cat = useCatalog(t);
const api = useStudent(t);

const count = (
  table: 'quiz_results' | 'quiz_sessions' | 'notifications' | 'session_answers' | 'review_cards',
) => countRows(t.db, table);
const counts = async () =>
  Promise.all(
    (['quiz_sessions', 'quiz_results', 'session_answers', 'notifications', 'review_cards'] as const).map(
      count,
    ),
  );

const deactivateLastQuestion = () =>
  t.db.updateTable('questions').set({ is_active: 0 }).where('id', '=', cat.practiceQuestions[3].id).execute();

/** Keys cycle A, B, C, D: "AB" right, "AA" for the third wrong, the fourth unanswered. */
function attempt(overrides: Record<string, unknown> = {}) {
  const [q1, q2, q3, q4] = cat.practiceQuestions;
  // One clock reading: two could be a millisecond apart, and 6 min 1 ms rounds up to 7 minutes.
  const now = Date.now();
  return {
    client_id: randomUUID(),
    set_id: cat.practiceSet.id,
    question_ids: [q1.id, q2.id, q3.id, q4.id],
    answers: [
      { question_id: q1.id, selected_answer: 'A' },
      { question_id: q2.id, selected_answer: 'B' },
      { question_id: q3.id, selected_answer: 'A' },
    ],
    started_at: new Date(now - 7 * 60_000).toISOString(),
    finished_at: new Date(now - 60_000).toISOString(),
    ...overrides,
  };
}

describe('offline.downloadSet', () => {
  it('gives a practice set with keys and explanations in its order, active questions only', async () => {
    await deactivateLastQuestion();
    const res = await api.mutate<Download>('offline.downloadSet', {
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ title: 'Practice Set 1', shuffle: false });
    expect(res.data.questions.map((q) => q.id)).toEqual(cat.practiceQuestions.slice(0, 3).map((q) => q.id));
    expect(res.data.questions[1]).toMatchObject({ correct_answer: 'B', explanation: 'Explanation for P2' });
  });

  it('refuses a mock with a clear message and sends none of its questions', async () => {
    const res = await api.mutate('offline.downloadSet', { quiz_type: 'mock', quiz_id: cat.mockSet.id });
    expect(res.status).toBe(403);
    expect(res.error?.message).toBe('Mock exams cannot be downloaded: you need a connection to take a mock.');
    expect(res.text).not.toMatch(/M1:|Explanation/);
  });

  it('keeps a hidden set hidden, and refuses admins and the signed-out', async () => {
    await t.db
      .updateTable('practice_sets')
      .set({ is_active: 0 })
      .where('id', '=', cat.practiceSet.id)
      .execute();
    const hidden = await api.mutate('offline.downloadSet', {
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.error?.message).toBe('Practice set not found');
    await t.db
      .updateTable('practice_sets')
      .set({ is_active: 1 })
      .where('id', '=', cat.practiceSet.id)
      .execute();

    const admin = rpc(t, await signInAdmin(t));
    const ref = { quiz_type: 'practice', quiz_id: cat.practiceSet.id };
    const asAdmin = await admin.mutate('offline.downloadSet', ref);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.error?.message).toBe('Only students can do this.');
    expect((await rpc(t, null).mutate('offline.downloadSet', ref)).status).toBe(401);
  });
});

describe('offline.submitAttempt', () => {
  it('grades on the server keys and counts in results, mastery and the review deck', async () => {
    const sent = attempt();
    const res = await api.mutate<Result>('offline.submitAttempt', sent);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      correct_answers: 2,
      total_questions: 4,
      percentage: 50,
    });
    expect(res.data.time_spent_minutes).toBe(6);
    expect(res.data.session.quiz_type).toBe('practice');

    const session = await t.db.selectFrom('quiz_sessions').selectAll().executeTakeFirstOrThrow();
    expect(session).toMatchObject({
      client_id: sent.client_id,
      quiz_id: cat.practiceSet.id,
      started_at: sent.started_at,
    });
    const list = await api.query<Out['results']['list']>('results.list');
    expect(list.data.map((r) => r.id)).toEqual([res.data.id]);
    const detail = await api.query<Out['results']['byId']>('results.byId', { id: res.data.id });
    expect(detail.data.user_answers.map((a) => a.is_correct)).toEqual([true, true, false, false]);

    const mastery = await api.query<Out['mastery']['overview']>('mastery.overview');
    expect(JSON.stringify(mastery.data)).toContain('"name":"Fluid balance","answers":4,"correct":2');
    const tallies = await t.db.selectFrom('question_tallies').select(['asked', 'correct']).execute();
    expect(tallies).toHaveLength(4);
    // The two missed questions (wrong and unanswered) go to the review deck, as online.
    expect(await count('review_cards')).toBe(2);
  });

  it('stores an attempt sent twice once, and answers the first result', async () => {
    const sent = attempt();
    const first = await api.mutate<Result>('offline.submitAttempt', sent);
    const before = await counts();
    const again = await api.mutate<Result>('offline.submitAttempt', { ...sent, answers: [] });
    expect(again.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect(await counts()).toEqual(before);
    expect(before.slice(0, 2)).toEqual([1, 1]);
  });

  it('stores concurrent copies of one attempt once', async () => {
    const sent = attempt();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.mutate<Result>('offline.submitAttempt', sent)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect((await counts()).slice(0, 2)).toEqual([1, 1]);
    expect(await count('notifications')).toBe(1);
  });

  it('refuses questions and answers outside the set, and writes nothing', async () => {
    const mockQuestion = cat.mockQuestions[0].id;
    const stranger = await api.mutate('offline.submitAttempt', attempt({ question_ids: [mockQuestion] }));
    expect(stranger.status).toBe(400);
    expect(stranger.error?.data.fieldErrors).toEqual({
      question_ids: ['This question is not part of this practice set.'],
    });
    const unseen = await api.mutate(
      'offline.submitAttempt',
      attempt({
        question_ids: [cat.practiceQuestions[0].id],
        answers: [{ question_id: mockQuestion, selected_answer: 'A' }],
      }),
    );
    expect(unseen.status).toBe(400);
    expect(unseen.error?.data.fieldErrors?.answers).toEqual([
      'This answer is for a question the attempt did not show.',
    ]);
    const badId = await api.mutate('offline.submitAttempt', attempt({ client_id: 'not-a-uuid' }));
    expect(badId.status).toBe(400);
    expect(badId.error?.data.fieldErrors?.client_id).toEqual(['Must be an attempt id (a UUID).']);
    const mockSet = await api.mutate('offline.submitAttempt', attempt({ set_id: cat.mockSet.id + 1000 }));
    expect(mockSet.status).toBe(404);
    expect(await counts()).toEqual([0, 0, 0, 0, 0]);
  });

  it("never shows one student's attempt to another, even under the same attempt id", async () => {
    const sent = attempt();
    const mine = await api.mutate<Result>('offline.submitAttempt', sent);
    const other = rpc(t, (await signUpAndIn(t, { email: 'kofi.boateng@example.com' })).access);
    const reuse = await other.mutate('offline.submitAttempt', sent);
    expect(reuse.status).toBe(409);
    expect(reuse.text).not.toContain(String(mine.data.percentage) + ',');
    expect((await other.query<unknown[]>('results.list')).data).toEqual([]);
    expect((await other.query('results.byId', { id: mine.data.id })).status).toBe(404);
    expect((await counts()).slice(0, 2)).toEqual([1, 1]);
  });

  const download = async () =>
    (
      await api.mutate<Download>('offline.downloadSet', {
        quiz_type: 'practice',
        quiz_id: cat.practiceSet.id,
      })
    ).data;

  it('grades over the whole set as downloaded: 1 of 4 answered is 25%, not 100%', async () => {
    const set = await download();
    const [q1] = cat.practiceQuestions;
    const now = new Date().toISOString();
    const one = { question_ids: [q1.id], answers: [{ question_id: q1.id, selected_answer: 'A' }] };
    const res = await api.mutate<Result>(
      'offline.submitAttempt',
      attempt({ ...one, downloaded_at: set.downloaded_at, started_at: now, finished_at: now }),
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ correct_answers: 1, total_questions: 4, percentage: 25 });
    const detail = await api.query<Out['results']['byId']>('results.byId', { id: res.data.id });
    expect(detail.data.user_answers.map((a) => a.is_correct)).toEqual([true, false, false, false]);
    const session = await t.db
      .selectFrom('quiz_sessions')
      .select('question_ids')
      .where('id', '=', res.data.session.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(session.question_ids)).toEqual(cat.practiceQuestions.map((q) => q.id));

    // A phone of an older version sends no download time: the attempt's start stands in for it.
    const older = await api.mutate<Result>(
      'offline.submitAttempt',
      attempt({ ...one, started_at: new Date().toISOString(), finished_at: new Date().toISOString() }),
    );
    expect(older.data).toMatchObject({ correct_answers: 1, total_questions: 4, percentage: 25 });
  });

  it('does not count questions added to the set after the download', async () => {
    const set = await download();
    await new Promise((r) => setTimeout(r, 5));
    const [added] = await insertQuestions(t.db, { practice_set_id: cat.practiceSet.id }, 1, 'N');
    const res = await api.mutate<Result>(
      'offline.submitAttempt',
      attempt({ downloaded_at: set.downloaded_at, finished_at: new Date().toISOString() }),
    );
    expect(res.data).toMatchObject({ correct_answers: 2, total_questions: 4 });
    const online = await api.mutate<{ questions: Array<{ id: number }> }>('quiz.start', {
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
    });
    expect(online.data.questions.map((q) => q.id)).toContain(added.id);
  });

  it('clamps the times to when the set was downloaded and when the attempt arrived', async () => {
    const set = await download();
    const dayBefore = new Date(new Date(set.downloaded_at).getTime() - 86_400_000).toISOString();
    const res = await api.mutate<Result>(
      'offline.submitAttempt',
      attempt({
        downloaded_at: set.downloaded_at,
        started_at: dayBefore,
        finished_at: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    expect(res.status).toBe(200);
    // From the download to the arrival, seconds apart (counted up to a minute); unclamped it would be 1,500.
    expect(res.data.time_spent_minutes).toBeLessThanOrEqual(1);
    const session = await t.db
      .selectFrom('quiz_sessions')
      .select(['started_at', 'submitted_at'])
      .executeTakeFirstOrThrow();
    expect(session.started_at).toBe(set.downloaded_at);
    expect(new Date(session.submitted_at as string).getTime()).toBeLessThanOrEqual(Date.now());

    // A download time in the future is the arrival at the latest.
    const future = await api.mutate<Result>(
      'offline.submitAttempt',
      attempt({ downloaded_at: new Date(Date.now() + 86_400_000).toISOString() }),
    );
    expect(future.status).toBe(200);
    const second = await t.db
      .selectFrom('quiz_sessions')
      .select('started_at')
      .where('id', '=', future.data.session.id)
      .executeTakeFirstOrThrow();
    expect(new Date(second.started_at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('compares the attempt id in lower case: the same id in capitals is the same attempt', async () => {
    const sent = attempt();
    const first = await api.mutate<Result>('offline.submitAttempt', {
      ...sent,
      client_id: sent.client_id.toUpperCase(),
    });
    expect(first.status).toBe(200);
    const before = await counts();
    const again = await api.mutate<Result>('offline.submitAttempt', sent);
    expect(again.status).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    expect(await counts()).toEqual(before);
    const stored = await t.db.selectFrom('quiz_sessions').select('client_id').execute();
    expect(stored).toEqual([{ client_id: sent.client_id.toLowerCase() }]);
  });

  it('leaves out questions deactivated since the download, and dates nothing in the future', async () => {
    await deactivateLastQuestion();
    const res = await api.mutate<Result>(
      'offline.submitAttempt',
      attempt({ finished_at: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect(res.data).toMatchObject({ correct_answers: 2, total_questions: 3 });
    const row = await t.db.selectFrom('quiz_results').select('created_at').executeTakeFirstOrThrow();
    expect(new Date(row.created_at).getTime()).toBeLessThanOrEqual(Date.now());
  });
});
