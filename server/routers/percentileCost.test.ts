// What a result page's percentile reads with 300 students who each took 10 mocks one to three
// times (6,000 graded mock sessions, 3,000 practice ones): the set's own sessions are read through
// the index of migration 0010, never every result. Rows are written directly here: this checks a
// query, it does not stand for what a student did.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../db/dialect';
import { prepareFixture } from '../../scripts/bench/fixtures';
import { firstAttemptCounts } from '../queries/percentile';
import { onPostgres } from '../test/database';
import { startTestServer, type TestServer } from '../test/harness';

const STUDENTS = 300;
const MOCKS = 10;

let t: TestServer;
let mockIds: number[];
let viewer: number;

beforeAll(async () => {
  t = await startTestServer({ smtp: false });
  const f = await prepareFixture(t.db, t.deps.signer, { students: STUDENTS, mockQuestions: 5 });
  viewer = f.students[0].id;
  const more = await t.db
    .insertInto('mock_exam_sets')
    .values(
      Array.from({ length: MOCKS - 1 }, (_, i) => ({
        paper_id: f.paperId,
        title: `Mock ${i + 2}`,
        description: '',
        time_limit_minutes: 60,
        created_at: new Date().toISOString(),
      })),
    )
    .returning('id')
    .execute();
  mockIds = [f.mockSetId, ...more.map((m) => m.id)];

  const day = (n: number) => new Date(Date.UTC(2026, 9, 1) + n * 86_400_000).toISOString();
  const sessions = f.students.flatMap((s, si) => [
    ...mockIds.flatMap((quiz_id, mi) =>
      Array.from({ length: 1 + ((si + mi) % 3) }, (_, attempt) => ({
        user_id: s.id,
        quiz_type: 'mock' as const,
        quiz_id,
        attempt,
      })),
    ),
    ...mockIds.map((_, pi) => ({
      user_id: s.id,
      quiz_type: 'practice' as const,
      quiz_id: f.practiceSetId,
      attempt: pi,
    })),
  ]);
  for (let i = 0; i < sessions.length; i += 500) {
    const chunk = sessions.slice(i, i + 500);
    const ids = await t.db
      .insertInto('quiz_sessions')
      .values(
        chunk.map((s) => ({
          user_id: s.user_id,
          quiz_type: s.quiz_type,
          quiz_id: s.quiz_id,
          quiz_name: 'Set',
          question_ids: '[]',
          started_at: day(s.attempt),
          deadline_at: null,
          submitted_at: day(s.attempt),
        })),
      )
      .returning('id')
      .execute();
    await t.db
      .insertInto('quiz_results')
      .values(
        chunk.map((s, j) => ({
          session_id: ids[j].id,
          user_id: s.user_id,
          correct_answers: (s.user_id * 7 + s.attempt) % 6,
          total_questions: 5,
          score: (s.user_id * 7 + s.attempt) % 6,
          percentage: ((s.user_id * 7 + s.attempt) % 6) * 20,
          time_spent_minutes: 10,
          created_at: day(s.attempt),
        })),
      )
      .execute();
  }
  if (isPostgres(t.db)) await sql`analyze`.execute(t.db);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('percentile cost at 300 students', () => {
  it('counts each of the 300 takers once, whatever their number of attempts', async () => {
    for (const mockId of mockIds) {
      const counts = await firstAttemptCounts(t.db, mockId, viewer, 60);
      expect(counts.takers).toBe(STUDENTS);
    }
  });

  it("reads the set's sessions through their index", async () => {
    const query = sql`select s.user_id from quiz_sessions s join quiz_results r on r.session_id = s.id
      where s.quiz_type = 'mock' and s.quiz_id = ${mockIds[3]}`;
    const plan = onPostgres()
      ? await sql<Record<string, string>>`explain ${query}`.execute(t.db)
      : await sql<Record<string, string>>`explain query plan ${query}`.execute(t.db);
    const text = plan.rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/quiz_sessions_set_takers/);
  });
});
