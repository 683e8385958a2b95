// Runs every migration not yet applied. Migrations are listed here (not read from the folder)
// so that they work the same under tsx, a bundler and tests.
import { sql, type Kysely } from 'kysely';
import { exclusively, isPostgres } from './dialect';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as m0001 from './migrations/0001_create_schema';
import * as m0002 from './migrations/0002_drop_result_answers';
import * as m0003 from './migrations/0003_mail_outbox_scrub';
import * as m0004 from './migrations/0004_rate_limits';
import * as m0005 from './migrations/0005_widen_backup_size';
import * as m0006 from './migrations/0006_add_question_versions';
import * as m0007 from './migrations/0007_add_shuffle_and_flags';
import * as m0008 from './migrations/0008_add_learning_data';
import * as m0009 from './migrations/0009_add_review_cards';
import * as m0010 from './migrations/0010_index_mock_first_attempts';
import * as m0011 from './migrations/0011_add_offline_attempt_ids';
import * as m0012 from './migrations/0012_add_learning_backlog';
import * as m0013 from './migrations/0013_fold_backlog_into_results';
import * as m0014 from './migrations/0014_add_review_daily_limit';
import * as m0015 from './migrations/0015_add_pending_registrations';
import * as m0016 from './migrations/0016_add_question_topics';
import * as m0017 from './migrations/0017_widen_session_origins';
import * as m0018 from './migrations/0018_add_schools';
import * as m0019 from './migrations/0019_add_invitations';
import * as m0020 from './migrations/0020_add_class_mocks';
import * as m0021 from './migrations/0021_add_question_drafts';

const migrations: Record<string, Migration> = {
  '0001_create_schema': m0001,
  '0002_drop_result_answers': m0002,
  '0003_mail_outbox_scrub': m0003,
  '0004_rate_limits': m0004,
  '0005_widen_backup_size': m0005,
  '0006_add_question_versions': m0006,
  '0007_add_shuffle_and_flags': m0007,
  '0008_add_learning_data': m0008,
  '0009_add_review_cards': m0009,
  '0010_index_mock_first_attempts': m0010,
  '0011_add_offline_attempt_ids': m0011,
  '0012_add_learning_backlog': m0012,
  '0013_fold_backlog_into_results': m0013,
  '0014_add_review_daily_limit': m0014,
  '0015_add_pending_registrations': m0015,
  '0016_add_question_topics': m0016,
  '0017_widen_session_origins': m0017,
  '0018_add_schools': m0018,
  '0019_add_invitations': m0019,
  '0020_add_class_mocks': m0020,
  '0021_add_question_drafts': m0021,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  if (!isPostgres(db)) return migrateSqliteAlone(db);
  // Kysely's migrator reads the catalogue of every schema before it takes its own lock, and on
  // PostgreSQL that read fails ("relation ... does not exist") while another process creates or
  // drops tables in the same database: one migration at a time, the catalogue read included.
  await exclusively(db, 'nmc:migrate', () => migrate(db), { wait: true });
}

/**
 * Kysely runs SQLite migrations outside a transaction, so two processes opening one new file at once
 * would both run 0001 ("table users already exists"). The first to take the file's write lock (BEGIN
 * IMMEDIATE) applies them all and commits; the other waits for it (busy_timeout) and finds none left.
 */
async function migrateSqliteAlone<T>(db: Kysely<T>): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      await migrate(conn);
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}

async function migrate<T>(db: Kysely<T>): Promise<void> {
  // On PostgreSQL, Kysely's bookkeeping tables go in the schema the app's tables go in (the first
  // of search_path); left unnamed it would find another schema's and skip creating its own.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema
    : undefined;
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
