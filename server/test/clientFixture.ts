// A stand-in for the built client (dist/client) for the HTTP tests of how its files are served:
// an index.html naming one hashed script, with the brotli and gzip copies the build writes beside
// each script. Those tests then need no client build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const FIXTURE_SCRIPT = '/assets/index-Fx7a9Q2c.js';

/** Writes the stand-in into a new temporary folder; returns the folder and its removal. */
export function makeClientFixture(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><script type="module" crossorigin src="${FIXTURE_SCRIPT}"></script></head><body><div id="root"></div></body></html>`,
  );
  // Larger than the 1 KB under which answers go uncompressed.
  const script = Array.from({ length: 200 }, (_, i) => `export const line${i} = ${i};`).join('\n');
  const file = path.join(dir, FIXTURE_SCRIPT);
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
