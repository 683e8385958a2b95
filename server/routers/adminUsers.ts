// An admin's changes to another user's access. Each ends every session of that user
// (services/userAccess.ts); the last admin cannot lose the role or be deactivated.
import { setUserActiveInput, setUserRoleInput } from '../../shared/schemas/admin';
import { fieldError } from '../errors';
import { LastAdminError, toProfile } from '../queries/users';
import { setUserActive, setUserRole } from '../services/userAccess';
import { adminProcedure } from '../trpc';

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof LastAdminError) throw fieldError('non_field_errors', err.message, 'CONFLICT');
    if (err instanceof Error && err.message.startsWith('No user ')) {
      throw fieldError('id', 'No such user.', 'NOT_FOUND');
    }
    throw err;
  }
}

export const adminUserProcedures = {
  setUserRole: adminProcedure.input(setUserRoleInput).mutation(async ({ ctx, input }) => {
    const user = await guarded(() => setUserRole(ctx.db, input.id, input.admin));
    ctx.logger.info(
      { topic: 'admin', admin: ctx.user.email, userId: user.id },
      `${ctx.user.email} made user ${user.id} ${input.admin ? 'an admin' : 'a student'}`,
    );
    return toProfile(user);
  }),

  setUserActive: adminProcedure.input(setUserActiveInput).mutation(async ({ ctx, input }) => {
    const user = await guarded(() => setUserActive(ctx.db, input.id, input.active));
    ctx.logger.info(
      { topic: 'admin', admin: ctx.user.email, userId: user.id },
      `${ctx.user.email} ${input.active ? 'reactivated' : 'deactivated'} user ${user.id}`,
    );
    return toProfile(user);
  }),
};
