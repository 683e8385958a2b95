// Enrolment from a class list: the file is read with the question upload's safeguards, every row
// is checked (every problem listed, by row), and only a clean file creates its invitations, all in
// one transaction with their mails. An invitation's link lets the student choose a password: the
// account is created verified (the link proved the mailbox) with the school and the programme.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { Invitation, School } from '../../db/schema';
import {
  CLASS_LIST_COLUMNS,
  CLASS_LIST_HEADERS,
  INVITATION_DAYS,
  MAX_CLASS_LIST_BYTES,
  MAX_CLASS_LIST_ROWS,
  type ClassListAnswer,
  type ClassListColumn,
  type ClassListRow,
  type ClassListRowError,
} from '../../shared/domain/classList';
import { plural } from '../../shared/domain/display';
import { emailField } from '../../shared/schemas/fields';
import type { Context } from '../context';
import { fieldError } from '../errors';
import { expireOneTimeTokens, tokenHash } from '../queries/authTokens';
import {
  accountsOf,
  closeInvitation,
  findInvitation,
  findInvitationByHash,
  insertInvitation,
  liveInvitationsOf,
  markSent,
  programmesOf,
  setInvitationUser,
  shownState,
} from '../queries/invitations';
import { deletePendingRegistrations } from '../queries/registrations';
import { findUserByEmail, insertUser, updateUser } from '../queries/users';
import { deliverLater, queueInvitationMail, type QueuedMail } from './accountMail';
import { describeFileProblem, readSheet } from './import/importQuestions';
import { hashPassword, passwordProblem } from './passwords';
import { randomToken } from './secrets';
import { startSession } from './sessions';

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITATION_TTL_MS = INVITATION_DAYS * DAY_MS;
const SHOWN_ROWS = 50;

export interface ClassListFile {
  file_name: string;
  bytes: Buffer;
}

function answer(
  school: Pick<School, 'id' | 'name'>,
  dryRun: boolean,
  parts: Partial<ClassListAnswer> & { success: boolean; message: string },
): ClassListAnswer {
  return {
    school: { id: school.id, name: school.name },
    row_errors: [],
    rows: [],
    total: 0,
    dry_run: dryRun,
    ...parts,
  };
}

/** Maps each column to its index; null with the problem when a column is missing or repeated. */
function readHeader(header: string[]): Map<ClassListColumn, number> | string {
  const columns = new Map<ClassListColumn, number>();
  const repeated: string[] = [];
  header.forEach((raw, index) => {
    const name = raw.trim().toLowerCase().replace(/\s+/g, ' ');
    const column = (Object.keys(CLASS_LIST_COLUMNS) as ClassListColumn[]).find((c) =>
      (CLASS_LIST_COLUMNS[c] as readonly string[]).includes(name),
    );
    if (!column) return;
    if (columns.has(column)) repeated.push(raw.trim());
    else columns.set(column, index);
  });
  const missing = CLASS_LIST_HEADERS.filter((c) => !columns.has(c));
  if (!missing.length && !repeated.length) return columns;
  return [
    missing.length && `missing ${missing.join(', ')}`,
    repeated.length && `repeated ${repeated.join(', ')}`,
  ]
    .filter(Boolean)
    .join('; ');
}

const validEmail = z.string().pipe(emailField);

interface CheckedList {
  rows: ClassListRow[];
  problems: ClassListRowError[];
}

/** Reads the file and checks every row against the school: the rows, and every problem by row. */
async function checkClassList(
  db: DB,
  school: Pick<School, 'id'>,
  file: ClassListFile,
): Promise<CheckedList | { fileProblem: string }> {
  if (file.bytes.length === 0) return { fileProblem: 'Choose a file to upload: the file is empty.' };
  if (file.bytes.length > MAX_CLASS_LIST_BYTES)
    return {
      fileProblem: `The file is larger than ${MAX_CLASS_LIST_BYTES / 1024 / 1024} MB, the class list limit. Split it into smaller files.`,
    };
  let sheet;
  try {
    sheet = await readSheet(file);
  } catch (err) {
    return { fileProblem: describeFileProblem(err).message };
  }
  const all = sheet.rows.toArray();
  if (!all.length)
    return {
      fileProblem: 'The file is empty: the first row names the columns full_name, email and programme.',
    };
  const columns = readHeader(all[0]);
  if (typeof columns === 'string')
    return {
      fileProblem: `The first row must name the columns full_name, email and programme (any case): ${columns}.`,
    };
  const data = all.slice(1);
  if (data.length > MAX_CLASS_LIST_ROWS)
    return {
      fileProblem: `The file has ${data.length} rows; one file may enrol at most ${MAX_CLASS_LIST_ROWS} students.`,
    };
  const formulaRows = new Set(sheet.formulaCells.map(([r]) => r));

  const problems: ClassListRowError[] = [];
  const rows: ClassListRow[] = [];
  const firstRowOf = new Map<string, number>();
  const programmes = new Map(
    (await programmesOf(db, school.id)).map((p) => [p.name.trim().toLowerCase(), p.name]),
  );
  const cell = (row: string[], c: ClassListColumn) => (row[columns.get(c)!] ?? '').trim();
  data.forEach((raw, i) => {
    const row = sheet.firstRow + i + 1;
    if (raw.every((c) => c.trim() === '')) return;
    const problem = (message: string) => problems.push({ row, message });
    if (formulaRows.has(i + 1)) problem('a cell holds a formula: type the value itself.');
    const full_name = cell(raw, 'full_name');
    const typedEmail = cell(raw, 'email');
    const typedProgramme = cell(raw, 'programme');
    if (!full_name) problem('the name is missing.');
    else if (full_name.length > 150) problem('the name is longer than 150 characters.');
    const parsed = validEmail.safeParse(typedEmail);
    const email = parsed.success ? parsed.data : '';
    if (!typedEmail) problem('the e-mail is missing.');
    else if (!parsed.success) problem(`"${typedEmail.slice(0, 80)}" is not a valid e-mail address.`);
    else if (firstRowOf.has(email))
      problem(`${email} is also on row ${firstRowOf.get(email)}: list each student once.`);
    else firstRowOf.set(email, row);
    const programme = programmes.get(typedProgramme.toLowerCase());
    if (!typedProgramme) problem('the programme is missing.');
    else if (!programme)
      problem(
        `"${typedProgramme.slice(0, 80)}" is not a programme of this school: write one of ${[...programmes.values()].join(', ') || '(none yet: add one under Content)'}.`,
      );
    rows.push({ row, full_name, email, programme: programme ?? typedProgramme });
  });
  if (!rows.length)
    return { fileProblem: 'The file has no students: add one row per student under the header.' };

  const emails = [...firstRowOf.keys()];
  const accounts = new Map((await accountsOf(db, emails)).map((a) => [a.email, a.school_id]));
  const invited = new Set((await liveInvitationsOf(db, school.id, emails)).map((i) => i.email));
  for (const { row, email } of rows) {
    if (firstRowOf.get(email) !== row) continue;
    if (accounts.has(email))
      problems.push({
        row,
        message:
          accounts.get(email) === school.id
            ? `${email} already has an account at this school: the student signs in with it.`
            : `${email} already has an account (not at this school): the student can type the school's code in their profile or ask you to link them.`,
      });
    else if (invited.has(email))
      problems.push({
        row,
        message: `${email} already has a pending invitation: resend it from the list instead.`,
      });
  }
  problems.sort((a, b) => a.row - b.row);
  return { rows, problems };
}

/** The problems of a class list, or what uploading it would do; writes nothing. */
export async function previewClassList(ctx: Context, school: School, file: ClassListFile) {
  const checked = await checkClassList(ctx.db, school, file);
  return verdict(school, checked, true);
}

function verdict(school: School, checked: CheckedList | { fileProblem: string }, dryRun: boolean) {
  if ('fileProblem' in checked)
    return answer(school, dryRun, { success: false, message: checked.fileProblem });
  const { rows, problems } = checked;
  if (problems.length) {
    const failing = new Set(problems.map((p) => p.row)).size;
    return answer(school, dryRun, {
      success: false,
      message: `${plural(failing, 'row')} of the file ${failing === 1 ? 'needs' : 'need'} fixing; nothing was saved. Fix them and upload the whole file again.`,
      row_errors: problems,
      rows: rows.slice(0, SHOWN_ROWS),
    });
  }
  return answer(school, dryRun, {
    success: true,
    message: `The file is valid: ${plural(rows.length, 'student')} would be invited to ${school.name}. Nothing was saved (preview).`,
    rows: rows.slice(0, SHOWN_ROWS),
    total: rows.length,
  });
}

const linkOf = (ctx: Context, token: string) => `${ctx.env.PUBLIC_URL}/invitation/${token}`;

/** Queues an invitation's mail with a new link (stored on the row when the mail is queued). */
function queueLink(ctx: Context, db: DB, inv: Invitation, schoolName: string, renew: boolean) {
  return queueInvitationMail(
    ctx,
    db,
    {
      email: inv.email,
      full_name: inv.full_name,
      school_name: schoolName,
      programme: inv.program_of_study,
      days: INVITATION_DAYS,
    },
    async () => {
      const token = randomToken();
      await markSent(db, inv.id, {
        token_hash: tokenHash(token),
        ...(renew && { expires_at: new Date(Date.now() + INVITATION_TTL_MS).toISOString() }),
      });
      return linkOf(ctx, token);
    },
  );
}

/**
 * Checks the file again inside one transaction and, only when every row is clean, creates every
 * invitation and queues every mail; the mails go out once it has committed. One school's lists go
 * in one after another, so a list sent twice at once (a double click) invites nobody twice.
 */
export async function uploadClassList(ctx: Context, school: School, invitedBy: number, file: ClassListFile) {
  const { result, mails } = await serialized(ctx.db, [`class-list:${school.id}`], async (trx) => {
    const checked = await checkClassList(trx, school, file);
    const mails: QueuedMail[] = [];
    if ('fileProblem' in checked || checked.problems.length)
      return { result: verdict(school, checked, false), mails };
    const expires = new Date(Date.now() + INVITATION_TTL_MS).toISOString();
    for (const row of checked.rows) {
      const inv = await insertInvitation(trx, {
        school_id: school.id,
        email: row.email,
        full_name: row.full_name,
        program_of_study: row.programme,
        // Replaced by the mailed link's; a held-back mail leaves a token nobody knows.
        token_hash: tokenHash(randomToken()),
        expires_at: expires,
        invited_by: invitedBy,
      });
      const mail = await queueLink(ctx, trx, inv, school.name, false);
      if (mail) mails.push(mail);
    }
    const held = checked.rows.length - mails.length;
    const result = answer(school, false, {
      success: true,
      message: `${plural(checked.rows.length, 'student')} invited to ${school.name}; each gets an e-mail with a link that works for ${INVITATION_DAYS} days.${held ? ` ${plural(held, 'mail')} held back (the address had its e-mails for the hour): resend ${held === 1 ? 'it' : 'them'} later.` : ''}`,
      rows: checked.rows.slice(0, SHOWN_ROWS),
      total: checked.rows.length,
    });
    return { result, mails };
  });
  for (const mail of mails) deliverLater(ctx, mail);
  return result;
}

const WHY_NOT: Record<'unknown' | 'accepted' | 'withdrawn' | 'expired', string> = {
  unknown:
    'This invitation link is not valid (a newer one may have been sent). Open the latest invitation e-mail, or ask your school to send it again.',
  accepted:
    'This invitation has already been used: your account exists. Sign in with your e-mail and password.',
  withdrawn: 'Your school withdrew this invitation. Ask them if you should have one.',
  expired: 'This invitation link has expired. Ask your school to send you a new one.',
};

/** Why a link cannot be used, as a field error on the token (null when it can). */
function linkProblem(inv: { state: Invitation['state']; expires_at: string } | undefined) {
  if (!inv) return fieldError('token', WHY_NOT.unknown);
  const state = shownState(inv);
  return state === 'pending' ? null : fieldError('token', WHY_NOT[state]);
}

/** What the invitation page shows: whose invitation it is, or why the link no longer works. */
export async function openInvitation(ctx: Context, token: string) {
  const inv = await findInvitationByHash(ctx.db, tokenHash(token));
  const problem = linkProblem(inv);
  if (problem || !inv) throw problem ?? fieldError('token', WHY_NOT.unknown);
  return {
    full_name: inv.full_name,
    email: inv.email,
    school: inv.school_name,
    programme: inv.program_of_study,
    expires_at: inv.expires_at,
  };
}

/**
 * The student's password for an invited address: the account is created (or an unverified
 * registration of the address becomes it) verified, at the school, and signed in. Once only:
 * a second submit of the same link finds it used.
 */
export async function acceptInvitation(ctx: Context, token: string, password: string) {
  const hash = tokenHash(token);
  const inv = await findInvitationByHash(ctx.db, hash);
  const problem = linkProblem(inv);
  if (problem || !inv) throw problem ?? fieldError('token', WHY_NOT.unknown);
  const tooWeak = passwordProblem(password, inv);
  if (tooWeak) throw fieldError('password1', tooWeak);
  const passwordHash = await hashPassword(password, ctx.passwordCost);
  const userId = await serialized(ctx.db, [`email:${inv.email}`], async (trx) => {
    if (!(await closeInvitation(trx, inv.id, 'accepted', { token_hash: hash }))) {
      throw linkProblem(await findInvitationByHash(trx, hash)) ?? fieldError('token', WHY_NOT.unknown);
    }
    const now = new Date().toISOString();
    const fields = {
      full_name: inv.full_name,
      password_hash: passwordHash,
      program_of_study: inv.program_of_study,
      school: inv.school_name,
      school_id: inv.school_id,
      email_verified_at: now,
    };
    const existing = await findUserByEmail(trx, inv.email);
    if (existing?.email_verified_at)
      throw fieldError(
        'token',
        'This address already has an account: sign in with it (or reset its password) instead.',
        'CONFLICT',
      );
    // An unverified registration of the address proved nothing; the invitation's link did.
    const user = existing
      ? await updateUser(trx, existing.id, fields)
      : await insertUser(trx, {
          ...fields,
          email: inv.email,
          date_of_birth: null,
          gender: null,
          region_of_institution: null,
          bio: '',
          avatar: null,
          last_login: now,
          created_at: now,
        });
    if (existing) {
      await deletePendingRegistrations(trx, user.id);
      await expireOneTimeTokens(trx, 'email_verifications', user.id);
    }
    await setInvitationUser(trx, inv.id, user.id);
    return user.id;
  });
  return {
    detail: `Welcome to ${inv.school_name}'s NMC Prep RN. Your account is ready.`,
    ...(await startSession(ctx, userId, false)),
  };
}

/** Why an invitation gets no new link: it was accepted or withdrawn (null when it may have one). */
export function resendRefusal(inv: Pick<Invitation, 'state' | 'expires_at'>) {
  const state = shownState(inv);
  return state === 'accepted' || state === 'withdrawn'
    ? new TRPCError({
        code: 'BAD_REQUEST',
        message: `This invitation was ${state}: there is nothing to resend.`,
      })
    : null;
}

/** A new link (the old one dies) working for a full week again; refused for a used or withdrawn one. */
export async function resendInvitation(ctx: Context, inv: Invitation & { school_name: string }) {
  const refusal = resendRefusal(inv);
  if (refusal) throw refusal;
  const mail = await serialized(ctx.db, [`email:${inv.email}`], async (trx) => {
    // Read again under the lock: an invitation accepted or withdrawn meanwhile gets no new link.
    const current = await findInvitation(trx, inv.id);
    if (!current || current.state !== 'pending') return 'closed' as const;
    return queueLink(ctx, trx, current, inv.school_name, true);
  });
  if (mail === 'closed')
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'This invitation was closed meanwhile: there is nothing to resend.',
    });
  if (!mail)
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `${inv.email} has had its e-mails for this hour already. Try again later.`,
    });
  deliverLater(ctx, mail);
  return { detail: `A new invitation link was sent to ${inv.email}; it works for ${INVITATION_DAYS} days.` };
}

export async function withdrawInvitation(ctx: Context, inv: Invitation) {
  const state = shownState(inv);
  if (state === 'accepted')
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message:
        'This invitation was already accepted: the student has an account (deactivate it under Users).',
    });
  if (state !== 'withdrawn') await closeInvitation(ctx.db, inv.id, 'withdrawn');
  return { detail: `The invitation of ${inv.email} was withdrawn; its link no longer works.` };
}
