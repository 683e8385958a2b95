// An admin's changes to another user's access. Each ends every session of that user
// (services/userAccess.ts); the last platform admin cannot lose the role or be deactivated. School
// admins act on their own school's accounts only; tutors change nobody's access.
import { setUserActiveInput, setUserRoleInput } from '../../shared/schemas/admin';
import { setStaffRoleInput } from '../../shared/schemas/schools';
import { fieldError } from '../errors';
import { userInScope } from '../queries/schoolScope';
import { LastAdminError, toProfile } from '../queries/users';
import { scopedSchoolId } from '../services/staffScope';
import { NO_SUCH_USER, setStaffRole } from '../services/staffRoles';
import { setUserActive } from '../services/userAccess';
import { platformAdminProcedure, schoolAdminProcedure } from '../trpc';

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof LastAdminError) throw fieldError('non_field_errors', err.message, 'CONFLICT');
    if (err instanceof Error && err.message.startsWith('No user ')) {
      throw fieldError('id', NO_SUCH_USER, 'NOT_FOUND');
    }
    throw err;
  }
}

const ROLE_WORDS = {
  student: 'a student',
  tutor: 'a tutor',
  school_admin: 'a school admin',
  platform_admin: 'an admin',
} as const;

export const adminUserProcedures = {
  /** Admin or student, as before schools: a platform admin's choice. */
  setUserRole: platformAdminProcedure.input(setUserRoleInput).mutation(async ({ ctx, input }) => {
    const role = input.admin ? 'platform_admin' : 'student';
    const user = await guarded(() => setStaffRole(ctx.db, ctx.scope, ctx.user.id, { id: input.id, role }));
    ctx.logger.info(
      { topic: 'admin', admin: ctx.user.email, userId: user.id },
      `${ctx.user.email} made user ${user.id} ${ROLE_WORDS[role]}`,
    );
    return toProfile(user);
  }),

  /** Student, tutor or school admin of a school, or platform admin (services/staffRoles.ts). */
  setStaffRole: schoolAdminProcedure.input(setStaffRoleInput).mutation(async ({ ctx, input }) => {
    const user = await guarded(() => setStaffRole(ctx.db, ctx.scope, ctx.user.id, input));
    ctx.logger.info(
      { topic: 'admin', admin: ctx.user.email, userId: user.id, schoolId: user.school_id },
      `${ctx.user.email} made user ${user.id} ${ROLE_WORDS[input.role]}`,
    );
    return { ...toProfile(user), staff_role: user.staff_role, school_id: user.school_id };
  }),

  setUserActive: schoolAdminProcedure.input(setUserActiveInput).mutation(async ({ ctx, input }) => {
    if (!(await userInScope(ctx.db, input.id, scopedSchoolId(ctx.scope), { staff: true })))
      throw fieldError('id', NO_SUCH_USER, 'NOT_FOUND');
    const user = await guarded(() => setUserActive(ctx.db, input.id, input.active));
    ctx.logger.info(
      { topic: 'admin', admin: ctx.user.email, userId: user.id },
      `${ctx.user.email} ${input.active ? 'reactivated' : 'deactivated'} user ${user.id}`,
    );
    return toProfile(user);
  }),
};
