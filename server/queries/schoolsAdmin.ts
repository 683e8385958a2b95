// SQL of schools management: schools with their numbers of students and staff, the free-text
// schools no school record matched, and linking one such spelling to a school.
import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../../db/client';
import type { SchoolTable } from '../../db/schema';
import { isStudent } from './schoolScope';

/** Every school by name, with how many students and staff accounts point at it. */
export async function listSchoolsWithCounts(db: DB) {
  const [schools, counts] = await Promise.all([
    db.selectFrom('schools').selectAll().orderBy('name').execute(),
    db
      .selectFrom('users')
      .select((eb) => [
        'users.school_id',
        eb.fn.sum<number | string>(eb.case().when(isStudent(eb)).then(1).else(0).end()).as('students'),
        eb.fn.count<number | string>('users.staff_role').as('staff'),
      ])
      .where('users.school_id', 'is not', null)
      .groupBy('users.school_id')
      .execute(),
  ]);
  const bySchool = new Map(counts.map((c) => [c.school_id, c]));
  return schools.map((s) => ({
    ...s,
    students: Number(bySchool.get(s.id)?.students ?? 0),
    staff: Number(bySchool.get(s.id)?.staff ?? 0),
  }));
}

/** The spellings of a school users typed that no school record matched, most used first. */
export async function unmatchedSchoolTexts(db: DB) {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['school as text', eb.fn.countAll<number | string>().as('users')])
    .where('school_id', 'is', null)
    .where('school', 'is not', null)
    .where(sql`trim(school)`, '!=', '')
    .groupBy('school')
    .orderBy('users', 'desc')
    .orderBy('school')
    .execute();
  return rows.map((r) => ({ text: r.text ?? '', users: Number(r.users) }));
}

/** Links the users (and pending registrations) who typed exactly `text` and have no school; keeps their text. */
export async function linkSchoolText(db: DB, text: string, schoolId: number): Promise<number> {
  const users = await db
    .updateTable('users')
    .set({ school_id: schoolId })
    .where('school', '=', text)
    .where('school_id', 'is', null)
    .executeTakeFirst();
  await db
    .updateTable('pending_registrations')
    .set({ school_id: schoolId })
    .where('school', '=', text)
    .where('school_id', 'is', null)
    .execute();
  return Number(users.numUpdatedRows);
}

export async function insertSchoolRow(db: DB, values: Insertable<SchoolTable>) {
  return db.insertInto('schools').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateSchoolRow(db: DB, id: number, patch: Updateable<SchoolTable>) {
  if (!Object.keys(patch).length)
    return db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirst();
  return db.updateTable('schools').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Another school's join code equal to `code` in any case (codes are stored in capitals, but rows written elsewhere may not be). */
export async function joinCodeTaken(db: DB, code: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('schools')
    .select('id')
    .where(sql`upper(join_code)`, '=', code.toUpperCase())
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}
