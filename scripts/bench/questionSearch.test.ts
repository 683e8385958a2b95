// The bench's question bank row on a small bank: the fill writes what it says (current versions,
// older versions, deactivated questions, audit rows), the server answers every search of the row
// (none refused as bad input), and the report judges the row against 100 ms.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRouter } from '../../server/router';
import { ADMIN, signInAdmin } from '../../server/test/fixtures';
import { startTestServer, type TestServer } from '../../server/test/harness';
import { skippedPass } from './pass';
import { fillBank, questionSearch } from './questionSearch';
import { searchTarget } from './report';
import { pass, row } from './testRows';

/** 2 × 2 × (5 × 5 × 4 + 2 × 10) = 480 questions. */
const SMALL = { perPracticeSet: 4, perMockSet: 10, deactivated: 6, edited: 5 };

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await t.close();
});

/** Question rows: current versions or older ones, and of those only the deactivated. */
async function countQuestions(current: boolean, inactiveOnly = false): Promise<number> {
  let rows = t.db.selectFrom('questions').where('replaced_by_id', current ? 'is' : 'is not', null);
  if (inactiveOnly) rows = rows.where('is_active', '=', 0);
  const { n } = await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

describe('the question search row', () => {
  it('fills the bank with edits and deactivations, and every search of the row is answered', async () => {
    const token = await signInAdmin(t);
    const admin = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const bank = await fillBank(t.db, admin.id, SMALL);
    expect(bank.questions).toBe(480);
    expect(await countQuestions(true)).toBe(480);
    expect(await countQuestions(false)).toBe(5);
    expect(await countQuestions(true, true)).toBe(6);
    expect(await t.db.selectFrom('question_edits').select('id').execute()).toHaveLength(11);

    const av = { procedures: new Set(Object.keys(appRouter._def.procedures)), rest: async () => true };
    const m = await questionSearch({ url: t.url }, token, av, bank, { duration: 1 });
    expect(m.name).toBe('questions.search, 480 questions (one admin, 10 kinds of search)');
    expect(m.statusCodes).toEqual({ 200: m.requests });
    expect(m.requests).toBeGreaterThanOrEqual(10);
  });

  it('holds at a p99 under 100 ms with no failure, and fails a row that is missing or slower', () => {
    const measured = (extra: Parameters<typeof row>[2]) =>
      searchTarget(pass('sqlite', [row('question-search', 0.01, extra)]));
    expect(measured({ p50: 8, p99: 42 })).toMatchObject({
      value: 'p50 8 ms, p99 42 ms (0 failures)',
      ok: true,
    });
    expect(measured({ p99: 100 }).ok).toBe(false);
    expect(measured({ p99: 42, failures: 1 }).ok).toBe(false);
    expect(searchTarget(pass('postgres', []))).toMatchObject({ value: 'missing', ok: false });
    expect(searchTarget(skippedPass('postgres', 'PostgreSQL is not installed')).ok).toBeNull();
  });
});
