// The project folder, found from this module's location: under tsx/vitest that is server/, in the
// production bundle (npm run build) it is dist/server/. Every module's import.meta.dirname is the
// bundle's folder once bundled, so files outside the code (the built client, db/seed, the parser
// worker, package.json) are resolved from here rather than relative to each source file.
import fs from 'node:fs';
import path from 'node:path';

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
