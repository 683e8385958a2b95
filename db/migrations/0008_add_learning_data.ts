// Learning data: sessions built from a list of questions, and per-topic mastery (docs/learning.md).
// - Practice sessions built from a list of questions rather than one set (a weak topic's
//   questions, or the questions missed in one result). Such a session belongs to no set, so its
//   quiz_id is 0 (no set has that id: every query that looks a session's set up finds none);
//   `origin` says what it was built from and `origin_id` which topic or result.
// - question_tallies: per student and question, how often it was asked in a graded session, how
//   often answered right, and whether the latest attempt was right. Written as each session is
//   graded, so the dashboard's mastery reads one row per question seen instead of every answer
//   (5,000 answers took 30-140 ms to read and count). Filled here from the sessions graded so far.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

const SESSIONS_PER_BATCH = 500;
const ROWS_PER_INSERT = 500;

interface Tally {
  user_id: number;
  question_id: number;
  asked: number;
  correct: number;
  last_correct: number;
}

/** The tallies of every graded session, oldest graded first (the latest attempt is the last). */
export async function backfill(db: AnyDb): Promise<void> {
  const keys = new Map<number, string>(
    (await db.selectFrom('questions').select(['id', 'correct_answer']).execute()).map((q) => [
      q.id as number,
      q.correct_answer as string,
    ]),
  );
  const tallies = new Map<string, Tally>();
  for (let offset = 0; ; offset += SESSIONS_PER_BATCH) {
    const sessions = await db
      .selectFrom('quiz_results')
      .innerJoin('quiz_sessions', 'quiz_sessions.id', 'quiz_results.session_id')
      .select(['quiz_sessions.id', 'quiz_sessions.user_id', 'quiz_sessions.question_ids'])
      .orderBy('quiz_results.created_at')
      .orderBy('quiz_results.id')
      .limit(SESSIONS_PER_BATCH)
      .offset(offset)
      .execute();
    if (!sessions.length) break;
    const answers = await db
      .selectFrom('session_answers')
      .select(['session_id', 'question_id', 'selected_answer'])
      .where(
        'session_id',
        'in',
        sessions.map((s) => s.id),
      )
      .execute();
    const chosen = new Map(answers.map((a) => [`${a.session_id}:${a.question_id}`, a.selected_answer]));
    for (const s of sessions) {
      const ids: unknown = JSON.parse(s.question_ids);
      if (!Array.isArray(ids)) continue;
      for (const id of ids) {
        const key = keys.get(id);
        if (key === undefined) continue;
        const right = chosen.get(`${s.id}:${id}`) === key ? 1 : 0;
        const k = `${s.user_id}:${id}`;
        const t = tallies.get(k) ?? {
          user_id: s.user_id,
          question_id: id,
          asked: 0,
          correct: 0,
          last_correct: 0,
        };
        t.asked++;
        t.correct += right;
        t.last_correct = right;
        tallies.set(k, t);
      }
    }
  }
  const rows = [...tallies.values()];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto('question_tallies')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('quiz_sessions')
    .addColumn('origin', 'text', (c) =>
      c
        .notNull()
        .defaultTo('set')
        .check(sql`origin in ('set','topic','mistakes')`),
    )
    .execute();
  await db.schema.alterTable('quiz_sessions').addColumn('origin_id', 'integer').execute();

  await db.schema
    .createTable('question_tallies')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // No foreign key: a session keeps a deleted question's id too; a join drops it.
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('asked', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('last_correct', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_tallies_pk', ['user_id', 'question_id'])
    // SQLite: the rows themselves in key order, so a student's rows are one range read with no
    // lookup from an index into the table (PostgreSQL keeps its heap apart either way).
    .$call((b) => (isPostgres(db) ? b : b.modifyEnd(sql`without rowid`)))
    .execute();
  await backfill(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('question_tallies').execute();
  await db.schema.alterTable('quiz_sessions').dropColumn('origin_id').execute();
  await db.schema.alterTable('quiz_sessions').dropColumn('origin').execute();
}
