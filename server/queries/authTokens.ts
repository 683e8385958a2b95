// One-time tokens (e-mail verification, password reset) and refresh-token families. Only
// SHA-256 hashes of tokens are stored.
import crypto from 'node:crypto';
import type { DB } from '../../db/client';

/** What the tables keep of a token: its SHA-256, so a copy of the database signs nobody in. */
export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

type OneTimeTable = 'email_verifications' | 'password_resets';

export async function storeOneTimeToken(
  db: DB,
  table: OneTimeTable,
  userId: number,
  token: string,
  ttlMs: number,
) {
  const now = Date.now();
  await db
    .insertInto(table)
    .values({
      user_id: userId,
      token_hash: tokenHash(token),
      expires_at: new Date(now + ttlMs).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
}

/** Marks a valid, unused token used and returns its user id; null if unknown, used or expired. */
export async function consumeOneTimeToken(db: DB, table: OneTimeTable, token: string, userId?: number) {
  const now = new Date().toISOString();
  let query = db
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.returning('user_id').executeTakeFirst();
  return row?.user_id ?? null;
}

export async function findOneTimeToken(db: DB, table: OneTimeTable, token: string) {
  return db.selectFrom(table).selectAll().where('token_hash', '=', tokenHash(token)).executeTakeFirst();
}

/** Kills every outstanding token of a user (after a sign-in or a password change). */
export async function expireOneTimeTokens(db: DB, table: OneTimeTable, userId: number) {
  await db
    .updateTable(table)
    .set({ used_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function storeRefreshToken(
  db: DB,
  userId: number,
  familyId: string,
  token: string,
  expiresAt: Date,
) {
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: tokenHash(token),
      expires_at: expiresAt.toISOString(),
      rotated_at: null,
      revoked_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export function findRefreshToken(db: DB, token: string) {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
}

/** Marks a token rotated; false when it had already been rotated (a concurrent or replayed use). */
export async function markRotated(db: DB, id: number): Promise<boolean> {
  const res = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function revokeFamily(db: DB, familyId: string) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserFamilies(db: DB, userId: number, exceptFamilyId?: string) {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamilyId) query = query.where('family_id', '!=', exceptFamilyId);
  await query.execute();
}

/** A new sign-in address waiting for its link; any earlier request of the user dies. */
export async function storeEmailChange(
  db: DB,
  userId: number,
  newEmail: string,
  token: string,
  ttlMs: number,
) {
  const now = Date.now();
  await db
    .updateTable('email_changes')
    .set({ used_at: new Date(now).toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_changes')
    .values({
      user_id: userId,
      new_email: newEmail,
      token_hash: tokenHash(token),
      expires_at: new Date(now + ttlMs).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
}

/** Marks a valid, unused e-mail change link used and returns what it changes; null if it is not. */
export async function consumeEmailChange(db: DB, token: string) {
  const now = new Date().toISOString();
  const row = await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  return row ?? null;
}
