// Sign-in sessions: a family of rotating refresh tokens per device, short-lived access tokens.
// A refresh token used twice is a stolen one: the whole family is revoked.
import { TRPCError } from '@trpc/server';
import type { Context } from '../context';
import { findRefreshToken, markRotated, revokeFamily, storeRefreshToken } from '../queries/authTokens';
import { randomToken } from './secrets';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS, REMEMBER_TTL_SECONDS } from './tokens';

/** Two tabs may refresh with the same token at once; within this window that is not theft. */
const CONCURRENT_REFRESH_GRACE_MS = 10_000;

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  access: string;
  refresh: string;
}

function pair(access: string, refresh: string): TokenPair {
  return { access_token: access, refresh_token: refresh, access, refresh };
}

async function issue(ctx: Context, userId: number, familyId: string, expiresAt: Date): Promise<TokenPair> {
  const refreshTtl = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  const refresh = await ctx.signer.sign('refresh', userId, familyId, refreshTtl);
  await storeRefreshToken(ctx.db, userId, familyId, refresh, expiresAt);
  const access = await ctx.signer.sign('access', userId, familyId, ACCESS_TTL_SECONDS);
  return pair(access, refresh);
}

export function startSession(ctx: Context, userId: number, remember: boolean): Promise<TokenPair> {
  const ttl = remember ? REMEMBER_TTL_SECONDS : REFRESH_TTL_SECONDS;
  return issue(ctx, userId, randomToken(16), new Date(Date.now() + ttl * 1000));
}

const INVALID_REFRESH = 'Token is invalid or expired';

export async function rotateRefreshToken(ctx: Context, refresh: string): Promise<TokenPair> {
  const invalid = () => new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_REFRESH });
  const claims = await ctx.signer.verify(refresh, 'refresh');
  if (!claims) throw invalid();
  const row = await findRefreshToken(ctx.db, refresh);
  if (!row || row.revoked_at || row.user_id !== claims.userId) throw invalid();
  if (row.rotated_at) {
    const sinceRotation = Date.now() - new Date(row.rotated_at).getTime();
    if (sinceRotation > CONCURRENT_REFRESH_GRACE_MS) {
      await revokeFamily(ctx.db, row.family_id);
      throw invalid();
    }
  } else if (!(await markRotated(ctx.db, row.id))) {
    // Lost a race with a concurrent refresh of the same token: allowed, within the grace window.
  }
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'is_active'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (!user || user.is_active !== 1) throw invalid();
  return issue(ctx, row.user_id, row.family_id, new Date(row.expires_at));
}
