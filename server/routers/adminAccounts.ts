// admin.accounts: an admin's help with a student's account when mail does not reach them (the
// rules are in services/adminAccounts.ts). The platform admin's and school admins', not tutors'.
import { accountActionInput } from '../../shared/schemas/adminAccounts';
import { resendVerification, resetLink, verificationLink, verifyByHand } from '../services/adminAccounts';
import { router, schoolAdminProcedure } from '../trpc';

const forStudent = schoolAdminProcedure.input(accountActionInput);

export const adminAccountsRouter = router({
  resendVerification: forStudent.mutation(({ ctx, input }) => resendVerification(ctx, input.user_id)),
  verificationLink: forStudent.mutation(({ ctx, input }) => verificationLink(ctx, input.user_id)),
  resetLink: forStudent.mutation(({ ctx, input }) => resetLink(ctx, input.user_id)),
  verify: forStudent.mutation(({ ctx, input }) => verifyByHand(ctx, input.user_id)),
});
