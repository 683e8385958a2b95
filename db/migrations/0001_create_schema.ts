// The first schema. Frozen: later changes get a new migration file. (Its ids became autoId() for
// PostgreSQL; the SQL it runs on SQLite is unchanged.)
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text')
    .addColumn('gender', 'text')
    .addColumn('region_of_institution', 'text')
    .addColumn('program_of_study', 'text')
    .addColumn('school', 'text')
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_superuser', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_verified_at', 'text')
    .addColumn('last_login', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  for (const table of ['email_verifications', 'password_resets']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', autoId(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_user`).on(table).column('user_id').execute();
  }

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('programs')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('papers')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('program_id', 'integer', (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('papers_program_name', ['program_id', 'name'])
    .execute();

  await db.schema
    .createTable('topics')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('papers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('topics_paper_name', ['paper_id', 'name'])
    .execute();

  await db.schema
    .createTable('practice_sets')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('practice_sets_topic_title', ['topic_id', 'title'])
    .execute();

  await db.schema
    .createTable('mock_exam_sets')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('papers.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time_limit_minutes', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('mock_exam_sets_paper_title', ['paper_id', 'title'])
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('practice_set_id', 'integer', (c) => c.references('practice_sets.id').onDelete('cascade'))
    .addColumn('mock_exam_set_id', 'integer', (c) => c.references('mock_exam_sets.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question_text', 'text', (c) => c.notNull())
    .addColumn('option_a', 'text', (c) => c.notNull())
    .addColumn('option_b', 'text', (c) => c.notNull())
    .addColumn('option_c', 'text', (c) => c.notNull())
    .addColumn('option_d', 'text', (c) => c.notNull())
    .addColumn('correct_answer', 'text', (c) => c.notNull().check(sql`correct_answer in ('A','B','C','D')`))
    .addColumn('explanation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('questions_one_set', sql`(practice_set_id is null) <> (mock_exam_set_id is null)`)
    .execute();
  await db.schema.createIndex('questions_practice_set').on('questions').column('practice_set_id').execute();
  await db.schema.createIndex('questions_mock_set').on('questions').column('mock_exam_set_id').execute();
  await db.schema.createIndex('questions_text_key').on('questions').column('text_key').execute();

  await db.schema
    .createTable('quiz_sessions')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quiz_type', 'text', (c) => c.notNull().check(sql`quiz_type in ('mock','practice')`))
    .addColumn('quiz_id', 'integer', (c) => c.notNull())
    .addColumn('quiz_name', 'text', (c) => c.notNull())
    .addColumn('question_ids', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('deadline_at', 'text')
    .addColumn('submitted_at', 'text')
    .execute();
  await db.schema
    .createIndex('quiz_sessions_user_quiz')
    .on('quiz_sessions')
    .columns(['user_id', 'quiz_type', 'quiz_id'])
    .execute();

  await db.schema
    .createTable('session_answers')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('quiz_sessions.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('selected_answer', 'text', (c) => c.notNull().check(sql`selected_answer in ('A','B','C','D')`))
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_answers_pk', ['session_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('quiz_results')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().unique().references('quiz_sessions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('correct_answers', 'integer', (c) => c.notNull())
    .addColumn('total_questions', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('percentage', 'integer', (c) => c.notNull())
    .addColumn('time_spent_minutes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quiz_results_user')
    .on('quiz_results')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('result_answers')
    .addColumn('result_id', 'integer', (c) => c.notNull().references('quiz_results.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('selected_answer', 'text')
    .addColumn('is_correct', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('result_answers_pk', ['result_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('backups')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'backups',
    'notifications',
    'mail_outbox',
    'result_answers',
    'quiz_results',
    'session_answers',
    'quiz_sessions',
    'questions',
    'mock_exam_sets',
    'practice_sets',
    'topics',
    'papers',
    'programs',
    'refresh_tokens',
    'password_resets',
    'email_verifications',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
