// Rate limits with several processes on one database (on SQLite with WEB_CONCURRENCY, always on
// PostgreSQL): counted in the database, so two servers allow what one would. Runs in the `app`
// and the `postgres` test projects.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/test/harness';

const rateLimits = { resetPerAccount: { points: 2, windowSeconds: 60 } };
let one: TestServer;
let two: TestServer;
beforeEach(async () => {
  one = await startTestServer({ rateLimits, env: { WEB_CONCURRENCY: '2' } });
  two = await startTestServer({ dataDir: one.dataDir, rateLimits, env: { WEB_CONCURRENCY: '2' } });
});
afterEach(async () => {
  await two.close();
  await one.close();
});

it('counts a rate limit once across two processes on one database', async () => {
  const ask = (server: TestServer) =>
    server.api('POST', '/api/auth/password/reset/', { body: { email: 'x@example.com' } });
  expect((await ask(one)).status).toBe(200);
  expect((await ask(two)).status).toBe(200);
  expect((await ask(one)).status).toBe(429);
  expect((await ask(two)).status).toBe(429);
  const row = await one.db
    .selectFrom('rate_limits')
    .select('points')
    .where('key', '=', 'resetPerAccount:reset|x@example.com')
    .executeTakeFirstOrThrow();
  expect(row.points).toBe(4);
});
