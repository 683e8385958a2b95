// Which students and content a staff account acts on: everything (a platform admin), or one
// school's (its school admins and tutors).
import type { StaffRole, User } from '../../db/schema';

export type StaffScope = { kind: 'platform' } | { kind: 'school'; schoolId: number; role: StaffRole };

type ScopedUser = Pick<User, 'is_staff' | 'is_superuser' | 'staff_role' | 'school_id'>;

/** A staff account's scope; null for a student, and for school staff no longer linked to a school. */
export function staffScopeOf(user: ScopedUser): StaffScope | null {
  if (!user.is_staff && !user.is_superuser) return null;
  // Every admin before schools existed has no role: the platform admin of a single-school install.
  if (user.staff_role === null) return { kind: 'platform' };
  if (user.school_id === null) return null;
  return { kind: 'school', schoolId: user.school_id, role: user.staff_role };
}

/** The one school a scope is limited to, or null for the platform. */
export function scopedSchoolId(scope: StaffScope): number | null {
  return scope.kind === 'school' ? scope.schoolId : null;
}
