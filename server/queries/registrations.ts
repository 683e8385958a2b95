// Registrations of an address nobody has verified yet: each one kept apart, so a later one
// never overwrites an earlier one's password.
import type { DB } from '../../db/client';
import type { PendingRegistration } from '../../db/schema';

/** Enough for a student who registers a few times, few enough to check each on a link. */
export const PENDING_REGISTRATIONS_KEPT = 10;

export type RegistrationFields = Omit<PendingRegistration, 'id' | 'user_id' | 'created_at'>;

/** Adds a registration and drops any beyond the newest PENDING_REGISTRATIONS_KEPT of the user. */
export async function addPendingRegistration(db: DB, userId: number, fields: RegistrationFields) {
  await db
    .insertInto('pending_registrations')
    .values({ ...fields, user_id: userId, created_at: new Date().toISOString() })
    .execute();
  const kept = await listPendingRegistrations(db, userId);
  const dropped = kept.slice(PENDING_REGISTRATIONS_KEPT).map((r) => r.id);
  if (dropped.length) await db.deleteFrom('pending_registrations').where('id', 'in', dropped).execute();
}

/** Newest first. */
export function listPendingRegistrations(db: DB, userId: number): Promise<PendingRegistration[]> {
  return db
    .selectFrom('pending_registrations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

export function findPendingRegistration(db: DB, id: number): Promise<PendingRegistration | undefined> {
  return db.selectFrom('pending_registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deletePendingRegistrations(db: DB, userId: number) {
  await db.deleteFrom('pending_registrations').where('user_id', '=', userId).execute();
}
