// A fresh, migrated data directory with its own JWT secret, for one bench or load run; its
// database is the SQLite file in it, or, given a PostgreSQL cluster's URL, a new database there.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DB } from '../../db/client';
import { openDatabase } from '../../server/deps';
import { loadEnv, type Env } from '../../server/env';
import { TokenSigner } from '../../server/services/tokens';
import { onCluster } from '../postgres/cluster';

export interface DataDir {
  dir: string;
  env: Env;
  jwtSecret: string;
  db: DB;
  signer: TokenSigner;
  remove(): Promise<void>;
}


export async function freshDataDir(prefix: string, opts: { postgresUrl?: string } = {}): Promise<DataDir> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const jwtSecret = crypto.randomBytes(32).toString('base64url');
  let databaseUrl: string | undefined;
  const database = `${prefix.replace(/\W/g, '_')}_${crypto.randomBytes(4).toString('hex')}`;
  if (opts.postgresUrl) {
    await onCluster(opts.postgresUrl, `create database ${database}`);
    const url = new URL(opts.postgresUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  const env = loadEnv({
    DATA_DIR: dir,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
    DATABASE_URL: databaseUrl,
  });
  const db = await openDatabase(env);
  return {
    dir,
    env,
    jwtSecret,
    db,
    signer: new TokenSigner(new TextEncoder().encode(jwtSecret)),
    async remove() {
      await db.destroy().catch(() => undefined);
      if (opts.postgresUrl)
        await onCluster(opts.postgresUrl, `drop database if exists ${database} with (force)`).catch(
          () => undefined,
        );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
