// A result's time in seconds: whole stored minutes times 60, and for a quiz done in under half a
// minute (stored as 0 minutes) the server's own start-to-submit seconds, never more than 29.
import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../router';
import { useCatalog, useStudent, useTestServer } from '../test/useTestServer';

type Out = inferRouterOutputs<AppRouter>;

const t = useTestServer();
const cat = useCatalog(t);
const api = useStudent(t);

/** A practice started `secondsAgo` before its submit, which claims `minutes`. */
async function practiceTaking(secondsAgo: number, minutes: number) {
  const start = await api.mutate<Out['quiz']['start']>('quiz.start', {
    quiz_type: 'practice',
    quiz_id: cat.practiceSet.id,
  });
  const id = start.data.session.id;
  const startedAt = new Date(Date.now() - secondsAgo * 1000).toISOString();
  await t.db.updateTable('quiz_sessions').set({ started_at: startedAt }).where('id', '=', id).execute();
  const submitted = await api.mutate<Out['quiz']['submit']>('quiz.submit', {
    session_id: id,
    time_spent_minutes: minutes,
  });
  const listed = await api.query<Out['results']['list']>('results.list');
  const detail = await api.query<Out['results']['byId']>('results.byId', { id: submitted.data.id });
  return [submitted.data, listed.data[0], detail.data].map((r) => r.time_spent_seconds);
}

describe('time spent in seconds', () => {
  it("gives a quick practice its seconds on the server's clock", async () => {
    for (const seconds of await practiceTaking(20, 0)) {
      expect(seconds).toBeGreaterThanOrEqual(20);
      expect(seconds).toBeLessThanOrEqual(22);
    }
  });

  it('never says more than 29 seconds for a result stored as 0 minutes', async () => {
    expect(await practiceTaking(300, 0)).toEqual([29, 29, 29]);
  });

  it('gives whole stored minutes as their seconds', async () => {
    expect(await practiceTaking(200, 3)).toEqual([180, 180, 180]);
  });
});
