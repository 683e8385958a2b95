// How the abuse run starts the server: the built bundle under plain node, with the node flags and
// environment settings of package.json's own serve/start script, so the attacks meet the server a
// school runs, not a test build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BUNDLE = 'dist/server/index.js';

export interface Launch {
  /** The script the flags were read from, e.g. "serve". */
  script: string;
  nodeFlags: string[];
  env: Record<string, string>;
}

const LAUNCH_LINE =
  /(?:\bcross-env((?:\s+\w+=\S+)*)\s+)?\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\/server\/index\.js\b/;

/** The first of package.json's serve/start scripts that runs `node [flags] dist/server/index.js`. */
export function productionLaunch(root = ROOT): Launch {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  for (const script of ['serve', 'start']) {
    const match = LAUNCH_LINE.exec(pkg.scripts[script] ?? '');
    if (!match) continue;
    const words = (text: string | undefined) => (text ?? '').trim().split(/\s+/).filter(Boolean);
    const env = Object.fromEntries(
      words(match[1]).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
    );
    return { script, nodeFlags: words(match[2]), env };
  }
  throw new Error('No package.json script (serve, start) runs `node [flags] dist/server/index.js`');
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (/\.(ts|mjs|js|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
      newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when the server bundle is missing or older than a source file it is built from. */
export function bundleIsStale(root = ROOT): boolean {
  const bundle = path.join(root, BUNDLE);
  if (!fs.existsSync(bundle)) return true;
  const built = fs.statSync(bundle).mtimeMs;
  return ['server', 'shared', 'db'].some((dir) => newestMtime(path.join(root, dir)) > built);
}

function npmRun(script: string, root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script], { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run ${script} exited ${code}`)),
    );
  });
}

/**
 * Builds only what is needed: nothing when the bundle is current, the server bundle when it is
 * stale, everything (client too) when asked with `full`.
 */
export async function ensureBuilt(opts: { full: boolean; log: (line: string) => void }, root = ROOT) {
  if (opts.full) {
    opts.log('Building (npm run build)...');
    await npmRun('build', root);
  } else if (bundleIsStale(root)) {
    opts.log('The server bundle is missing or stale: npm run build:server');
    await npmRun('build:server', root);
  }
}
