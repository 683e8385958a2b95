// The token-signing secret: from JWT_SECRET, or generated once and kept in DATA_DIR so that a
// restart does not sign everyone out.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function loadJwtSecret(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
