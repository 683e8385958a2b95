// The progress chart's data (issue 19, point 7): the student's own mock results from results.list,
// oldest first, practice left out, and never another student's.
import type { inferRouterOutputs } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_POINTS, progressSeries } from '../../client/src/features/results/progressSeries';
import type { AppRouter } from '../router';
import { takeSet } from '../test/attempts';
import { makeCatalog, rpc } from '../test/fixtures';
import { signUpAndIn, startTestServer, type TestServer } from '../test/harness';
import { takeMockScoring } from '../test/scoredAttempts';

type Out = inferRouterOutputs<AppRouter>;

let t: TestServer;
let cat: Awaited<ReturnType<typeof makeCatalog>>;
beforeEach(async () => {
  t = await startTestServer();
  cat = await makeCatalog(t.db);
});
afterEach(async () => {
  await t.close();
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
