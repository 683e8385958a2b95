// The bench's exam-day row on a small bank: the history it writes is the students' tallies, each
// start of the row draws a new exam day of 180 for another student, and the report judges the row
// against 100 ms on SQLite and 150 ms on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { appRouter } from '../../server/router';
import { useTestServer } from '../../server/test/useTestServer';
import { examDayStart, fillExamDayHistory } from './examDay';
import { prepareFixture } from './fixtures';
import { fillBank } from './questionSearch';
import { examDayTarget } from './report';
import { pass, row } from './testRows';

/** 2 × 2 × (5 × 5 × 4 + 2 × 10) = 480 questions, 240 a programme. */
const SMALL = { perPracticeSet: 4, perMockSet: 10, deactivated: 6, edited: 5 };

const t = useTestServer();

describe('the exam-day row', () => {
  it('writes each student a history, and each start draws a new exam day of 180', async () => {
    const fixture = await prepareFixture(t.db, t.deps.signer, { students: 3, mockQuestions: 5 });
    const bank = await fillBank(t.db, fixture.admin.id, SMALL);
    const day = await fillExamDayHistory(t.db, bank, fixture.students, 150);
    const tallies = await t.db.selectFrom('question_tallies').select('user_id').execute();
    expect(tallies).toHaveLength(3 * 150);

    const av = { procedures: new Set(Object.keys(appRouter._def.procedures)), rest: async () => true };
    const m = await examDayStart({ url: t.url }, av, bank, day);
    expect(m.statusCodes).toEqual({ 200: 3 });
    const sessions = await t.db
      .selectFrom('quiz_sessions')
      .select(['user_id', 'question_ids'])
      .where('origin', '=', 'exam_day')
      .execute();
    expect(sessions.map((s) => s.user_id).sort()).toEqual(fixture.students.map((s) => s.id).sort());
    const lists = sessions.map((s) => JSON.parse(s.question_ids) as number[]);
    for (const ids of lists) expect(new Set(ids).size).toBe(180);
    expect(new Set(lists.map((ids) => ids.join())).size).toBe(3);
  }, 60_000);

  it('holds SQLite under 100 ms and PostgreSQL under 150 ms at p99', () => {
    const judged = (database: 'sqlite' | 'postgres', p99: number) =>
      examDayTarget(pass(database, [row('exam-day-start', 0.01, { p99 })])).ok;
    expect([judged('sqlite', 99), judged('sqlite', 100)]).toEqual([true, false]);
    expect([judged('postgres', 149), judged('postgres', 150)]).toEqual([true, false]);
  });
});
