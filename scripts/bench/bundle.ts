// Compiles the bench server (and the whole app it imports) into one plain JavaScript file, to run
// it with bare `node` instead of under tsx: the comparison shows what the TypeScript loader costs
// in memory. Each file's import.meta.dirname / import.meta.url is pinned to its source location,
// so the app's relative paths (the built client, the parser worker) still resolve. The server
// without a mechanism (--compare) is bundled from the same source with a module substituted
// (scripts/bench/mechanisms.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { Substitute } from './mechanisms';

const keepSourceLocation = (root: string, substitutes: Substitute[]): Plugin => ({
  name: 'keep-source-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const substitute = substitutes.find((s) => path.resolve(root, s.file) === args.path);
      const file = substitute ? path.resolve(root, substitute.with) : args.path;
      const text = await fs.promises.readFile(file, 'utf8');
      return {
        loader: 'ts',
        resolveDir: path.dirname(file),
        contents: text
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)),
      };
    });
  },
});

/** Returns the path of the compiled server; packages stay external and load from node_modules. */
export async function bundleServer(
  entry: string,
  root: string,
  substitutes: Substitute[] = [],
): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-bench-build-'));
  const outfile = path.join(dir, 'server.mjs');
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    plugins: [keepSourceLocation(root, substitutes)],
    logLevel: 'warning',
  });
  // Bare imports of the bundle resolve from its folder upwards: point it at the app's packages.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return outfile;
}
