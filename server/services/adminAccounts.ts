// An admin helping a student into their account without e-mail: resend the verification mail,
// hand over a verification or reset link (one-time, stored hashed like a mailed one), or verify
// the address by hand. The links and the verification are made by the account services; each
// action is written to the server log with the admin's and the student's address.
import { TRPCError } from '@trpc/server';
import type { Context } from '../context';
import type { User } from '../../db/schema';
import { accountStateOf } from '../../shared/domain/accountState';
import { userInScope } from '../queries/schoolScope';
import { findUserById } from '../queries/users';
import { createPasswordResetLink, createVerificationLink, sendVerificationMail } from './accountMail';
import { markUserVerified } from './accounts';
import { scopedSchoolId, type StaffScope } from './staffScope';

type AdminContext = Context & { user: User; scope: StaffScope };

const refused = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/**
 * The student an action is for, in the state it needs; anything else is refused unchanged. School
 * staff reach their own school's accounts only: another school's is as if it did not exist.
 */
async function studentFor(ctx: AdminContext, userId: number, needs: 'unverified' | 'active') {
  const user = await findUserById(ctx.db, userId);
  const scoped = scopedSchoolId(ctx.scope);
  if (!user || !(await userInScope(ctx.db, user.id, scoped, { staff: true })))
    throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found.' });
  if (user.is_staff === 1 || user.is_superuser === 1)
    throw refused(
      'This is a staff account: its owner signs in or resets the password from the sign-in page.',
    );
  const state = accountStateOf(user);
  if (state === 'deactivated') throw refused('This account is deactivated.');
  if (needs === 'unverified' && state === 'verified')
    throw refused(`${user.email} is already verified: the student can sign in.`);
  return user;
}

function logAction(ctx: AdminContext, what: string, student: User) {
  ctx.logger.info(
    { topic: 'admin', admin: ctx.user.email, student: student.email, userId: student.id },
    `${ctx.user.email} ${what} for ${student.email} (user ${student.id})`,
  );
}

export async function resendVerification(ctx: AdminContext, userId: number) {
  const student = await studentFor(ctx, userId, 'unverified');
  if (!(await sendVerificationMail(ctx, student))) {
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `${student.email} has had its account e-mails for this hour: copy the verification link instead.`,
    });
  }
  logAction(ctx, 'resent the verification e-mail', student);
  return { detail: `Verification e-mail sent to ${student.email}.` };
}

export async function verificationLink(ctx: AdminContext, userId: number) {
  const student = await studentFor(ctx, userId, 'unverified');
  const link = await createVerificationLink(ctx, ctx.db, student.id);
  logAction(ctx, 'copied a verification link', student);
  return { link, detail: `A verification link for ${student.email}: it works once, for 3 days.` };
}

export async function resetLink(ctx: AdminContext, userId: number) {
  const student = await studentFor(ctx, userId, 'active');
  const link = await createPasswordResetLink(ctx, ctx.db, student.id);
  logAction(ctx, 'copied a password reset link', student);
  return {
    link,
    detail: `A password reset link for ${student.email}: it works once, for one hour, and ends any earlier one.`,
  };
}

export async function verifyByHand(ctx: AdminContext, userId: number) {
  const student = await studentFor(ctx, userId, 'unverified');
  const { passwordWorks } = await markUserVerified(ctx.db, student.id);
  logAction(ctx, 'verified the e-mail address by hand', student);
  // With several registrations of the address, none of their passwords became active.
  return {
    detail: passwordWorks
      ? `${student.email} is verified: the student can sign in.`
      : `${student.email} is verified, but it was registered more than once, so no password was kept: copy a password reset link for the student.`,
  };
}
