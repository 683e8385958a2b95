// Migration 0018 turns the free-text schools into records: taken down and up again with users in
// it, the texts that spell a listed school are linked to it and keep their text, the others stay
// unlinked for an admin to merge, and every staff account before it is a platform admin.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { down, up } from './migrations/0018_add_schools';
import * as m0019 from './migrations/0019_add_invitations';
import * as m0020 from './migrations/0020_add_class_mocks';
import * as m0021 from './migrations/0021_add_question_drafts';
import { useMigratedDb } from '../server/test/migrationSteps';
import { SCHOOLS } from '../shared/domain/schools';

const { db, step } = useMigratedDb();
/** The migrations after 0018, whose tables point at schools: taken down first, up again last. */
const LATER = [m0021, m0020, m0019];

async function addUser(email: string, school: string | null, extra: Record<string, unknown> = {}) {
  // After `down` the app's types name columns the table no longer has: plain values only.
  await sql`insert into users (full_name, email, password_hash, created_at, bio, school, region_of_institution, is_staff, is_superuser)
    values (${email}, ${email}, 'x', ${new Date().toISOString()}, '', ${school}, ${extra.region ?? null}, ${extra.staff ?? 0}, ${extra.staff ?? 0})`.execute(
    db(),
  );
}

describe('migration 0018', () => {
  it('links typed schools that spell a listed one, keeps the rest for merging, and keeps admins whole', async () => {
    for (const m of LATER) await step(m.down);
    await step(down);
    await addUser('a@example.com', 'Kumasi Nurses and Midwifery Training College', { region: 'Ashanti' });
    await addUser('b@example.com', '  kumasi nurses & midwifery training college ', { region: 'Ashanti' });
    await addUser('c@example.com', 'KUMASI NURSES AND MIDWIFERY TRAINING COLLEGE.', { region: 'Eastern' });
    await addUser('d@example.com', 'Kumasi Nursing School');
    await addUser('e@example.com', null);
    await addUser('admin@example.com', null, { staff: 1 });
    await step(up);
    for (const m of [...LATER].reverse()) await step(m.up);

    const kumasi = await db()
      .selectFrom('schools')
      .selectAll()
      .where('name', '=', 'Kumasi Nurses and Midwifery Training College')
      .executeTakeFirstOrThrow();
    expect(kumasi.region).toBe('Ashanti');
    expect(await db().selectFrom('schools').select('id').execute()).toHaveLength(SCHOOLS.length);

    const users = await db()
      .selectFrom('users')
      .select(['email', 'school', 'school_id', 'staff_role'])
      .orderBy('email')
      .execute();
    expect(users.map((u) => [u.email, u.school_id])).toEqual([
      ['a@example.com', kumasi.id],
      ['admin@example.com', null],
      ['b@example.com', kumasi.id],
      ['c@example.com', kumasi.id],
      ['d@example.com', null],
      ['e@example.com', null],
    ]);
    expect(users.find((u) => u.email === 'd@example.com')?.school).toBe('Kumasi Nursing School');
    expect(users.every((u) => u.staff_role === null)).toBe(true);
  });

  it('refuses a staff role other than school admin or tutor', async () => {
    await expect(
      sql`insert into users (full_name, email, password_hash, created_at, bio, staff_role)
        values ('x', 'x@example.com', 'x', ${new Date().toISOString()}, '', 'owner')`.execute(db()),
    ).rejects.toThrow();
  });
});
