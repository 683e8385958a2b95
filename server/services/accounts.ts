// Account rules that need more than one query: registration, sign-in, password resets.

import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { Context } from '../context';
import { fieldError } from '../errors';
import {
  consumeOneTimeToken,
  expireOneTimeTokens,
  findOneTimeToken,
  revokeUserFamilies,
} from '../queries/authTokens';
import {
  addPendingRegistration,
  deletePendingRegistrations,
  findPendingRegistration,
  listPendingRegistrations,
  type RegistrationFields,
} from '../queries/registrations';
import { schoolByJoinCode } from '../queries/invitations';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../queries/users';
import type { User } from '../../db/schema';
import type { loginInput, registerInput, resetConfirmInput } from '../../shared/schemas/auth';
import {
  deliverLater,
  queueAlreadyRegisteredMail,
  queueVerificationMail,
  userIdFromUidb64,
} from './accountMail';
import {
  burnPasswordCheck,
  hashPassword,
  passwordProblem,
  refuseWhenPasswordChecksBusy,
  verifyPassword,
} from './passwords';
import { randomToken } from './secrets';
import { schoolIdForName } from './schools';
import { startSession } from './sessions';
import { TOO_MANY } from '../trpc';

export async function register(ctx: Context, input: z.output<typeof registerInput>) {
  const problem = passwordProblem(input.password1, input);
  if (problem) throw fieldError('password1', problem);
  // Hash in every branch so that an existing address takes the same time as a new one.
  const joined = await schoolOfCode(ctx, input.school_code);
  const passwordHash = await hashPassword(input.password1, ctx.passwordCost);
  const registration = {
    full_name: input.full_name,
    password_hash: passwordHash,
    date_of_birth: input.date_of_birth,
    gender: input.gender,
    region_of_institution: input.region_of_institution,
    program_of_study: input.program_of_study,
    school: joined?.name ?? input.school,
    school_id: joined?.id ?? (await schoolIdForName(ctx.db, input.school)),
  };
  // One transaction, one registration of an address at a time: the link mailed belongs to the
  // registration written.
  const mail = await serialized(ctx.db, [`email:${input.email.toLowerCase()}`], async (trx) => {
    const existing = await findUserByEmail(trx, input.email);
    if (existing?.email_verified_at) return queueAlreadyRegisteredMail(ctx, trx, existing);
    // An unverified address proves nothing, so no registration replaces another: each is kept
    // until the mailbox's reader opens a link and types the password of theirs. The row shows the
    // newest (unverified: nobody signs in with it), and every link mailed so far stays valid.
    const user = existing
      ? await updateUser(trx, existing.id, { ...registration, bio: '', avatar: null })
      : await insertUser(trx, {
          ...registration,
          email: input.email,
          bio: '',
          avatar: null,
          email_verified_at: null,
          last_login: null,
          created_at: new Date().toISOString(),
        });
    await addPendingRegistration(trx, user.id, registration);
    return queueVerificationMail(ctx, trx, user);
  });
  deliverLater(ctx, mail);
  return { detail: 'Verification e-mail sent.' };
}

export const BAD_SCHOOL_CODE =
  'No school has this School code. Check it with your school (any case), or leave School code empty.';

/** The school a typed join code names; a wrong code is a field error and counts as a bad link. */
async function schoolOfCode(ctx: Context, code: string | undefined) {
  if (!code) return null;
  const school = await schoolByJoinCode(ctx.db, code);
  if (school) return school;
  if (!(await ctx.limits.take('badLinksPerAddress', ctx.ip)))
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY });
  throw fieldError('school_code', BAD_SCHOOL_CODE);
}

export const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';

/** `beforePasswordCheck` runs only when a password is really checked (the account exists). */
export async function login(
  ctx: Context,
  input: z.output<typeof loginInput>,
  beforePasswordCheck: () => Promise<void> = async () => {},
) {
  refuseWhenPasswordChecksBusy();
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await burnPasswordCheck();
    throw fieldError('non_field_errors', BAD_CREDENTIALS);
  }
  await beforePasswordCheck();
  if (!(await verifyPassword(user.password_hash, input.password)) || user.is_active !== 1) {
    throw fieldError('non_field_errors', BAD_CREDENTIALS);
  }
  if (!user.email_verified_at) throw fieldError('non_field_errors', 'E-mail is not verified.');
  // A sign-in ends any reset link still outstanding (Django's token design).
  await expireOneTimeTokens(ctx.db, 'password_resets', user.id);
  await updateUser(ctx.db, user.id, { last_login: new Date().toISOString() });
  return startSession(ctx, user.id, input.remember ?? false);
}

export const BAD_VERIFICATION_LINK = 'This verification link is invalid or has expired.';
export const NOT_THE_REGISTERED_PASSWORD =
  'This is not the password this address was registered with. Type the password you chose when you registered, or register again with this address and then open this link again.';

/** Whether a verification link is still usable (the page that asks for the password opens only then). */
export async function verificationLinkIsLive(ctx: Context, token: string): Promise<boolean> {
  const row = await findOneTimeToken(ctx.db, 'email_verifications', token);
  return !!row && !row.used_at && row.expires_at > new Date().toISOString();
}

/**
 * The link proves the mailbox; the password typed with it picks the registration that becomes the
 * account (password, name and profile). A squatter's registration never does: its password is
 * not the mailbox reader's. Without any kept registration (accounts registered before they were
 * kept) the row's own password must be typed.
 */
export async function verifyEmail(ctx: Context, token: string, password: string) {
  const row = await findOneTimeToken(ctx.db, 'email_verifications', token);
  const live = row && !row.used_at && row.expires_at > new Date().toISOString();
  const user = live ? await findUserById(ctx.db, row.user_id) : undefined;
  if (!user || user.email_verified_at || user.is_active !== 1) {
    throw fieldError('token', BAD_VERIFICATION_LINK);
  }
  const chosen = await registrationWithPassword(ctx.db, user, password);
  if (!chosen) throw fieldError('password', NOT_THE_REGISTERED_PASSWORD);
  // One transaction: the link is used once, and the registration chosen is still there.
  const verified = await serialized(ctx.db, [`email:${user.email}`], async (trx) => {
    if ((await consumeOneTimeToken(trx, 'email_verifications', token, user.id)) === null) return false;
    const registration = chosen.id === null ? {} : await findPendingRegistration(trx, chosen.id);
    if (!registration) return false;
    await activate(trx, user.id, chosen.id === null ? {} : pickRegistration(chosen));
    return true;
  });
  if (!verified) throw fieldError('token', BAD_VERIFICATION_LINK);
  return { detail: 'Your e-mail address is verified. You can sign in now.' };
}

function pickRegistration(r: RegistrationFields): RegistrationFields {
  return {
    full_name: r.full_name,
    password_hash: r.password_hash,
    date_of_birth: r.date_of_birth,
    gender: r.gender,
    region_of_institution: r.region_of_institution,
    program_of_study: r.program_of_study,
    school: r.school,
    school_id: r.school_id,
  };
}

/** The newest kept registration whose password this is (the row itself when none is kept). */
async function registrationWithPassword(db: DB, user: User, password: string) {
  const kept = await listPendingRegistrations(db, user.id);
  const candidates = kept.length ? kept : [{ ...user, id: null }];
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.password_hash, password)) return candidate;
  }
  return null;
}

/** Verifies the address with `fields` as the account; every other registration and link dies. */
async function activate(db: DB, userId: number, fields: Partial<RegistrationFields>) {
  await updateUser(db, userId, { ...fields, email_verified_at: new Date().toISOString() });
  await deletePendingRegistrations(db, userId);
  await expireOneTimeTokens(db, 'email_verifications', userId);
}

/**
 * An admin's verification by hand. The student's password becomes active only when the address
 * has a single registration; with several (someone else may have registered it too) no password
 * is activated: the student then sets one with a reset link. Says whether a password works.
 */
export async function markUserVerified(db: DB, userId: number): Promise<{ passwordWorks: boolean }> {
  const unusable = await hashPassword(randomToken());
  return db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw new Error(`No user ${userId}`);
    if (user.email_verified_at) return { passwordWorks: true };
    const kept = await listPendingRegistrations(trx, userId);
    if (kept.length <= 1) {
      await activate(trx, userId, kept.length ? pickRegistration(kept[0]) : {});
      return { passwordWorks: true };
    }
    await activate(trx, userId, { password_hash: unusable });
    return { passwordWorks: false };
  });
}

const BAD_RESET_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

export async function confirmPasswordReset(ctx: Context, input: z.output<typeof resetConfirmInput>) {
  const userId = userIdFromUidb64(input.uid);
  const row = userId === null ? undefined : await findOneTimeToken(ctx.db, 'password_resets', input.token);
  const valid = row && row.user_id === userId && !row.used_at && row.expires_at > new Date().toISOString();
  const user = valid ? await findUserById(ctx.db, row.user_id) : undefined;
  if (!user || user.is_active !== 1) throw fieldError('token', BAD_RESET_LINK);
  const problem = passwordProblem(input.new_password1, user);
  if (problem) throw fieldError('new_password1', problem);
  const passwordHash = await hashPassword(input.new_password1, ctx.passwordCost);
  if ((await consumeOneTimeToken(ctx.db, 'password_resets', input.token, user.id)) === null) {
    throw fieldError('token', BAD_RESET_LINK);
  }
  // The link came to the mailbox, which proves the address as well as a verification link does.
  await updateUser(ctx.db, user.id, {
    password_hash: passwordHash,
    email_verified_at: user.email_verified_at ?? new Date().toISOString(),
  });
  await expireOneTimeTokens(ctx.db, 'password_resets', user.id);
  await expireOneTimeTokens(ctx.db, 'email_verifications', user.id);
  await deletePendingRegistrations(ctx.db, user.id);
  await revokeUserFamilies(ctx.db, user.id);
  return { detail: 'Password has been reset with the new password.' };
}

export async function changePassword(
  ctx: Context & { user: NonNullable<Context['user']>; familyId: string },
  oldPassword: string,
  newPassword: string,
) {
  if (!(await verifyPassword(ctx.user.password_hash, oldPassword))) {
    throw fieldError('old_password', 'Your old password was entered incorrectly. Please enter it again.');
  }
  const problem = passwordProblem(newPassword, ctx.user);
  if (problem) throw fieldError('new_password1', problem);
  const passwordHash = await hashPassword(newPassword, ctx.passwordCost);
  await updateUser(ctx.db, ctx.user.id, { password_hash: passwordHash });
  await expireOneTimeTokens(ctx.db, 'password_resets', ctx.user.id);
  // Other devices are signed out; this one stays signed in.
  await revokeUserFamilies(ctx.db, ctx.user.id, ctx.familyId);
  return { detail: 'New password has been saved.' };
}
