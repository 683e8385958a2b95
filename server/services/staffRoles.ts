// Who is staff of which school. The platform admin makes anyone a student, a tutor or school
// admin of a school, or a platform admin; a school admin moves accounts of their own school
// between student, tutor and school admin (removing staff makes them students of the school
// again: their account and history stay). Nobody changes their own role, and the last platform
// admin is never demoted (queries/users.ts). Each change ends the user's sessions.
import { TRPCError } from '@trpc/server';
import type { DB } from '../../db/client';
import type { UserUpdate } from '../../db/schema';
import type { SetStaffRoleInput } from '../../shared/schemas/schools';
import { fieldError } from '../errors';
import { findSchool } from '../queries/schools';
import { userInScope } from '../queries/schoolScope';
import { findUserById } from '../queries/users';
import type { StaffScope } from './staffScope';
import { changeAndSignOut } from './userAccess';

export const NO_SUCH_USER = 'No such user.';
const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });

/** The school a tutor or school admin will work for, checked; null for the other roles. */
async function schoolFor(db: DB, scope: StaffScope, input: SetStaffRoleInput, ownSchool: number | null) {
  if (input.role !== 'tutor' && input.role !== 'school_admin') return null;
  if (scope.kind === 'school') return scope.schoolId;
  const schoolId = input.school_id ?? ownSchool;
  if (schoolId === null) throw fieldError('school_id', 'Choose the school this account works for.');
  if (!(await findSchool(db, schoolId))) throw fieldError('school_id', 'School not found.');
  return schoolId;
}

function patchFor(role: SetStaffRoleInput['role'], schoolId: number | null): UserUpdate {
  if (role === 'student') return { is_staff: 0, is_superuser: 0, staff_role: null };
  if (role === 'platform_admin') return { is_staff: 1, is_superuser: 1, staff_role: null };
  return { is_staff: 1, is_superuser: 0, staff_role: role, school_id: schoolId };
}

/** Applies a role change `actorId` asked for within `scope`; refusals change nothing. */
export async function setStaffRole(db: DB, scope: StaffScope, actorId: number, input: SetStaffRoleInput) {
  if (input.id === actorId) throw forbidden('You cannot change your own role: ask another admin.');
  if (scope.kind === 'school') {
    if (scope.role !== 'school_admin') throw forbidden('Only a school admin can change staff roles.');
    if (input.role === 'platform_admin') throw forbidden('Only a platform admin can make platform admins.');
    if (input.school_id !== undefined && input.school_id !== scope.schoolId)
      throw new TRPCError({ code: 'NOT_FOUND', message: 'School not found.' });
  }
  const target = await findUserById(db, input.id);
  if (
    !target ||
    !(await userInScope(db, target.id, scope.kind === 'school' ? scope.schoolId : null, { staff: true }))
  )
    throw fieldError('id', NO_SUCH_USER, 'NOT_FOUND');
  const schoolId = await schoolFor(db, scope, input, target.school_id);
  return changeAndSignOut(db, target.id, patchFor(input.role, schoolId));
}
