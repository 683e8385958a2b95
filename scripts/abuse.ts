// npm run abuse [-- --short] [-- --only NAME[,NAME]] [-- --build]: replays the attacks of issue 16
// against the built server (started as package.json's serve/start script starts it) and prints
// what held, with figures. Exits 1 when any attack did not hold. The server bundle is rebuilt
// only when it is missing or older than the sources; --build builds everything first.
import { parseArgs } from 'node:util';
import { ensureBuilt } from './abuse/launch';
import { runAbuse, table } from './abuse/run';

async function main() {
  const { values } = parseArgs({
    options: {
      short: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      build: { type: 'boolean', default: false },
    },
  });
  const log = (line: string) => console.log(line);
  await ensureBuilt({ full: values.build, log });
  const only = values.only
    ?.flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  const report = await runAbuse({ short: values.short, only, log });
  console.log(`\n${table(report)}`);
  process.exitCode = report.results.every((r) => r.held) ? 0 : 1;
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
