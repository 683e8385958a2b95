import type { AdminUser } from '../types';

/** Case-insensitive match on the fields a staff member would search by. */
export function filterUsers(users: AdminUser[], query: string): AdminUser[] {
  const q = query.trim().toLowerCase();
  if (!q) return users;
  return users.filter((u) =>
    [u.full_name, u.email, u.school, u.program_of_study, u.region_of_institution, u.role, u.state]
      .filter((v): v is string => typeof v === 'string')
      .some((v) => v.toLowerCase().includes(q)),
  );
}
