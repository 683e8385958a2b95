// Creating the first admin, and creating or promoting one from the command line.
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import { ADMINS_LOCK, countAdmins, findUserByEmail, insertUser } from '../queries/users';
import { hashPassword, passwordProblem, type PasswordCost } from './passwords';
import { randomToken } from './secrets';
import { changeAndSignOut } from './userAccess';

/** On a database with no admin, creates one and returns its one-time password (else null). */
// Two processes starting at once on a new database must not both create one (the second would
// reset the first's printed password): the count and the insert share one serialized transaction.
export async function ensureFirstAdmin(db: DB, email: string): Promise<string | null> {
  if ((await countAdmins(db)) > 0) return null;
  const password = randomToken(15);
  const passwordHash = await hashPassword(password);
  const created = await serialized(db, [ADMINS_LOCK], async (trx) => {
    if ((await countAdmins(trx)) > 0) return false;
    await saveAdmin(trx, email, passwordHash);
    return true;
  });
  return created ? password : null;
}

export async function createOrPromoteAdmin(
  db: DB,
  email: string,
  password: string,
  cost?: PasswordCost,
): Promise<'created' | 'promoted'> {
  const problem = passwordProblem(password, { email });
  if (problem) throw new Error(problem);
  return saveAdmin(db, email, await hashPassword(password, cost));
}

async function saveAdmin(db: DB, email: string, passwordHash: string): Promise<'created' | 'promoted'> {
  const now = new Date().toISOString();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    // A new password and maybe a new role: every device signed in before must sign in again.
    await changeAndSignOut(db, existing.id, {
      is_staff: 1,
      is_superuser: 1,
      // Promoted from the command line: an admin of every school.
      staff_role: null,
      is_active: 1,
      password_hash: passwordHash,
      email_verified_at: existing.email_verified_at ?? now,
    });
    return 'promoted';
  }
  await insertUser(db, {
    full_name: 'Administrator',
    email: email.toLowerCase(),
    password_hash: passwordHash,
    date_of_birth: null,
    gender: null,
    region_of_institution: null,
    program_of_study: null,
    school: null,
    bio: '',
    avatar: null,
    is_staff: 1,
    is_superuser: 1,
    email_verified_at: now,
    last_login: null,
    created_at: now,
  });
  return 'created';
}
