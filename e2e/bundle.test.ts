// The download budget for phones on prepaid data: what
// index.html loads plus the landing or login route's chunks stays within 110 KB of JavaScript as
// the server sends it, brotli or gzip (the copies the build made), with no tRPC client, no React
// Query, and no admin code travelling with the student's pages. Reads the build globalSetup made
// (Vite's manifest) and asks a real server for each file.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/test/harness';

const DIST = path.resolve('dist/client');
const BUDGET_BYTES = 110 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;

/** A chunk and everything it imports statically: what the browser fetches to run it. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const ENCODINGS = [
  { name: 'br', suffix: 'br', acceptEncoding: 'gzip, deflate, br, zstd' },
  { name: 'gzip', suffix: 'gz', acceptEncoding: 'gzip, deflate' },
] as const;
type Encoding = (typeof ENCODINGS)[number];

const scriptsOf = (keys: Set<string>) =>
  [...keys].map((k) => manifest[k].file).filter((file) => file.endsWith('.js'));

/** The bytes of the build's compressed copies of these chunks' scripts. */
function shippedBytes(keys: Set<string>, encoding: Encoding): number {
  let total = 0;
  for (const file of scriptsOf(keys))
    total += fs.statSync(path.join(DIST, `${file}.${encoding.suffix}`)).size;
  return total;
}

/** The body bytes a browser asking with this Accept-Encoding receives for one file, and its encoding. */
function overTheWire(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] }));
      })
      .on('error', reject);
  });
}

function keyOf(src: string): string {
  const key = Object.keys(manifest).find((k) => manifest[k].src === src);
  if (!key) throw new Error(`${src} is not a chunk of the build`);
  return key;
}

const ENTRY = keyOf('index.html');
const isAdmin = (key: string) => (manifest[key].src ?? '').startsWith('src/features/admin/');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ smtp: false });
});
afterAll(async () => {
  await t?.close();
});

describe('client download budget', () => {
  it('index.html loads only the entry chunk and its static imports, not the route pages', () => {
    const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const expected = [...closure(ENTRY)].map((k) => manifest[k].file);
    expect(scripts.sort()).toEqual(expected.sort());
  });

  for (const page of ['src/features/auth/LandingPage.tsx', 'src/features/auth/LoginPage.tsx']) {
    for (const encoding of ENCODINGS) {
      it(`${path.basename(page, '.tsx')} loads at most 110 KB of JavaScript as ${encoding.name}`, async () => {
        const keys = closure(keyOf(page), closure(ENTRY));
        const shipped = shippedBytes(keys, encoding);
        let sent = 0;
        for (const file of scriptsOf(keys)) {
          const answer = await overTheWire(`${t.url}/${file}`, encoding.acceptEncoding);
          expect(answer.encoding, file).toBe(encoding.name);
          sent += answer.bytes;
        }
        const name = path.basename(page, '.tsx');
        console.info(`${name}: ${(sent / 1024).toFixed(1)} KB of JS as ${encoding.name}`);
        // What the browser receives is the build's copy, not a compression made per answer.
        expect(sent).toBe(shipped);
        expect(sent).toBeGreaterThan(50 * 1024);
        expect(sent).toBeLessThanOrEqual(BUDGET_BYTES);
      });
    }
  }

  it('keeps the signed-in app (tRPC, React Query) out of the signed-out entry', () => {
    const fullApp = keyOf('src/app/FullApp.tsx');
    expect(manifest[ENTRY].dynamicImports).toContain(fullApp);
    expect(closure(ENTRY).has(fullApp)).toBe(false);
    const entryCode = [...closure(ENTRY)].map((k) =>
      fs.readFileSync(path.join(DIST, manifest[k].file), 'utf8'),
    );
    expect(entryCode.join('\n')).not.toMatch(/No QueryClient set|trpc-accept/);
  });

  it('keeps the admin area out of the entry and every student chunk', () => {
    const fullApp = keyOf('src/app/FullApp.tsx');
    const studentRoots = [ENTRY, fullApp, keyOf('src/app/StudentArea.tsx')];
    const studentArea = manifest[keyOf('src/app/StudentArea.tsx')];
    studentRoots.push(...(studentArea.dynamicImports ?? []));
    const reachable = new Set<string>();
    for (const root of studentRoots) closure(root, reachable);
    expect(studentArea.dynamicImports?.length).toBeGreaterThanOrEqual(10);
    expect([...reachable].filter(isAdmin)).toEqual([]);
    const admin = keyOf('src/features/admin/AdminApp.tsx');
    expect(manifest[fullApp].dynamicImports).toContain(admin);
    expect(reachable.has(admin)).toBe(false);
  });

  it('gives the quiz screen a chunk of its own', () => {
    const quiz = keyOf('src/features/quiz/QuizPage.tsx');
    expect(closure(ENTRY).has(quiz)).toBe(false);
    expect(closure(keyOf('src/app/StudentArea.tsx')).has(quiz)).toBe(false);
  });
});
