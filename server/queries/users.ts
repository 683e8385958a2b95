// SQL about users. Functions take the database first (Kysely's example style).
import type { DB } from '../../db/client';
import type { NewUser, User, UserUpdate } from '../../db/schema';

export function findUserByEmail(db: DB, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: DB, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What findSessionUser reads: its cached answers last until one of these is written. */
export const SESSION_USER_TABLES = ['users', 'refresh_tokens'] as const;

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

export async function updateUser(db: DB, id: number, patch: UserUpdate): Promise<User> {
  return db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteUser(db: DB, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function countAdmins(db: DB): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('is_staff', '=', 1), eb('is_superuser', '=', 1)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The public shape of a user (SPEC 3): never the password hash or internal timestamps. */
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
