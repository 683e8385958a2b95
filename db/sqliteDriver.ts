// The better-sqlite3 build that is safe on the Node running us. Version 13 (Node-API) is the one
// to use, and the only one safe on Node 24: 12's statements abort the process there when they are
// collected (an assertion in Node's ObjectWrap). But 13 crashes on Node 20, which some machines
// still run (end of life, April 2026), so there the optional 12 build is loaded instead.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The package name of the build for this Node: `better-sqlite3` (13) from Node 22 on. */
export const sqliteDriverPackage = nodeMajor >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';

function load(): typeof BetterSqlite3 {
  try {
    return createRequire(import.meta.url)(sqliteDriverPackage) as typeof BetterSqlite3;
  } catch (err) {
    throw new Error(
      `${sqliteDriverPackage} could not be loaded on Node ${process.versions.node}: run npm ci ` +
        'again, or use Node 22 or 24.',
      { cause: err },
    );
  }
}

/** better-sqlite3's Database class; its types come from `import type ... from 'better-sqlite3'`. */
const SQLite = load();
export default SQLite;
