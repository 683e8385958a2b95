// Enrolment: a school admin uploads a class list (nothing is written unless every row is clean),
// invitations are mailed with one-time links, and a student accepts one by choosing a password.
// Staff act on their own school only; a student may also join with the school's code.
import { describe, expect, it } from 'vitest';
import { tokenHash } from '../queries/authTokens';
import { countRows, insertProgram, rpc } from '../test/fixtures';
import { csvFile, workbookFile } from '../test/importFiles';
import { linkIn, signUpAndIn, STUDENT } from '../test/harness';
import { insertSchool, signInSchoolStaff } from '../test/schools';
import { useAdmin, useTestServer } from '../test/useTestServer';
import type { ClassListAnswer } from '../../shared/domain/classList';

const t = useTestServer();
const platform = useAdmin(t);

const HEADER = ['Full Name', 'E-mail', 'PROGRAMME'];
const CLASS = [
  ['Kofi Boateng', 'kofi.boateng@example.com', 'General Nursing'],
  ['Efua Asante', 'Efua.Asante@example.com', 'general nursing'],
  ['Yaw Darko', 'yaw.darko@example.com', 'Midwifery'],
];
const PASSWORD = 'Savanna-Lantern-2024';

type Caller = ReturnType<typeof rpc>;

async function twoSchools() {
  await insertProgram(t.db, 'General Nursing');
  await insertProgram(t.db, 'Midwifery');
  const a = await insertSchool(t.db, 'Tamale Test College', { join_code: 'TAM-2024' });
  const b = await insertSchool(t.db, 'Ho Test College');
  const adminA = await signInSchoolStaff(t, {
    schoolId: a.id,
    role: 'school_admin',
    email: 'head@tamale.test',
  });
  const adminB = await signInSchoolStaff(t, { schoolId: b.id, role: 'school_admin', email: 'head@ho.test' });
  return { a, b, adminA, adminB };
}

const send = (
  caller: Caller,
  path: 'enrol.preview' | 'enrol.upload',
  file: Buffer,
  name = 'class.csv',
  school_id?: number,
) =>
  caller.mutate<ClassListAnswer>(path, { file_name: name, file_base64: file.toString('base64'), school_id });

const invitations = () => t.db.selectFrom('invitations').selectAll().orderBy('id').execute();

async function uploadClass(caller: Caller) {
  const res = await send(caller, 'enrol.upload', csvFile([HEADER, ...CLASS]));
  expect(res.data.success).toBe(true);
  return res;
}

/** The token of the invitation link mailed to `email` (the newest such mail). */
async function mailedToken(email: string, after = 0) {
  for (let i = 0; i < 200; i++) {
    await t.settle();
    const mails = t.mails.filter((m) => m.to === email && /invites you/.test(m.subject));
    if (mails.length > after) return linkIn(mails.at(-1)!.text).split('/invitation/')[1];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no invitation mail to ${email}`);
}

const accept = (token: string, password1 = PASSWORD, password2 = password1) =>
  t.api<Record<string, unknown>>('POST', '/api/auth/invitation/accept/', {
    body: { token, password1, password2 },
  });

describe('class list upload', () => {
  it('previews without writing, then invites every student in one go with a mailed link', async () => {
    const { a, adminA } = await twoSchools();
    const preview = await send(adminA, 'enrol.preview', csvFile([HEADER, ...CLASS]));
    expect(preview.data).toMatchObject({ success: true, total: 3, dry_run: true, school: { id: a.id } });
    expect(preview.data.rows[1]).toEqual({
      row: 3,
      full_name: 'Efua Asante',
      email: 'efua.asante@example.com',
      programme: 'General Nursing',
    });
    expect(await countRows(t.db, 'invitations')).toBe(0);

    const res = await uploadClass(adminA);
    expect(res.data.message).toMatch(/3 students invited to Tamale Test College/);
    const rows = await invitations();
    expect(rows.map((r) => [r.email, r.program_of_study, r.state, r.school_id])).toEqual([
      ['kofi.boateng@example.com', 'General Nursing', 'pending', a.id],
      ['efua.asante@example.com', 'General Nursing', 'pending', a.id],
      ['yaw.darko@example.com', 'Midwifery', 'pending', a.id],
    ]);
    const days = (Date.parse(rows[0].expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const token = await mailedToken('yaw.darko@example.com');
    // Only the hash is kept.
    expect(rows[2].token_hash).toBe(tokenHash(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('invites each student once when the same list is sent twice at once', async () => {
    const { adminA } = await twoSchools();
    const file = csvFile([HEADER, ...CLASS]);
    const answers = await Promise.all([send(adminA, 'enrol.upload', file), send(adminA, 'enrol.upload', file)]);
    expect(answers.map((a) => a.data.success).sort()).toEqual([false, true]);
    const refused = answers.find((a) => !a.data.success)!;
    expect(JSON.stringify(refused.data)).toContain('kofi.boateng@example.com already has a pending invitation');
    expect((await invitations()).map((r) => r.email)).toEqual(CLASS.map((row) => row[1].toLowerCase()));
    await mailedToken('yaw.darko@example.com');
    await t.settle();
    expect(t.mails.filter((m) => /invites you/.test(m.subject))).toHaveLength(3);
  });

  it('lists every row problem of a bad file and writes nothing', async () => {
    const { adminA, a, b } = await twoSchools();
    await signUpAndIn(t, { email: 'taken.here@example.com', school: 'x' });
    await t.db
      .updateTable('users')
      .set({ school_id: a.id })
      .where('email', '=', 'taken.here@example.com')
      .execute();
    await signUpAndIn(t, { email: 'taken.there@example.com' });
    await t.db
      .updateTable('users')
      .set({ school_id: b.id })
      .where('email', '=', 'taken.there@example.com')
      .execute();
    const file = csvFile([
      HEADER,
      ['', 'no.name@example.com', 'General Nursing'],
      ['Bad Mail', 'not-an-address', 'General Nursing'],
      ['Kofi Boateng', 'kofi@example.com', 'General Nursing'],
      ['Kofi Again', 'KOFI@example.com', 'General Nursing'],
      ['Here Already', 'taken.here@example.com', 'General Nursing'],
      ['There Already', 'taken.there@example.com', 'General Nursing'],
      ['Wrong Course', 'wrong.course@example.com', 'Astronomy'],
    ]);
    for (const path of ['enrol.preview', 'enrol.upload'] as const) {
      const res = await send(adminA, path, file);
      expect(res.data.success).toBe(false);
      expect(res.data.message).toMatch(/6 rows of the file need fixing; nothing was saved/);
      expect(res.data.row_errors).toEqual([
        { row: 2, message: 'the name is missing.' },
        { row: 3, message: '"not-an-address" is not a valid e-mail address.' },
        { row: 5, message: 'kofi@example.com is also on row 4: list each student once.' },
        {
          row: 6,
          message: expect.stringMatching(/^taken.here@example.com already has an account at this school/),
        },
        {
          row: 7,
          message: expect.stringMatching(
            /^taken.there@example.com already has an account \(not at this school\)/,
          ),
        },
        {
          row: 8,
          message: expect.stringMatching(
            /^"Astronomy" is not a programme of this school: write one of General Nursing, Midwifery/,
          ),
        },
      ]);
    }
    expect(await countRows(t.db, 'invitations')).toBe(0);
    await t.settle();
    expect(t.mails.filter((m) => /invites you/.test(m.subject))).toEqual([]);
  });

  it('reads a workbook, and refuses formulas, a missing column and a file that is not a spreadsheet', async () => {
    const { adminA } = await twoSchools();
    const book = await send(
      adminA,
      'enrol.preview',
      workbookFile([
        ['email', 'name', 'program'],
        ['ama@example.com', 'Ama Owusu', 'Midwifery'],
      ]),
      'class.xlsx',
    );
    expect(book.data).toMatchObject({
      success: true,
      total: 1,
      rows: [{ row: 2, email: 'ama@example.com', programme: 'Midwifery' }],
    });

    const formula = await send(
      adminA,
      'enrol.upload',
      workbookFile([
        HEADER,
        ['Ama', { t: 's', v: 'x@example.com', f: 'CONCAT("x","@example.com")' }, 'Midwifery'],
      ]),
      'class.xlsx',
    );
    expect(formula.data.row_errors).toEqual([
      { row: 2, message: 'a cell holds a formula: type the value itself.' },
    ]);

    const noProgramme = await send(
      adminA,
      'enrol.upload',
      csvFile([
        ['name', 'email'],
        ['Ama', 'a@example.com'],
      ]),
    );
    expect(noProgramme.data).toMatchObject({
      success: false,
      message: expect.stringMatching(/missing programme/),
    });

    const png = await send(
      adminA,
      'enrol.upload',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
      'class.xlsx',
    );
    expect(png.data).toMatchObject({ success: false, message: expect.stringMatching(/PNG image/) });
    expect(await countRows(t.db, 'invitations')).toBe(0);
  });

  it('lets the platform admin enrol for a chosen school and refuses tutors', async () => {
    const { a } = await twoSchools();
    const noSchool = await send(platform, 'enrol.upload', csvFile([HEADER, ...CLASS]));
    expect(noSchool.status).toBe(400);
    expect(noSchool.error?.data.fieldErrors).toEqual({
      school_id: ['Choose the school whose students these are.'],
    });
    const chosen = await send(platform, 'enrol.upload', csvFile([HEADER, ...CLASS]), 'class.csv', a.id);
    expect(chosen.data).toMatchObject({ success: true, total: 3 });

    const tutor = await signInSchoolStaff(t, { schoolId: a.id, role: 'tutor', email: 'tutor@tamale.test' });
    const refused = await send(
      tutor,
      'enrol.upload',
      csvFile([HEADER, ['New One', 'new.one@example.com', 'Midwifery']]),
    );
    expect(refused.status).toBe(403);
    expect(await countRows(t.db, 'invitations')).toBe(3);
    // A tutor may still read the school's invitations, and is told they may not enrol.
    expect((await tutor.query<unknown[]>('enrol.invitations', {})).data).toHaveLength(3);
    expect((await tutor.query('enrol.schools')).data).toEqual({
      choose: false,
      can_enrol: false,
      schools: [{ id: a.id, name: 'Tamale Test College' }],
    });
    const listed = await platform.query<{ choose: boolean; schools: { name: string }[] }>('enrol.schools');
    expect(listed.data.choose).toBe(true);
    expect(listed.data.schools.map((s) => s.name)).toContain('Ho Test College');
  });
});

describe('accepting an invitation', () => {
  it('creates a verified account at the school, signed in, once', async () => {
    const { a, adminA } = await twoSchools();
    await uploadClass(adminA);
    const token = await mailedToken('efua.asante@example.com');
    const shown = await t.api('GET', `/api/auth/invitation/${token}/`);
    expect(shown.body).toMatchObject({
      full_name: 'Efua Asante',
      school: 'Tamale Test College',
      programme: 'General Nursing',
    });

    const weak = await accept(token, '12345678');
    expect(weak.status).toBe(400);
    expect(weak.body.password1).toEqual(['This password is too common.']);
    const mismatch = await accept(token, PASSWORD, `${PASSWORD}x`);
    expect(mismatch.body.password2).toEqual(["The two password fields didn't match."]);
    expect(await countRows(t.db, 'users')).toBe(3);

    // A double submit: both run, one account.
    const [first, second] = await Promise.all([accept(token), accept(token)]);
    const ok = [first, second].filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect([first, second].find((r) => r.status !== 200)?.body.token).toEqual([
      'This invitation has already been used: your account exists. Sign in with your e-mail and password.',
    ]);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'efua.asante@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      school_id: a.id,
      school: 'Tamale Test College',
      program_of_study: 'General Nursing',
      is_staff: 0,
      full_name: 'Efua Asante',
    });
    expect(user.email_verified_at).not.toBeNull();
    const profile = await t.api<{ email: string; school: string }>('GET', '/api/profile/', {
      token: ok[0].body.access as string,
    });
    expect(profile.body).toMatchObject({ email: 'efua.asante@example.com', school: 'Tamale Test College' });
    const login = await t.api('POST', '/api/auth/login/', {
      body: { email: 'efua.asante@example.com', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const [row] = await t.db
      .selectFrom('invitations')
      .selectAll()
      .where('email', '=', 'efua.asante@example.com')
      .execute();
    expect(row).toMatchObject({ state: 'accepted', user_id: user.id });

    const again = await t.api('GET', `/api/auth/invitation/${token}/`);
    expect(again.status).toBe(400);
  });

  it('refuses an expired or withdrawn link and changes nothing', async () => {
    const { adminA } = await twoSchools();
    await uploadClass(adminA);
    const kofi = await mailedToken('kofi.boateng@example.com');
    const yaw = await mailedToken('yaw.darko@example.com');
    await t.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'kofi.boateng@example.com')
      .execute();
    expect((await accept(kofi)).body.token).toEqual([
      'This invitation link has expired. Ask your school to send you a new one.',
    ]);

    const [yawRow] = await t.db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', 'yaw.darko@example.com')
      .execute();
    expect((await adminA.mutate('enrol.withdraw', { id: yawRow.id })).status).toBe(200);
    expect((await accept(yaw)).body.token).toEqual([
      'Your school withdrew this invitation. Ask them if you should have one.',
    ]);
    expect((await accept('made-up-token')).status).toBe(400);
    // The three staff accounts only.
    expect(await countRows(t.db, 'users')).toBe(3);

    const list = await adminA.query<Array<{ email: string; state: string }>>('enrol.invitations', {});
    expect(Object.fromEntries(list.data.map((r) => [r.email, r.state]))).toEqual({
      'kofi.boateng@example.com': 'expired',
      'efua.asante@example.com': 'pending',
      'yaw.darko@example.com': 'withdrawn',
    });
    const expired = await adminA.query<Array<{ email: string }>>('enrol.invitations', { state: 'expired' });
    expect(expired.data.map((r) => r.email)).toEqual(['kofi.boateng@example.com']);
  });

  it('resend mails a new link for 7 more days, kills the old one, and is rate-limited', async () => {
    const { adminA } = await twoSchools();
    await uploadClass(adminA);
    const old = await mailedToken('kofi.boateng@example.com');
    const [row] = await t.db
      .selectFrom('invitations')
      .selectAll()
      .where('email', '=', 'kofi.boateng@example.com')
      .execute();
    await t.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();

    const res = await adminA.mutate<{ detail: string }>('enrol.resend', { id: row.id });
    expect(res.data.detail).toMatch(/new invitation link was sent to kofi.boateng@example.com/);
    const fresh = await mailedToken('kofi.boateng@example.com', 1);
    expect(fresh).not.toBe(old);
    const after = await t.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(after.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await accept(old)).status).toBe(400);

    // The recipient's hourly mail cap (3) is reached with the second resend; the third is refused.
    expect((await adminA.mutate('enrol.resend', { id: row.id })).status).toBe(200);
    await mailedToken('kofi.boateng@example.com', 2);
    const third = await adminA.mutate('enrol.resend', { id: row.id });
    expect(third.status).toBe(429);
    expect(third.error?.message).toBe(
      'kofi.boateng@example.com has had its e-mails for this hour already. Try again later.',
    );
    // A fourth resend of the invitation within the hour is refused by its own limit.
    const fourth = await adminA.mutate('enrol.resend', { id: row.id });
    expect(fourth.status).toBe(429);
    expect(fourth.error?.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    const unchanged = await t.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    const latest = await mailedToken('kofi.boateng@example.com', 2);
    expect(unchanged.token_hash).toBe(tokenHash(latest));
    expect((await accept(latest)).status).toBe(200);
    const closed = await adminA.mutate<unknown>('enrol.resend', { id: row.id });
    expect(closed.error?.message).toMatch(/accepted: there is nothing to resend/);
  });

  it('answers 404 to staff of another school and changes nothing', async () => {
    const { a, adminA, adminB } = await twoSchools();
    await uploadClass(adminA);
    const before = await invitations();
    const [row] = before;
    for (const path of ['enrol.resend', 'enrol.withdraw']) {
      const res = await adminB.mutate(path, { id: row.id });
      expect(res.status).toBe(404);
    }
    expect((await send(adminB, 'enrol.preview', csvFile([HEADER, ...CLASS]), 'c.csv', a.id)).status).toBe(
      404,
    );
    expect((await adminB.query('enrol.invitations', { school_id: a.id })).status).toBe(404);
    expect((await adminB.query<unknown[]>('enrol.invitations', {})).data).toEqual([]);
    const student = rpc(t, (await signUpAndIn(t)).access);
    expect((await student.query('enrol.invitations', {})).status).toBe(403);
    expect(await invitations()).toEqual(before);
    expect(before.every((r) => r.state === 'pending' && r.withdrawn_at === null)).toBe(true);
    await t.settle();
    expect(t.mails.filter((m) => m.to === row.email)).toHaveLength(1);
  });
});

describe('joining with a school code', () => {
  const register = (overrides: Record<string, string>) =>
    t.api<Record<string, string[]>>('POST', '/api/auth/registration/', {
      body: { ...STUDENT, ...overrides },
    });

  it('links the account to the school whose code is typed, in any case', async () => {
    const { a } = await twoSchools();
    expect((await register({ school: 'Somewhere else', school_code: ' tam-2024 ' })).status).toBe(201);
    const row = await t.db.selectFrom('pending_registrations').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ school_id: a.id, school: 'Tamale Test College' });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', STUDENT.email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ school_id: a.id, school: 'Tamale Test College' });
  });

  it('refuses a wrong code naming the field, and writes nothing', async () => {
    await twoSchools();
    const res = await register({ school_code: 'NOPE-1' });
    expect(res.status).toBe(400);
    expect(res.body.school_code).toEqual([
      'No school has this School code. Check it with your school (any case), or leave School code empty.',
    ]);
    expect(await countRows(t.db, 'pending_registrations')).toBe(0);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', STUDENT.email).execute()).toEqual(
      [],
    );
  });
});
