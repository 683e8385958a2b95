// Compiles the bench server (and the whole app it imports) into one plain JavaScript file, to run
// it with bare `node` instead of under tsx: the comparison shows what the TypeScript loader costs
// in memory. Each file's import.meta.dirname / import.meta.url is pinned to its source location,
// so the app's relative paths (the built client, the parser worker) still resolve.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const keepSourceLocation: Plugin = {
  name: 'keep-source-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      return {
        loader: 'ts',
        contents: text
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      };
    });
  },
};

/** Returns the path of the compiled server; packages stay external and load from node_modules. */
export async function bundleServer(entry: string, root: string): Promise<string> {
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
    plugins: [keepSourceLocation],
    logLevel: 'warning',
  });
  // Bare imports of the bundle resolve from its folder upwards: point it at the app's packages.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return outfile;
}
