// Whom the admin area is for: the platform admin, or a school's admin or tutor. The tabs, the
// header and the users' role controls follow it; the server enforces the same scope regardless.
import { trpc } from '../../../lib/trpc';
import type { AdminScope } from '../types';

export function useAdminScope() {
  return trpc.admin.me.useQuery(undefined, { staleTime: Infinity });
}

const ROLE_NAMES: Record<AdminScope['role'], string> = {
  platform_admin: 'Admin',
  school_admin: 'School admin',
  tutor: 'Tutor',
};

/** "School admin · Alpha Nursing Training College", or "Admin" for the platform admin. */
export function scopeLabel(scope: AdminScope | undefined): string {
  if (!scope) return 'Admin';
  return scope.school ? `${ROLE_NAMES[scope.role]} · ${scope.school.name}` : ROLE_NAMES[scope.role];
}
