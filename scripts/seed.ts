// npm run seed
// Loads the sample question bank (db/seed) into an empty database. A database that already has
// programs is left alone, so running it twice never duplicates the bank.
import { openDatabase } from '../server/deps';
import { loadEnv } from '../server/env';
import { hasPrograms } from '../server/queries/seedCatalog';
import { seedAll } from '../server/services/seed';

async function main() {
  const db = await openDatabase(loadEnv());
  try {
    if (await hasPrograms(db)) {
      console.log(
        'The database already has programs: nothing was loaded. Add more with npm run import-questions.',
      );
      return;
    }
    const summary = await seedAll(db);
    console.log(
      `Loaded the sample bank: ${summary.programs} programs, ${summary.sets} sets, ${summary.questions} questions.`,
    );
    for (const w of summary.warnings) console.log(`  warning: ${w}`);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
