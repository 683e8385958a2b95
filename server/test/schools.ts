// Schools and school staff for tests: rows inserted directly, staff signed in over HTTP.
import type { DB } from '../../db/client';
import type { StaffRole } from '../../db/schema';
import { hashPassword } from '../services/passwords';
import { rpc } from './fixtures';
import type { TestServer } from './harness';

export async function insertSchool(
  db: DB,
  name: string,
  extra: { region?: string; join_code?: string } = {},
) {
  return db
    .insertInto('schools')
    .values({
      name,
      region: extra.region ?? null,
      join_code: extra.join_code ?? null,
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const STAFF_PASSWORD = 'Ward-Round-Notes-2024';

/** A verified staff account of one school, signed in; returns its caller over /trpc. */
export async function signInSchoolStaff(
  t: TestServer,
  opts: { schoolId: number; role: StaffRole; email: string },
) {
  const now = new Date().toISOString();
  await t.db
    .insertInto('users')
    .values({
      full_name: `Staff ${opts.email}`,
      email: opts.email.toLowerCase(),
      password_hash: await hashPassword(STAFF_PASSWORD, t.deps.passwordCost),
      date_of_birth: null,
      gender: null,
      region_of_institution: null,
      program_of_study: null,
      school: null,
      school_id: opts.schoolId,
      staff_role: opts.role,
      is_staff: 1,
      bio: '',
      avatar: null,
      email_verified_at: now,
      last_login: null,
      created_at: now,
    })
    .execute();
  const login = await t.api<{ access: string }>('POST', '/api/auth/login/', {
    body: { email: opts.email, password: STAFF_PASSWORD },
  });
  if (login.status !== 200) throw new Error(`staff login failed: ${JSON.stringify(login.body)}`);
  return rpc(t, login.body.access);
}
