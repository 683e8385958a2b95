// Account procedures (/auth/...). Rules live in services/accounts.ts.
import {
  emailOnlyInput,
  loginInput,
  passwordChangeInput,
  refreshInput,
  registerInput,
  resetConfirmInput,
  tokenInput,
  verifyEmailInput,
} from '../../shared/schemas/auth';
import { z } from 'zod';
import { fieldError } from '../errors';
import { revokeFamily } from '../queries/authTokens';
import { findUserByEmail } from '../queries/users';
import { sendPasswordResetMail, sendVerificationMail } from '../services/accountMail';
import {
  BAD_VERIFICATION_LINK,
  changePassword,
  confirmPasswordReset,
  register,
  verificationLinkIsLive,
  verifyEmail,
} from '../services/accounts';
import { confirmEmailChange } from '../services/ownAccount';
import { afterPasswordReset, signIn } from '../services/signIn';
import { rotateRefreshToken } from '../services/sessions';
import { authedProcedure, enforceRateLimits, limitFailures, publicProcedure, router } from '../trpc';

const RESET_SENT = { detail: 'Password reset e-mail has been sent.' };
const VERIFICATION_SENT = {
  detail:
    'If this address has an unverified account, a new link is on its way. Every link sent to it in the last 3 days works too.',
};

export const authRouter = router({
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['register', ctx.ip]]);
    return register(ctx, input);
  }),

  // An e-mail and a password: 2 KB is ten times what a real sign-in sends.
  login: publicProcedure
    .meta({ access: 'public', maxBodyBytes: 2 * 1024, bodyLane: 'session' })
    .input(loginInput)
    // The limits of sign-in live in signIn.ts: per account and on an address's failures only.
    .mutation(({ ctx, input }) => signIn(ctx, input)),

  // The token is checked before anything counts: only invalid ones use up the address's budget.
  refresh: publicProcedure
    .meta({ access: 'public', bodyLane: 'session' })
    .input(refreshInput)
    .mutation(({ ctx, input }) =>
      limitFailures(ctx, 'refreshFailuresPerAddress', ctx.ip, () => rotateRefreshToken(ctx, input.refresh)),
    ),

  logout: publicProcedure
    .input(z.object({ refresh: z.string().max(2048).optional() }).optional())
    .mutation(async ({ ctx, input }) => {
      if (ctx.familyId) await revokeFamily(ctx.db, ctx.familyId);
      const claims = input?.refresh ? await ctx.signer.verify(input.refresh, 'refresh') : null;
      if (claims) await revokeFamily(ctx.db, claims.familyId);
      return { detail: 'Successfully logged out.' };
    }),

  verifyEmail: publicProcedure
    .input(verifyEmailInput)
    .mutation(({ ctx, input }) =>
      limitFailures(ctx, 'badLinksPerAddress', ctx.ip, () => verifyEmail(ctx, input.token, input.password)),
    ),

  /** Whether a verification link can still be used (the mailed link's landing checks it first). */
  verificationLinkIsLive: publicProcedure.input(tokenInput).query(({ ctx, input }) =>
    limitFailures(ctx, 'badLinksPerAddress', ctx.ip, async () => {
      if (!(await verificationLinkIsLive(ctx, input.token))) throw fieldError('token', BAD_VERIFICATION_LINK);
      return true;
    }),
  ),

  /** The link mailed to an admin's new address: the change takes effect and every session ends. */
  confirmEmailChange: publicProcedure
    .input(tokenInput)
    .mutation(({ ctx, input }) =>
      limitFailures(ctx, 'badLinksPerAddress', ctx.ip, () => confirmEmailChange(ctx, input.token)),
    ),

  resendVerification: publicProcedure.input(emailOnlyInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [
      ['mailRequestsPerAddress', ctx.ip],
      ['resetPerAccount', `verify|${input.email}`],
    ]);
    const user = await findUserByEmail(ctx.db, input.email);
    if (user && !user.email_verified_at && user.is_active === 1) await sendVerificationMail(ctx, user);
    return VERIFICATION_SENT;
  }),

  requestPasswordReset: publicProcedure.input(emailOnlyInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [
      ['mailRequestsPerAddress', ctx.ip],
      ['resetPerAccount', `reset|${input.email}`],
    ]);
    const user = await findUserByEmail(ctx.db, input.email);
    if (user && user.is_active === 1) await sendPasswordResetMail(ctx, user);
    return RESET_SENT;
  }),

  confirmPasswordReset: publicProcedure.input(resetConfirmInput).mutation(async ({ ctx, input }) => {
    const answer = await limitFailures(ctx, 'badLinksPerAddress', ctx.ip, () =>
      confirmPasswordReset(ctx, input),
    );
    // The owner proved the mailbox: the account's wait ends, and this browser is trusted.
    await afterPasswordReset(ctx, input.uid);
    return answer;
  }),

  changePassword: authedProcedure.input(passwordChangeInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['passwordConfirmPerUser', `user:${ctx.user.id}`]]);
    return changePassword(ctx, input.old_password, input.new_password1);
  }),
});
