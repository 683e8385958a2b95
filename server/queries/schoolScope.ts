// Whose accounts a staff member acts on: everyone (schoolId null, the platform admin) or one
// school's. The one place the condition is written; every admin query that reads students, their
// sessions or their answers narrows by it.
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/client';
import type { Database } from '../../db/schema';

/** A student: neither staff of a school nor an admin. */
export function isStudent(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.and([
    eb('users.staff_role', 'is', null),
    eb('users.is_staff', '=', 0),
    eb('users.is_superuser', '=', 0),
  ]);
}

/**
 * Ids of the users a school's staff act on: its students, and with `staff` also its tutors and
 * school admins (never a platform admin, whatever school its own profile names).
 */
export function schoolUserIds(db: DB, schoolId: number, opts: { staff?: boolean } = {}) {
  return db
    .selectFrom('users')
    .select('users.id')
    .where('users.school_id', '=', schoolId)
    .where((eb) =>
      opts.staff ? eb.or([isStudent(eb), eb('users.staff_role', 'is not', null)]) : isStudent(eb),
    );
}

/** True when the user is one a school's staff act on (see schoolUserIds); always for the platform. */
export async function userInScope(
  db: DB,
  userId: number,
  schoolId: number | null,
  opts: { staff?: boolean } = {},
): Promise<boolean> {
  if (schoolId === null) return true;
  const row = await schoolUserIds(db, schoolId, opts).where('users.id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
