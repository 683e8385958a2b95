// One tagged pool of questions, and exams drawn from it.
// - questions.topic_id: every question may carry a topic of its paper, mock questions too. A
//   practice question takes its set's topic (filled here); a mock question stays untagged (null)
//   until an upload or an admin tags it.
// - mock_exam_sets.draw_count: null for a fixed mock (the same questions every attempt); a number
//   makes the mock a blueprint, each attempt drawn from the paper's active questions.
//   mock_blueprint_topics holds its count per topic; none means "spread as the bank is".
// - programs.exam_day_questions / exam_day_minutes: the exam-day simulation's size per programme.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('topic_id', 'integer', (c) => c.references('topics.id').onDelete('set null'))
    .execute();
  await sql`update questions set topic_id = (
      select practice_sets.topic_id from practice_sets where practice_sets.id = questions.practice_set_id
    ) where practice_set_id is not null`.execute(db);
  await db.schema
    .createIndex('questions_topic_active')
    .on('questions')
    .columns(['topic_id', 'is_active'])
    .execute();

  await db.schema.alterTable('mock_exam_sets').addColumn('draw_count', 'integer').execute();
  await db.schema
    .createTable('mock_blueprint_topics')
    .addColumn('mock_exam_set_id', 'integer', (c) =>
      c.notNull().references('mock_exam_sets.id').onDelete('cascade'),
    )
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('mock_blueprint_topics_pk', ['mock_exam_set_id', 'topic_id'])
    .execute();

  await db.schema
    .alterTable('programs')
    .addColumn('exam_day_questions', 'integer', (c) => c.notNull().defaultTo(180))
    .execute();
  await db.schema
    .alterTable('programs')
    .addColumn('exam_day_minutes', 'integer', (c) => c.notNull().defaultTo(180))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('programs').dropColumn('exam_day_minutes').execute();
  await db.schema.alterTable('programs').dropColumn('exam_day_questions').execute();
  await db.schema.dropTable('mock_blueprint_topics').execute();
  await db.schema.alterTable('mock_exam_sets').dropColumn('draw_count').execute();
  await db.schema.dropIndex('questions_topic_active').execute();
  await db.schema.alterTable('questions').dropColumn('topic_id').execute();
}
