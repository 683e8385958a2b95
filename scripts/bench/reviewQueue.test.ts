// The bench's review queue row on a small deck: the fill writes the answers and cards it says
// (every card a state ts-fsrs reached), the server answers both procedures of the row for the
// deck's student, and the report judges the row against 50 ms.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRouter } from '../../server/router';
import { startTestServer, type TestServer } from '../../server/test/harness';
import { prepareFixture } from './fixtures';
import { skippedPass } from './pass';
import { fillDeck, reviewQueue } from './reviewQueue';
import { reviewTarget } from './report';
import { pass, row } from './testRows';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await t.close();
});

describe('the review queue row', () => {
  it('writes the history and the decks, and the student gets their count and next card', async () => {
    const fixture = await prepareFixture(t.db, t.deps.signer, { students: 3, mockQuestions: 5 });
    const deck = await fillDeck(t.db, fixture, { sessions: 2, perSession: 10, otherCards: 5 });
    const answers = await t.db
      .selectFrom('session_answers')
      .innerJoin('quiz_sessions', 'quiz_sessions.id', 'session_answers.session_id')
      .select('session_answers.question_id')
      .where('quiz_sessions.user_id', '=', deck.student.id)
      .execute();
    expect(answers).toHaveLength(20);
    // Two in five wrong: 8 misses, each a card.
    expect(deck).toMatchObject({ answers: 20, cards: 8 });
    const cards = await t.db.selectFrom('review_cards').selectAll().execute();
    expect(cards.filter((c) => c.user_id === deck.student.id)).toHaveLength(8);
    expect(cards.filter((c) => c.user_id !== deck.student.id)).toHaveLength(10);
    expect(new Set(cards.map((c) => c.state)).size).toBeGreaterThan(1);

    const av = { procedures: new Set(Object.keys(appRouter._def.procedures)), rest: async () => true };
    const m = await reviewQueue({ url: t.url }, av, deck, { duration: 1 });
    expect(m.name).toBe(
      `review queue (review.next + review.dueCount), 20 answers, 8 cards, ${deck.due} due (one student)`,
    );
    expect(m.statusCodes).toEqual({ 200: m.requests });
    expect(m.requests).toBeGreaterThanOrEqual(10);
  });

  it('holds at a p99 under 50 ms with no failure, and fails a row that is missing or slower', () => {
    const judged = (extra: Parameters<typeof row>[2]) =>
      reviewTarget(pass('sqlite', [row('review-queue', 0.01, extra)]));
    expect(judged({ p50: 3, p99: 12 })).toMatchObject({
      value: 'p50 3 ms, p99 12 ms (0 failures)',
      ok: true,
    });
    expect(judged({ p50: 30, p99: 55 }).ok).toBe(false);
    expect(judged({ p50: 3, p99: 12, failures: 1 }).ok).toBe(false);
    expect(reviewTarget(pass('postgres', [])).value).toBe('missing');
    expect(reviewTarget(skippedPass('postgres', 'no cluster')).ok).toBeNull();
  });
});
