// Schools become records, and staff accounts may belong to one school.
// - schools: name (unique), region, an optional join code students type at registration.
// - users.school_id: a student's school, or a school staff account's; users.staff_role: null for
//   a student and for a platform admin (every staff account before this migration, so a
//   single-school install keeps its admins as they were), 'school_admin' or 'tutor' for staff who
//   act only on their own school.
// - pending_registrations.school_id: what a verified registration will store.
// - school_id on programs, practice sets, mock sets and questions: null is national content, seen
//   by every school; a number is that school's own. Papers and topics belong to their programme.
// - Today's free-text schools: the register form's list (frozen below) becomes the first schools;
//   a user's text that matches one (ignoring case, spaces and punctuation) is linked to it, and
//   the text is kept, so values that match none stay listed for an admin to merge.
// Frozen: later changes get a new migration file.
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's types
type AnyDb = Kysely<any>;

const FIRST_SCHOOLS = [
  '37 Military Hospital Nursing and Midwifery Training College',
  'Aburi Nursing and Midwifery Training College',
  'Agogo Presbyterian Nursing and Midwifery Training College',
  'Akim Oda Nursing and Midwifery Training College',
  'Ankaful Nursing and Midwifery Training College',
  'Asankragwa Nursing and Midwifery Training College',
  'Bawku Presbyterian Nursing and Midwifery Training College',
  'Berekum Holy Family Nursing and Midwifery Training College',
  'Bolgatanga Nursing and Midwifery Training College',
  'Cape Coast Nursing and Midwifery Training College',
  'Christian Service University College, Department of Nursing',
  'College of Health and Well-Being, Kintampo',
  'Community Health Nursing Training College, Fomena',
  'Community Health Nursing Training College, Tanoso',
  'Community Health Nursing Training College, Winneba',
  'Dambai Nursing and Midwifery Training College',
  'Damongo Nursing and Midwifery Training College',
  'Esiama Nursing and Midwifery Training College',
  'Garden City University College, School of Nursing',
  'Goaso Nursing and Midwifery Training College',
  'Ho Nursing and Midwifery Training College',
  'Hohoe Nursing and Midwifery Training College',
  'Jirapa St. Joseph Nursing and Midwifery Training College',
  'Kete-Krachi Nursing and Midwifery Training College',
  'Keta Nursing and Midwifery Training College',
  'KNUST Department of Nursing',
  'Koforidua Nursing and Midwifery Training College',
  'Korle-Bu Nursing and Midwifery Training College',
  'Kpembe Nursing and Midwifery Training College',
  'Kumasi Nurses and Midwifery Training College',
  'Lawra Nursing and Midwifery Training College',
  'Mampong Nursing and Midwifery Training College',
  'Nalerigu Baptist Nursing and Midwifery Training College',
  'Narh-Bita College, School of Nursing',
  'Navrongo Nursing and Midwifery Training College',
  'Nkawkaw Holy Family Nursing and Midwifery Training College',
  'Pantang Nursing and Midwifery Training College',
  'Premier Nurses Training College, Kumasi',
  'Presbyterian University, Agogo Campus, Nursing',
  'Public Health Nurses School, Korle-Bu',
  'SDA Nursing and Midwifery Training College, Asanta',
  'Sefwi Wiawso Nursing and Midwifery Training College',
  'Sekondi Nursing and Midwifery Training College',
  'Sunyani Nursing and Midwifery Training College',
  'Tamale Nursing and Midwifery Training College',
  'Tarkwa Nursing and Midwifery Training College',
  'Techiman Holy Family Nursing and Midwifery Training College',
  'Tepa Nursing and Midwifery Training College',
  'Tumu Nursing and Midwifery Training College',
  'Twifo Praso Nursing and Midwifery Training College',
  'University of Cape Coast, School of Nursing and Midwifery',
  'University of Ghana, School of Nursing and Midwifery',
  'University of Health and Allied Sciences, Ho',
  'Valley View University, School of Nursing',
  'Wa Nursing and Midwifery Training College',
  'Yendi Nursing and Midwifery Training College',
];

const CONTENT_TABLES = ['programs', 'practice_sets', 'mock_exam_sets', 'questions'] as const;

/** The key two spellings of one school share: letters and digits, lower case, "&" as "and". */
const keyOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('schools')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('region', 'text')
    .addColumn('join_code', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  for (const table of ['users', 'pending_registrations'] as const)
    await db.schema
      .alterTable(table)
      .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('set null'))
      .execute();
  await db.schema
    .alterTable('users')
    .addColumn('staff_role', 'text', (c) => c.check(sql`staff_role in ('school_admin','tutor')`))
    .execute();
  await db.schema.createIndex('users_school').on('users').columns(['school_id', 'is_staff']).execute();

  for (const table of CONTENT_TABLES)
    await db.schema
      .alterTable(table)
      .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
      .execute();

  await linkFreeTextSchools(db);
}

async function linkFreeTextSchools(db: AnyDb): Promise<void> {
  const createdAt = new Date().toISOString();
  await db
    .insertInto('schools')
    .values(FIRST_SCHOOLS.map((name) => ({ name, region: null, join_code: null, created_at: createdAt })))
    .execute();
  const schools: Array<{ id: number; name: string }> = await db
    .selectFrom('schools')
    .select(['id', 'name'])
    .execute();
  const idByKey = new Map(schools.map((s) => [keyOf(s.name), s.id]));

  for (const table of ['users', 'pending_registrations'] as const) {
    const texts: Array<{ school: string }> = await db
      .selectFrom(table)
      .select('school')
      .distinct()
      .where('school', 'is not', null)
      .execute();
    for (const { school } of texts) {
      const id = idByKey.get(keyOf(school));
      if (id !== undefined)
        await db.updateTable(table).set({ school_id: id }).where('school', '=', school).execute();
    }
  }

  // A school's region: the one its students gave most often.
  for (const { id } of schools) {
    const top = await db
      .selectFrom('users')
      .select(['region_of_institution as region', sql<number>`count(*)`.as('n')])
      .where('school_id', '=', id)
      .where('region_of_institution', 'is not', null)
      .groupBy('region_of_institution')
      .orderBy('n', 'desc')
      .orderBy('region_of_institution')
      .executeTakeFirst();
    if (top) await db.updateTable('schools').set({ region: top.region }).where('id', '=', id).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [...CONTENT_TABLES].reverse())
    await db.schema.alterTable(table).dropColumn('school_id').execute();
  await db.schema.dropIndex('users_school').execute();
  await db.schema.alterTable('users').dropColumn('staff_role').execute();
  for (const table of ['pending_registrations', 'users'] as const)
    await db.schema.alterTable(table).dropColumn('school_id').execute();
  await db.schema.dropTable('schools').execute();
}
