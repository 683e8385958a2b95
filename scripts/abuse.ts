// npm run abuse [-- --short] [-- --only NAME[,NAME]] [-- --build] [-- --database sqlite|postgres|both]
// [-- --processes N]: replays the attacks against the built server (started as package.json's
// serve/start script starts it) and prints what held, with figures. Exits 1 when any attack did
// not hold. The server bundle is rebuilt only when it is missing or older than the sources;
// --build builds everything first. PostgreSQL runs on a throwaway cluster, with two processes
// unless --processes says otherwise.
import { parseArgs } from 'node:util';
import { ensureBuilt } from './abuse/launch';
import { runAbuse, table } from './abuse/run';

async function main() {
  const { values } = parseArgs({
    options: {
      short: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      build: { type: 'boolean', default: false },
      database: { type: 'string', default: 'sqlite' },
      processes: { type: 'string' },
    },
  });
  const isDatabase = (d: string): d is 'sqlite' | 'postgres' => d === 'sqlite' || d === 'postgres';
  const databases = values.database === 'both' ? ['sqlite', 'postgres'] : [values.database];
  if (!databases.every(isDatabase))
    throw new Error(`--database takes sqlite, postgres or both, not ${values.database}`);
  const processes = values.processes === undefined ? undefined : Number(values.processes);
  if (processes !== undefined && !(Number.isInteger(processes) && processes >= 1 && processes <= 8))
    throw new Error(`--processes takes a whole number from 1 to 8, not ${values.processes}`);
  const log = (line: string) => console.log(line);
  await ensureBuilt({ full: values.build, log });
  const only = values.only
    ?.flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  let allHeld = true;
  for (const database of databases) {
    const server = { database, processes: processes ?? (database === 'postgres' ? 2 : 1) };
    const report = await runAbuse({ short: values.short, only, log, server });
    console.log(`\n${table(report)}\n`);
    allHeld &&= report.results.every((r) => r.held);
  }
  process.exitCode = allHeld ? 0 : 1;
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
