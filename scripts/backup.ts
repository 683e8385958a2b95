// npm run backup [-- --dir DIR]: an online backup of the database (safe while the app runs),
// checked with PRAGMA integrity_check. Default folder: $DATA_DIR/backups.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/deps';
import { loadEnv } from '../server/env';
import { backupDatabase, integrityCheck } from '../server/services/backup';

async function main() {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  const env = loadEnv();
  const db = await openDatabase(env);
  try {
    const { file, size } = await backupDatabase(
      db,
      env.DATABASE_FILE,
      values.dir ?? path.join(env.DATA_DIR, 'backups'),
    );
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
