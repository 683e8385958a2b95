// SQL about joining a school: class-list invitations, what a class list is checked against, and
// join codes.
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import type { Invitation, InvitationState } from '../../db/schema';
import type { InvitationStateShown } from '../../shared/domain/classList';

/** The state a list shows: a pending invitation past its expiry is expired. */
export function shownState(
  inv: Pick<Invitation, 'state' | 'expires_at'>,
  now = new Date().toISOString(),
): InvitationStateShown {
  return inv.state === 'pending' && inv.expires_at <= now ? 'expired' : inv.state;
}

/** Accounts among `emails` (lower-cased), with the school each belongs to. */
export function accountsOf(db: DB, emails: string[]) {
  if (!emails.length) return Promise.resolve([]);
  return db.selectFrom('users').select(['email', 'school_id']).where('email', 'in', emails).execute();
}

/** Invitations of one school among `emails` that can still be accepted. */
export function liveInvitationsOf(db: DB, schoolId: number, emails: string[]) {
  if (!emails.length) return Promise.resolve([]);
  return db
    .selectFrom('invitations')
    .select('email')
    .where('school_id', '=', schoolId)
    .where('email', 'in', emails)
    .where('state', '=', 'pending')
    .where('expires_at', '>', new Date().toISOString())
    .execute();
}

/** Programme names a school's students may take: the national ones and the school's own. */
export function programmesOf(db: DB, schoolId: number) {
  return db
    .selectFrom('programs')
    .select('name')
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', schoolId)]))
    .orderBy('name')
    .execute();
}

export function insertInvitation(
  db: DB,
  row: Pick<
    Invitation,
    'school_id' | 'email' | 'full_name' | 'program_of_study' | 'token_hash' | 'expires_at' | 'invited_by'
  >,
) {
  return db
    .insertInto('invitations')
    .values({ ...row, state: 'pending', sent_at: null, created_at: new Date().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findInvitation(db: DB, id: number) {
  return db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInvitationByHash(db: DB, hash: string) {
  return db
    .selectFrom('invitations')
    .innerJoin('schools', 'schools.id', 'invitations.school_id')
    .selectAll('invitations')
    .select('schools.name as school_name')
    .where('invitations.token_hash', '=', hash)
    .executeTakeFirst();
}

export async function markSent(db: DB, id: number, patch: { token_hash?: string; expires_at?: string }) {
  await db
    .updateTable('invitations')
    .set({ ...patch, sent_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Moves an invitation from pending to `state`; false when it was no longer pending (or the link changed). */
export async function closeInvitation(
  db: DB,
  id: number,
  state: Exclude<InvitationState, 'pending'>,
  extra: { token_hash?: string; user_id?: number } = {},
): Promise<boolean> {
  const now = new Date().toISOString();
  let query = db
    .updateTable('invitations')
    .set(state === 'accepted' ? { state, accepted_at: now } : { state, withdrawn_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending');
  if (extra.token_hash)
    query = query.where('token_hash', '=', extra.token_hash).where('expires_at', '>', now);
  const res = await query.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setInvitationUser(db: DB, id: number, userId: number) {
  await db.updateTable('invitations').set({ user_id: userId }).where('id', '=', id).execute();
}

/** Invitations of one school (or every school), newest first, filtered by the state a list shows. */
export async function listInvitations(
  db: DB,
  filter: { schoolId: number | null; state?: InvitationStateShown },
) {
  const now = new Date().toISOString();
  let query = db
    .selectFrom('invitations')
    .innerJoin('schools', 'schools.id', 'invitations.school_id')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.school_id',
      'schools.name as school_name',
      'invitations.email',
      'invitations.full_name',
      'invitations.program_of_study',
      'invitations.state',
      'invitations.expires_at',
      'invitations.sent_at',
      'invitations.accepted_at',
      'invitations.withdrawn_at',
      'invitations.created_at',
      'inviter.full_name as invited_by',
    ]);
  if (filter.schoolId !== null) query = query.where('invitations.school_id', '=', filter.schoolId);
  if (filter.state === 'expired')
    query = query.where('invitations.state', '=', 'pending').where('invitations.expires_at', '<=', now);
  else if (filter.state === 'pending')
    query = query.where('invitations.state', '=', 'pending').where('invitations.expires_at', '>', now);
  else if (filter.state) query = query.where('invitations.state', '=', filter.state);
  const rows = await query.orderBy('invitations.id', 'desc').limit(5000).execute();
  return rows.map((r) => ({ ...r, state: shownState(r, now) }));
}

/** The school whose join code this is, in any case. */
export function schoolByJoinCode(db: DB, code: string) {
  return db
    .selectFrom('schools')
    .select(['id', 'name'])
    .where(sql<string>`lower(join_code)`, '=', code.trim().toLowerCase())
    .executeTakeFirst();
}
