// A user's role, and for an admin who may change it a select and Save: the platform admin
// chooses any role (a tutor or school admin works for the user's own school), a school admin
// moves their school's accounts between student, tutor and school admin. Nobody changes their
// own role; a tutor changes none.
import { useState } from 'react';
import { smallButton } from '../components/ui';
import type { AdminScope, AdminUser } from '../types';

export type RoleValue = 'student' | 'tutor' | 'school_admin' | 'platform_admin';

const LABELS: Record<RoleValue, string> = {
  student: 'Student',
  tutor: 'Tutor',
  school_admin: 'School admin',
  platform_admin: 'Admin',
};
const CHOICES: Record<RoleValue, string> = { ...LABELS, platform_admin: 'Platform admin' };

export function roleOf(user: AdminUser): RoleValue {
  return user.staff_role ?? (user.role === 'admin' ? 'platform_admin' : 'student');
}

/** The roles an admin of this scope may give, or none. */
export function rolesFor(scope: AdminScope | undefined): RoleValue[] {
  if (scope?.role === 'platform_admin') return ['student', 'tutor', 'school_admin', 'platform_admin'];
  if (scope?.role === 'school_admin') return ['student', 'tutor', 'school_admin'];
  return [];
}

export function RoleCell({
  user,
  roles,
  busy,
  onChange,
}: {
  user: AdminUser;
  /** Empty: the badge alone. */
  roles: RoleValue[];
  busy: boolean;
  onChange: (user: AdminUser, role: RoleValue) => void;
}) {
  const current = roleOf(user);
  const [choice, setChoice] = useState<RoleValue>(current);
  // The select opens on demand, so the column stays as narrow as its badges.
  const [editing, setEditing] = useState(false);
  const staff = current !== 'student';
  const button = `${smallButton} border border-slate-300 dark:border-slate-600`;
  return (
    <div className="flex flex-col items-start gap-1">
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${
          staff
            ? 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200'
            : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
        }`}
      >
        {LABELS[current]}
      </span>
      {roles.includes(current) && !editing && (
        <button
          type="button"
          className={button}
          disabled={busy}
          aria-label={`Change the role of ${user.full_name}`}
          onClick={() => setEditing(true)}
        >
          Change
        </button>
      )}
      {editing && (
        <>
          <select
            aria-label={`Role of ${user.full_name}`}
            className="rounded border border-slate-300 bg-white px-1 py-0.5 text-xs dark:border-slate-600 dark:bg-slate-900"
            value={choice}
            onChange={(e) => setChoice(e.target.value as RoleValue)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {CHOICES[r]}
              </option>
            ))}
          </select>
          <div className="flex gap-1">
            <button
              type="button"
              className={button}
              disabled={busy || choice === current}
              aria-label={`Save the role of ${user.full_name}`}
              onClick={() => {
                setEditing(false);
                onChange(user, choice);
              }}
            >
              Save
            </button>
            <button type="button" className={button} onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </>
      )}
    </div>
  );
}
