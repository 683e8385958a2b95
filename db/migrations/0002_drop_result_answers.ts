// Results stop keeping a second copy of the graded answers. A submitted session's answers are
// frozen in session_answers (saves are refused once it is graded) and questions are never edited,
// so the review is read from them; writing 100 more rows per submit was most of its cost
// (docs/performance.md has the bench figures).
// Frozen: later changes get a new migration file.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable('result_answers').execute();
}

/** Recreates the table as 0001 made it and fills it again from the sessions' saved answers. */
export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('result_answers')
    .addColumn('result_id', 'integer', (c) => c.notNull().references('quiz_results.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('selected_answer', 'text')
    .addColumn('is_correct', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('result_answers_pk', ['result_id', 'question_id'])
    .execute();
  const results = await db
    .selectFrom('quiz_results')
    .innerJoin('quiz_sessions', 'quiz_sessions.id', 'quiz_results.session_id')
    .select(['quiz_results.id as result_id', 'quiz_sessions.id as session_id', 'quiz_sessions.question_ids'])
    .execute();
  const keys = new Map<number, string>(
    (await db.selectFrom('questions').select(['id', 'correct_answer']).execute()).map((q) => [
      q.id,
      q.correct_answer,
    ]),
  );
  for (const r of results) {
    const chosen = new Map<number, string>(
      (
        await db
          .selectFrom('session_answers')
          .select(['question_id', 'selected_answer'])
          .where('session_id', '=', r.session_id)
          .execute()
      ).map((a) => [a.question_id, a.selected_answer]),
    );
    const rows = (JSON.parse(r.question_ids) as number[])
      .filter((id) => keys.has(id))
      .map((id, position) => {
        const selected = chosen.get(id) ?? null;
        return {
          result_id: r.result_id,
          question_id: id,
          position,
          selected_answer: selected,
          is_correct: selected !== null && selected === keys.get(id) ? 1 : 0,
        };
      });
    if (rows.length) await db.insertInto('result_answers').values(rows).execute();
  }
}
