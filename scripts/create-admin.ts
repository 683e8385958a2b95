// npm run create-admin -- --email E [--password P]
// Creates an admin or promotes an existing user. Without --password it reads one line from stdin.
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/deps';
import { loadEnv } from '../server/env';
import { createOrPromoteAdmin } from '../server/services/admins';

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stdout.write('Password: ');
  const rl = readline.createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  if (!values.email)
    throw new Error('Usage: npm run create-admin -- --email you@school.edu.gh [--password P]');
  const password = values.password ?? (await readPassword());
  const db = await openDatabase(loadEnv());
  try {
    const outcome = await createOrPromoteAdmin(db, values.email, password);
    console.log(`Admin ${values.email} ${outcome}.`);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
