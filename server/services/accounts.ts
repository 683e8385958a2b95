// Account rules that need more than one query: registration, sign-in, password resets.

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
import { findUserByEmail, findUserById, insertUser, updateUser } from '../queries/users';
import type { loginInput, registerInput, resetConfirmInput } from '../../shared/schemas/auth';
import {
  deliverLater,
  queueAlreadyRegisteredMail,
  queueVerificationMail,
  userIdFromUidb64,
} from './accountMail';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from './passwords';
import { startSession } from './sessions';

export async function register(ctx: Context, input: z.output<typeof registerInput>) {
  const problem = passwordProblem(input.password1, input);
  if (problem) throw fieldError('password1', problem);
  // Hash in every branch so that an existing address takes the same time as a new one.
  const passwordHash = await hashPassword(input.password1);
  const registration = {
    full_name: input.full_name,
    password_hash: passwordHash,
    date_of_birth: input.date_of_birth,
    gender: input.gender,
    region_of_institution: input.region_of_institution,
    program_of_study: input.program_of_study,
    school: input.school,
  };
  // One transaction, one registration of an address at a time: the link mailed belongs to the
  // registration written.
  const mail = await serialized(ctx.db, [`email:${input.email.toLowerCase()}`], async (trx) => {
    const existing = await findUserByEmail(trx, input.email);
    if (existing?.email_verified_at) return queueAlreadyRegisteredMail(ctx, trx, existing);
    if (existing) {
      // An unverified address proves nothing: the latest registration replaces the earlier one
      // (django-allauth's rule), whose links die, so a squatter's password can never become active.
      const user = await updateUser(trx, existing.id, { ...registration, bio: '', avatar: null });
      await expireOneTimeTokens(trx, 'email_verifications', user.id);
      return queueVerificationMail(ctx, trx, user);
    }
    const user = await insertUser(trx, {
      ...registration,
      email: input.email,
      bio: '',
      avatar: null,
      email_verified_at: null,
      last_login: null,
      created_at: new Date().toISOString(),
    });
    return queueVerificationMail(ctx, trx, user);
  });
  deliverLater(ctx, mail);
  return { detail: 'Verification e-mail sent.' };
}

export const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';

/** `beforePasswordCheck` runs only when a password is really checked (the account exists). */
export async function login(
  ctx: Context,
  input: z.output<typeof loginInput>,
  beforePasswordCheck: () => Promise<void> = async () => {},
) {
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

export async function verifyEmail(ctx: Context, token: string) {
  // One transaction, so no registration can replace the password between the check and the write.
  const verified = await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeOneTimeToken(trx, 'email_verifications', token);
    if (userId === null) return false;
    await markEmailVerified(trx, userId);
    return true;
  });
  if (!verified) throw fieldError('token', 'This verification link is invalid or has expired.');
  return { detail: 'Your e-mail address is verified. You can sign in now.' };
}

/** Marks the address verified (once: a later call keeps the first time). */
export async function markEmailVerified(db: DB, userId: number) {
  const user = await findUserById(db, userId);
  if (user && !user.email_verified_at) {
    await updateUser(db, userId, { email_verified_at: new Date().toISOString() });
  }
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
  const passwordHash = await hashPassword(input.new_password1);
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
  await updateUser(ctx.db, ctx.user.id, { password_hash: await hashPassword(newPassword) });
  await expireOneTimeTokens(ctx.db, 'password_resets', ctx.user.id);
  // Other devices are signed out; this one stays signed in.
  await revokeUserFamilies(ctx.db, ctx.user.id, ctx.familyId);
  return { detail: 'New password has been saved.' };
}
