// The signed-in user's own profile (/profile/), and deleting the account.
import { deleteAccountInput, profileUpdateInput } from '../../shared/schemas/auth';
import { fieldError } from '../errors';
import { deleteUserUnlessLastAdmin, toProfile, updateUser } from '../queries/users';
import { verifyPassword } from '../services/passwords';
import { schoolIdForName } from '../services/schools';
import { authedProcedure, enforceRateLimits, isStaff, router } from '../trpc';

const LAST_ADMIN = 'You are the only admin: make another user an admin before deleting this account.';

export const profileRouter = router({
  get: authedProcedure.query(({ ctx }) => toProfile(ctx.user)),

  update: authedProcedure.input(profileUpdateInput).mutation(async ({ ctx, input }) => {
    const { email, gender, avatar, ...changes } = input;
    // The original profile form sends e-mail and gender back unchanged; a different value is refused.
    if (email !== undefined && email !== ctx.user.email) throw fieldError('email', 'Email cannot be changed');
    if (gender !== undefined && gender !== ctx.user.gender)
      throw fieldError('gender', 'Gender cannot be changed');
    const patch = {
      ...changes,
      ...(avatar !== undefined ? { avatar: avatar || null } : {}),
      // A student's typed school moves them to the school it names; staff stay with theirs.
      ...(changes.school !== undefined && !isStaff(ctx.user)
        ? { school_id: await schoolIdForName(ctx.db, changes.school) }
        : {}),
    };
    const user = Object.keys(patch).length ? await updateUser(ctx.db, ctx.user.id, patch) : ctx.user;
    return toProfile(user);
  }),

  delete: authedProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['passwordConfirmPerUser', `user:${ctx.user.id}`]]);
    if (!(await verifyPassword(ctx.user.password_hash, input.password))) {
      throw fieldError('password', 'The password is not correct.');
    }
    if (!(await deleteUserUnlessLastAdmin(ctx.db, ctx.user.id))) {
      throw fieldError('non_field_errors', LAST_ADMIN, 'CONFLICT');
    }
    return { detail: 'Your account and all its results have been deleted.' };
  }),
});
