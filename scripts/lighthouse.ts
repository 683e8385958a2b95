// Lighthouse mobile (simulated slow 4G, 4x CPU) on the landing and sign-in pages of the production
// build, served by the real server on a throwaway database (performance at least
// 0.95, LCP under 2 s). Run `npm run build` first, then `npm run lighthouse`. Lighthouse itself is
// fetched by npx (pinned), not a dependency: it is a measuring tool, not part of the app or its tests.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const PAGES = ['/', '/login'];
const TARGET = { score: 0.95, lcpMs: 2000 };
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run';

interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string) {
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

function measure(url: string, outFile: string): Report {
  execFileSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${outFile}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--quiet',
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    },
  );
  return JSON.parse(fs.readFileSync(outFile, 'utf8')) as Report;
}

async function main() {
  if (!fs.existsSync('dist/server/index.js') || !fs.existsSync('dist/client/prerendered')) {
    throw new Error('Build first: npm run build');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-lighthouse-'));
  const port = await freePort();
  const server = spawn('node', ['dist/server/index.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  let failed = false;
  try {
    await waitForHealth(url);
    for (const page of PAGES) {
      const report = measure(`${url}${page}`, path.join(dataDir, 'report.json'));
      const ms = (id: string) => Math.round(report.audits[id].numericValue);
      const score = report.categories.performance.score;
      const lcp = ms('largest-contentful-paint');
      console.info(
        `${page.padEnd(7)} performance ${score.toFixed(2)}  FCP ${ms('first-contentful-paint')} ms  ` +
          `LCP ${lcp} ms  TBT ${ms('total-blocking-time')} ms  SI ${ms('speed-index')} ms  ` +
          `CLS ${report.audits['cumulative-layout-shift'].numericValue.toFixed(3)}`,
      );
      if (score < TARGET.score || lcp >= TARGET.lcpMs) failed = true;
    }
  } finally {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) {
    console.error(`Below the target: performance >= ${TARGET.score} and LCP < ${TARGET.lcpMs} ms`);
    process.exitCode = 1;
  }
}

await main();
