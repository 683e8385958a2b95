// SQL about users. Functions take the database first (Kysely's example style).
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { Database, NewUser, User, UserUpdate } from '../../db/schema';

/** Refused: the change would leave the app without an active admin. */
export class LastAdminError extends Error {
  constructor() {
    super('This is the only admin: make another user an admin first.');
  }
}

/**
 * True for the row of the only active platform admin (a staff account without a school role).
 * Checked inside the statement that deletes or demotes, which runs under the 'admins' lock, so
 * two admins removing each other at once cannot both pass.
 */
function isLastAdmin(eb: ExpressionBuilder<Database, 'users'>) {
  const isAdmin = eb.or([eb('users.is_staff', '=', 1), eb('users.is_superuser', '=', 1)]);
  return eb.and([
    isAdmin,
    eb('users.staff_role', 'is', null),
    eb('users.is_active', '=', 1),
    eb.not(
      eb.exists(
        eb
          .selectFrom('users as other')
          .select('other.id')
          .whereRef('other.id', '!=', 'users.id')
          .where('other.is_active', '=', 1)
          .where('other.staff_role', 'is', null)
          .where((o) => o.or([o('other.is_staff', '=', 1), o('other.is_superuser', '=', 1)])),
      ),
    ),
  ]);
}

export const ADMINS_LOCK = 'admins';

export function findUserByEmail(db: DB, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: DB, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What findSessionUser reads: its cached answers last until one of these is written. */
export const SESSION_USER_TABLES = ['users', 'refresh_tokens'] as const;

/**
 * What every token refresh writes and no cached read depends on (a sign-in is found by its family,
 * not by its rotation), so a refresh leaves the other students' cached sign-ins (db/writeMarks.ts).
 */
export const UNREAD_COLUMNS = { refresh_tokens: ['rotated_at'] };

/** The active user behind an access token, provided its sign-in has not been revoked. */
export async function findSessionUser(db: DB, userId: number, familyId: string): Promise<User | null> {
  const user = await db
    .selectFrom('users')
    .selectAll('users')
    .where('users.id', '=', userId)
    .where('users.is_active', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_tokens')
          .select('refresh_tokens.id')
          .whereRef('refresh_tokens.user_id', '=', 'users.id')
          .where('refresh_tokens.family_id', '=', familyId)
          .where('refresh_tokens.revoked_at', 'is', null),
      ),
    )
    .executeTakeFirst();
  return user ?? null;
}

export async function insertUser(db: DB, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Updates a user; a patch that could take away admin rights is refused for the last admin. */
export async function updateUser(db: DB, id: number, patch: UserUpdate): Promise<User> {
  const demotes =
    patch.is_staff === 0 ||
    patch.is_superuser === 0 ||
    patch.is_active === 0 ||
    (patch.staff_role !== undefined && patch.staff_role !== null);
  const user = demotes
    ? await serialized(db, [ADMINS_LOCK], (trx) =>
        trx
          .updateTable('users')
          .set(patch)
          .where('id', '=', id)
          .where((eb) => eb.not(isLastAdmin(eb)))
          .returningAll()
          .executeTakeFirst(),
      )
    : await db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  if (user) return user;
  if (demotes && (await findUserById(db, id))) throw new LastAdminError();
  throw new Error(`No user ${id}`);
}

/** Deletes a user unless they are the last active admin; false when refused (or not found). */
export async function deleteUserUnlessLastAdmin(db: DB, id: number): Promise<boolean> {
  const res = await serialized(db, [ADMINS_LOCK], (trx) =>
    trx
      .deleteFrom('users')
      .where('id', '=', id)
      .where((eb) => eb.not(isLastAdmin(eb)))
      .executeTakeFirst(),
  );
  return Number(res.numDeletedRows) === 1;
}

/** Platform admins: school staff do not count, since they cannot run the install. */
export async function countAdmins(db: DB): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('is_staff', '=', 1), eb('is_superuser', '=', 1)]))
    .where('staff_role', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The public shape of a user: never the password hash or internal timestamps. */
export function toProfile(user: User) {
  return {
    id: user.id,
    full_name: user.full_name,
    email: user.email,
    date_of_birth: user.date_of_birth,
    gender: user.gender,
    region_of_institution: user.region_of_institution,
    program_of_study: user.program_of_study,
    school: user.school,
    bio: user.bio,
    avatar: user.avatar,
    is_active: user.is_active === 1,
    is_staff: user.is_staff === 1,
    is_superuser: user.is_superuser === 1,
    email_verified: user.email_verified_at !== null,
    date_joined: user.created_at,
  };
}
export type Profile = ReturnType<typeof toProfile>;
