// Where PostgreSQL's programs are (initdb, pg_ctl, pg_dump, pg_restore): PG_BIN, or the newest
// Debian install that has the program. A machine with the client alone (postgresql-client) has
// pg_dump but no initdb, and other systems put pg_dump on PATH.
import fs from 'node:fs';
import path from 'node:path';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest version under `root` that has `tool`. */
function newestBin(tool: string, root: string): string | undefined {
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', tool)))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

/** The folder of the server's programs, for the throwaway test cluster (initdb, pg_ctl). */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const bin = newestBin('initdb', DEBIAN_ROOT);
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set PG_BIN)');
  return bin;
}

/**
 * The command that runs one client program: from PG_BIN, else the newest Debian install (a newer
 * pg_dump reads older servers, not the reverse), else the bare name, found on PATH.
 */
export function postgresProgram(tool: string, root = DEBIAN_ROOT): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, tool);
  const bin = newestBin(tool, root);
  return bin ? path.join(bin, tool) : tool;
}
