// Migration 0017 widens the sessions' origins. On SQLite that rebuilds quiz_sessions, the table
// every answer, result and flag hangs on: taken down and up again here with rows in it, nothing
// may be lost, and the origins it allows are the ones each way says.
import { describe, expect, it } from 'vitest';
import { down, up } from './migrations/0017_widen_session_origins';
import { countRows, insertMockSet, insertPaper, insertProgram } from '../server/test/fixtures';
import { useMigratedDb } from '../server/test/migrationSteps';

const { db, step } = useMigratedDb();

async function sessionOf(origin: string, userId: number) {
  return db()
    .insertInto('quiz_sessions')
    .values({
      user_id: userId,
      quiz_type: 'mock',
      quiz_id: 0,
      quiz_name: origin,
      question_ids: '[]',
      started_at: new Date().toISOString(),
      deadline_at: null,
      submitted_at: null,
      option_orders: null,
      origin: origin as 'set',
      origin_id: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('migration 0017', () => {
  it('keeps every session, answer, result and flag through down and up, and allows exam_day only when up', async () => {
    const user = await db()
      .insertInto('users')
      .values({
        full_name: 'A',
        email: 'a@example.com',
        password_hash: 'x',
        created_at: new Date().toISOString(),
        bio: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const program = await insertProgram(db());
    const mock = await insertMockSet(db(), (await insertPaper(db(), program.id)).id);
    const kept = await sessionOf('exam_day', user.id);
    const [question] = await db()
      .insertInto('questions')
      .values({
        mock_exam_set_id: mock.id,
        practice_set_id: null,
        position: 1,
        question_text: 'Q',
        option_a: 'a',
        option_b: 'b',
        option_c: 'c',
        option_d: 'd',
        correct_answer: 'A',
        explanation: '',
        text_key: 'q',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .execute();
    const at = new Date().toISOString();
    await db()
      .insertInto('session_answers')
      .values({ session_id: kept.id, question_id: question.id, selected_answer: 'B', saved_at: at })
      .execute();
    await db()
      .insertInto('session_flags')
      .values({ session_id: kept.id, question_id: question.id, flagged_at: at })
      .execute();
    await db()
      .insertInto('quiz_results')
      .values({
        session_id: kept.id,
        user_id: user.id,
        correct_answers: 0,
        total_questions: 1,
        score: 0,
        percentage: 0,
        time_spent_minutes: 1,
        created_at: at,
      })
      .execute();
    await db()
      .deleteFrom('quiz_sessions')
      .where('id', '=', (await sessionOf('custom', user.id)).id)
      .execute();
    const before = await db().selectFrom('quiz_sessions').selectAll().execute();

    await db()
      .deleteFrom('quiz_sessions')
      .where('origin', '=', 'exam_day')
      .where('id', '!=', kept.id)
      .execute();
    await db().updateTable('quiz_sessions').set({ origin: 'mistakes' }).where('id', '=', kept.id).execute();
    await step(down);
    await expect(sessionOf('exam_day', user.id)).rejects.toThrow(/check|constraint/i);
    await step(up);
    expect(await db().selectFrom('quiz_sessions').select(['id', 'user_id', 'quiz_name']).execute()).toEqual(
      before.map((s) => ({ id: s.id, user_id: s.user_id, quiz_name: s.quiz_name })),
    );
    expect([
      await countRows(db(), 'session_answers'),
      await countRows(db(), 'session_flags'),
      await countRows(db(), 'quiz_results'),
    ]).toEqual([1, 1, 1]);
    // Ids are never reused: the deleted session's id is not given again.
    const next = await sessionOf('exam_day', user.id);
    expect(next.id).toBeGreaterThan(kept.id + 1);
    await sessionOf('custom', user.id);
    await expect(sessionOf('elsewhere', user.id)).rejects.toThrow(/check|constraint/i);
    // A session's children still go with it.
    await db().deleteFrom('quiz_sessions').where('id', '=', kept.id).execute();
    expect(await countRows(db(), 'session_answers')).toBe(0);
  });
});
