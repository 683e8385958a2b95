// A fresh, migrated data directory with its own JWT secret, for one bench or load run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DB } from '../../db/client';
import { openDatabase } from '../../server/deps';
import { loadEnv, type Env } from '../../server/env';
import { TokenSigner } from '../../server/services/tokens';

export interface DataDir {
  dir: string;
  env: Env;
  jwtSecret: string;
  db: DB;
  signer: TokenSigner;
  remove(): Promise<void>;
}

export async function freshDataDir(prefix: string): Promise<DataDir> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const jwtSecret = crypto.randomBytes(32).toString('base64url');
  const env = loadEnv({ DATA_DIR: dir, JWT_SECRET: jwtSecret, LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false' });
  const db = await openDatabase(env);
  return {
    dir,
    env,
    jwtSecret,
    db,
    signer: new TokenSigner(new TextEncoder().encode(jwtSecret)),
    async remove() {
      await db.destroy().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
