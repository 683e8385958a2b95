// Enrolment in Chromium against the built app: a school admin previews a class list (the rows to
// fix are listed), fixes it and invites the class; a student opens the mailed link on a 360 px
// phone, chooses a password and lands signed in as that school's student.
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { insertProgram } from '../server/test/fixtures';
import { linkIn } from '../server/test/harness';
import { insertSchool, signInSchoolStaff, STAFF_PASSWORD } from '../server/test/schools';
import { accessibilityProblems } from './accessibility';
import { screenshot } from './browser';
import { poll, session, shot, signIn, SUITE_OPTIONS, useAdminSession } from './adminSession';

useAdminSession();

const HEAD = 'head@tamale.example.com';
const csv = (rows: string[][]) => Buffer.from(Papa.unparse(rows), 'utf8');
const CLASS = [
  ['Full Name', 'Email', 'Programme'],
  ['Kofi Boateng', 'kofi.boateng@example.com', 'General Nursing'],
  ['Efua Asante', 'efua.asante@example.com', 'Midwifery'],
];

describe('enrolling a class', SUITE_OPTIONS, () => {
  it('a school admin invites a class list; a student accepts on a phone and is signed in', async () => {
    const { page, t, consoleErrors } = session;
    await insertProgram(t.db, 'General Nursing');
    await insertProgram(t.db, 'Midwifery');
    const school = await insertSchool(t.db, 'Tamale Test College');
    await signInSchoolStaff(t, { schoolId: school.id, role: 'school_admin', email: HEAD });
    await signIn(HEAD, STAFF_PASSWORD);
    await page.waitForURL(`${t.url}/admin`);
    await page.getByRole('tab', { name: 'Enrol students', exact: true }).click();
    await page.waitForURL(`${t.url}/admin/enrol`);
    await page.getByText('School: Tamale Test College').waitFor();

    // A file with a mistake: every row to fix is listed, and nothing is saved.
    const file = page.getByLabel('Class list file');
    await file.setInputFiles({
      name: 'class.csv',
      mimeType: 'text/csv',
      buffer: csv([...CLASS, ['Yaw Darko', 'yaw.darko', 'Astronomy']]),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    const fixes = page.getByRole('table', { name: 'Rows to fix' });
    await fixes.getByText('"yaw.darko" is not a valid e-mail address.').waitFor();
    await fixes.getByText('"Astronomy" is not a programme of this school', { exact: false }).waitFor();
    await page.getByText('1 row of the file needs fixing; nothing was saved.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: /^Invite/ }).count()).toBe(0);
    await shot('enrol-rows-to-fix');

    await file.setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: csv(CLASS) });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('The file is valid: 2 students would be invited', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Invite 2 students' }).click();
    await page.getByText('2 students invited to Tamale Test College', { exact: false }).waitFor();
    const invitations = page.getByRole('table', { name: 'Invitations' });
    await poll(() => invitations.getByRole('row').count()).toBe(3);
    await poll(() => invitations.getByText('Pending', { exact: true }).count()).toBe(2);
    await shot('enrol-invited');
    expect(consoleErrors).toEqual([]);

    // The student's phone: a fresh browser, 360 px wide.
    const mail = await t.waitForMail('efua.asante@example.com', /invites you/);
    const phone = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 360, height: 740 } });
    const student = await phone.newPage();
    student.setDefaultTimeout(25_000);
    await student.goto(linkIn(mail.text));
    await student.getByRole('heading', { name: 'Welcome, Efua Asante' }).waitFor();
    expect(await student.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    expect(await accessibilityProblems(student)).toEqual([]);
    await screenshot(student, 'invitation-360');

    await student.getByLabel('Password', { exact: true }).fill('Savanna-Lantern-2024');
    await student.getByLabel('Confirm password', { exact: true }).fill('Savanna-Lantern-2024');
    await student.getByRole('button', { name: 'Create my account' }).click();
    await student.waitForURL('**/dashboard');
    await student.getByRole('heading', { name: 'Welcome, Efua Asante!' }).waitFor();
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'efua.asante@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ school_id: school.id, program_of_study: 'Midwifery', is_staff: 0 });

    // The link is used up: opening it again says so and creates nothing.
    await student.goto(linkIn(mail.text));
    await student.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    await student.getByText('This invitation has already been used', { exact: false }).waitFor();
    expect(await accessibilityProblems(student)).toEqual([]);
    await phone.close();

    // The admin's list shows it accepted.
    await page.reload();
    await poll(() =>
      page.getByRole('table', { name: 'Invitations' }).getByText('Accepted', { exact: true }).count(),
    ).toBe(1);
  });
});
