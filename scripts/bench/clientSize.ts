// Gzipped sizes (zlib's default level, as the compression middleware sends them) of the built
// client: every chunk under dist/client/assets, and the JavaScript a first visit to the landing
// and login pages downloads (the entry script, what it imports statically, and, when Vite's
// manifest names them, the lazy chunks of those two routes).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface ClientSizes {
  chunks: ChunkSize[];
  /** Files counted as the landing/login first load, and their gzipped total. */
  firstLoad: { files: string[]; gzipBytes: number; method: 'manifest' | 'index.html' };
}

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length;

/** Static `import ... from "./x.js"` / `import "./x.js"` of a built chunk (not `import("...")`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
}

function closureFromHtml(dir: string): string[] {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const roots = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/assets\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(fs.readFileSync(path.join(dir, 'assets', file), 'utf8')));
  }
  return [...seen];
}

function closureFromManifest(manifest: Record<string, ManifestEntry>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(entry.file)) return;
    seen.add(entry.file);
    for (const imp of entry.imports ?? []) visit(imp);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key);
  // Lazy route modules of the first pages a visitor sees, if those routes are split out.
  for (const [key, entry] of Object.entries(manifest)) {
    if (
      !entry.isEntry &&
      /(landing|login|home|signin)/i.test(entry.src ?? key) &&
      entry.file.endsWith('.js')
    ) {
      visit(key);
    }
  }
  return [...seen].filter((f) => f.endsWith('.js')).map((f) => path.basename(f));
}

export function measureClient(dir: string): ClientSizes {
  const assets = path.join(dir, 'assets');
  const chunks = fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const full = path.join(assets, f);
      return { file: f, bytes: fs.statSync(full).size, gzipBytes: gz(full) };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  const method = fs.existsSync(manifestFile) ? 'manifest' : 'index.html';
  const files =
    method === 'manifest'
      ? closureFromManifest(
          JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>,
        )
      : closureFromHtml(dir);
  const gzipBytes = files.reduce((sum, f) => sum + (chunks.find((c) => c.file === f)?.gzipBytes ?? 0), 0);
  return { chunks, firstLoad: { files, gzipBytes, method } };
}
