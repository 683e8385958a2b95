// Where PostgreSQL's programs are (initdb, pg_ctl, pg_dump): PG_BIN, or the newest Debian install.
import fs from 'node:fs';
import path from 'node:path';

export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set PG_BIN)');
  return path.join(root, versions[0], 'bin');
}
