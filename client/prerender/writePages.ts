// Writes the pre-rendered signed-out pages next to the built shell: dist/client/prerendered/
// landing.html, login.html, register.html. Each is the shell (same CSS, scripts and head) with the
// page's HTML in #root, marked for main.tsx to hydrate, and module preloads for the page's own
// chunks so they download with the entry instead of after it, all at low priority. server/app.ts
// sends them.
import fs from 'node:fs';
import path from 'node:path';
import { PRERENDERED_DIR, PRERENDERED_PAGES } from '@shared/prerenderedPages';
import { renderPage } from './renderPages';

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
}

const PAGE_SOURCE: Record<string, string> = {
  '/': 'src/features/auth/LandingPage.tsx',
  '/login': 'src/features/auth/LoginPage.tsx',
  '/register': 'src/features/auth/RegisterPage.tsx',
};

function chunkFiles(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) chunkFiles(manifest, dep, seen);
  return seen;
}

export async function writePrerenderedPages(outDir: string): Promise<string[]> {
  const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const inShell = new Set([...shell.matchAll(/="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  fs.mkdirSync(path.join(outDir, PRERENDERED_DIR), { recursive: true });
  const written: string[] = [];
  for (const [address, fileName] of Object.entries(PRERENDERED_PAGES)) {
    const pageKey = Object.keys(manifest).find((k) => manifest[k].src === PAGE_SOURCE[address]);
    if (!pageKey) throw new Error(`No page chunk for ${address} in the build`);
    const preloads = [...chunkFiles(manifest, pageKey)]
      .map((k) => manifest[k].file)
      .filter((file) => file.endsWith('.js') && !inShell.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
      .join('');
    const body = await renderPage(address);
    const html = shell
      // The page is readable without its scripts: the stylesheet goes first on a slow line, the
      // scripts (hydration) after it.
      .replace('<script type="module" crossorigin', '<script type="module" crossorigin fetchpriority="low"')
      .replace('</head>', `${preloads}</head>`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="${address}">${body}</div>`);
    if (!html.includes(`data-prerendered="${address}"`)) throw new Error('index.html has no empty #root');
    const file = path.join(PRERENDERED_DIR, fileName);
    fs.writeFileSync(path.join(outDir, file), html);
    written.push(file);
  }
  return written;
}
