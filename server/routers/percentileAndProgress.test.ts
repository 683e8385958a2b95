// A mock result's percentile against a hand-computed example: first attempts
// only, ties not beaten, a retake compared but never counted, nothing below 30 takers. And the
// progress chart's data (point 7): the own mock results, oldest first, never another student's.
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { MIN_POINTS, progressSeries } from '../../client/src/features/results/progressSeries';
import type { AppRouter } from '../router';
import { takeSet } from '../test/attempts';
import { rpc, signInAdmin } from '../test/fixtures';
import { signUpAndIn } from '../test/harness';
import { useCatalog, useTestServer } from '../test/useTestServer';
import { signUpStudents, takeMockScoring } from '../test/scoredAttempts';

type Out = inferRouterOutputs<AppRouter>;
type Percentile = Out['results']['percentile'];

const t = useTestServer();
const cat = useCatalog(t); // the mock has 5 questions: 0, 20, 40, 60, 80 or 100%

describe('results.percentile', () => {
  it('compares with the first attempts of 30 students, and shows nothing with 29', async () => {
    // Correct answers of each student's first attempt: 5 x 0%, 5 x 20%, 8 x 40%, 6 x 60%,
    // 4 x 80%, 2 x 100%: 30 students. The last of them (a 60%) arrives after the check at 29.
    const scores = [...Array(5).fill(0), ...Array(5).fill(1), ...Array(8).fill(2), ...Array(6).fill(3)];
    scores.push(...Array(4).fill(4), ...Array(2).fill(5));
    const last = scores.splice(scores.indexOf(3), 1)[0];
    const apis = await signUpStudents(t, 30, 'taker');
    const results: Array<{ id: number }> = [];
    for (const [i, correct] of scores.entries())
      results.push(await takeMockScoring(t.db, apis[i], cat.mockSet.id, correct));

    // Student 10 scored 40%, student 0 scored 0%, student 27 scored 100%.
    const [viewer, lowest, top] = [apis[10], apis[0], apis[27]];
    const atTwentyNine = await viewer.query<Percentile>('results.percentile', { id: results[10].id });
    expect(atTwentyNine.status).toBe(200);
    expect(atTwentyNine.data).toBeNull();
    // An admin trying the mock out is not the 30th student.
    await takeMockScoring(t.db, rpc(t, await signInAdmin(t)), cat.mockSet.id, 5);
    expect((await viewer.query<Percentile>('results.percentile', { id: results[10].id })).data).toBeNull();

    await takeMockScoring(t.db, apis[29], cat.mockSet.id, last);
    // The lowest scorer retakes and scores 100%: their first attempt (0%) still stands for them.
    const retake = await takeMockScoring(t.db, lowest, cat.mockSet.id, 5);

    // 40%: of the 29 others, 5 at 0% and 5 at 20% are strictly lower (the 7 other 40%s are ties):
    // floor(100 x 10 / 29) = 34. Counting the retake as the first attempt would give 31; half
    // ties would give 46.
    const forty = await viewer.query<Percentile>('results.percentile', { id: results[10].id });
    expect(forty.data).toEqual({ betterThan: 34, takers: 30, retake: false });
    // The retake's 100% against the other 29 first attempts: all but the two 100%s, 27 / 29 = 93.
    const retaken = await lowest.query<Percentile>('results.percentile', { id: retake.id });
    expect(retaken.data).toEqual({ betterThan: 93, takers: 30, retake: true });
    const zero = await lowest.query<Percentile>('results.percentile', { id: results[0].id });
    expect(zero.data).toEqual({ betterThan: 0, takers: 30, retake: false });
    // 100%: 28 of the 29 others are lower, the other 100% is a tie: floor(2800 / 29) = 96.
    const hundred = await top.query<Percentile>('results.percentile', { id: results[27].id });
    expect(hundred.data).toEqual({ betterThan: 96, takers: 30, retake: false });
  });

  it('answers only for the own result, null for practice, and refuses bad input', async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    const kofi = rpc(
      t,
      (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng' })).access,
    );
    const mock = await takeMockScoring(t.db, ama, cat.mockSet.id, 3);
    const start = await ama.mutate<Out['quiz']['start']>('quiz.start', {
      quiz_type: 'practice',
      quiz_id: cat.practiceSet.id,
    });
    const practice = await ama.mutate<Out['quiz']['submit']>('quiz.submit', {
      session_id: start.data.session.id,
    });

    const stolen = await kofi.query<Percentile>('results.percentile', { id: mock.id });
    expect(stolen.status).toBe(404);
    expect(stolen.text).not.toContain('betterThan');
    expect((await ama.query<Percentile>('results.percentile', { id: practice.data.id })).data).toBeNull();
    expect((await ama.query<Percentile>('results.percentile', { id: 999_999 })).status).toBe(404);
    expect((await rpc(t, null).query('results.percentile', { id: mock.id })).status).toBe(401);

    for (const input of [{}, { id: 'abc' }, { id: -1 }, { id: 1.5 }, { id: "1' OR '1'='1" }, null]) {
      const bad = await ama.query('results.percentile', input);
      expect(bad.status, JSON.stringify(input)).toBe(400);
      expect(bad.error?.data.code).toBe('BAD_REQUEST');
    }
  });
});

describe('progress over time', () => {
  it("draws the own mock results oldest first, never another student's", async () => {
    const ama = rpc(t, (await signUpAndIn(t)).access);
    const kofi = rpc(
      t,
      (await signUpAndIn(t, { email: 'kofi@example.com', full_name: 'Kofi Boateng' })).access,
    );
    const first = await takeMockScoring(t.db, ama, cat.mockSet.id, 3);
    const kofis = await takeMockScoring(t.db, kofi, cat.mockSet.id, 5);
    await takeSet(ama, { quiz_type: 'practice', quiz_id: cat.practiceSet.id }, 'ABCD');
    const second = await takeMockScoring(t.db, ama, cat.mockSet.id, 4);

    const amas = progressSeries((await ama.query<Out['results']['list']>('results.list')).data);
    expect(amas.map((p) => [p.id, p.percentage, p.quizName])).toEqual([
      [first.id, 60, 'Mock Exam 1'],
      [second.id, 80, 'Mock Exam 1'],
    ]);
    const kofiList = await kofi.query<Out['results']['list']>('results.list');
    expect(kofiList.text).not.toContain('Ama Mensah');
    const kofiPoints = progressSeries(kofiList.data);
    expect(kofiPoints.map((p) => p.id)).toEqual([kofis.id]);
    expect(kofiPoints.length).toBeLessThan(MIN_POINTS);
    expect((await rpc(t, null).query('results.list')).status).toBe(401);
  });
});
