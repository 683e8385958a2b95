// npm run backup [-- --dir DIR]: an online backup of the database (safe while the app runs):
// SQLite's backup API checked with PRAGMA integrity_check, or on PostgreSQL (DATABASE_URL) a
// pg_dump archive that pg_restore can list. Default folder: $DATA_DIR/backups.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/deps';
import { loadEnv } from '../server/env';
import { backupDatabase, backupPostgres, integrityCheck } from '../server/services/backup';

async function main() {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  const env = loadEnv();
  const db = await openDatabase(env);
  const dir = values.dir ?? path.join(env.DATA_DIR, 'backups');
  try {
    if (env.DATABASE_URL) {
      const { file, size, entries } = await backupPostgres(db, env.DATABASE_URL, dir);
      console.log(
        `Backup written: ${file} (${(size / 1024).toFixed(0)} KB, pg_dump, ${entries.length} entries)`,
      );
      return;
    }
    const { file, size } = await backupDatabase(db, env.DATABASE_FILE, dir);
    const check = integrityCheck(file);
    if (check !== 'ok') throw new Error(`Backup ${file} failed its integrity check: ${check}`);
    console.log(`Backup written: ${file} (${(size / 1024).toFixed(0)} KB, integrity ok)`);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
