import { numberTdClass, numberThClass, tableClass, tdClass, thClass } from '../components/ui';
import { formatDate } from '../lib/format';
import type { AdminUser } from '../types';
import { ScrollBox } from '../components/ScrollBox';
import { AccountCell } from './AccountCell';
import { RoleCell, type RoleValue } from './RoleCell';
import type { AccountActions } from './useAccountActions';

export function UsersTable({
  users,
  actions,
  roles,
  selfId,
}: {
  users: AdminUser[];
  actions: AccountActions;
  /** The roles the signed-in admin may give (none for a tutor); never on their own or a deactivated row. */
  roles: RoleValue[];
  selfId: number | undefined;
}) {
  return (
    <ScrollBox
      label="Users list"
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <table className={tableClass}>
        <thead>
          <tr>
            <th className={thClass}>Name</th>
            <th className={thClass}>Role</th>
            <th className={thClass}>Account</th>
            <th className={thClass}>Program</th>
            <th className={thClass}>School</th>
            <th className={thClass}>Born</th>
            <th className={thClass}>Joined</th>
            <th className={numberThClass}>Sessions</th>
            <th className={thClass}>Last result</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {users.map((u) => (
            <tr key={u.id}>
              <td className={`${tdClass} min-w-48`}>
                <div className="font-medium">{u.full_name}</div>
                {/* A long address wraps rather than widen the table past a laptop's screen. */}
                <div className="text-xs text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400">
                  {u.email}
                </div>
              </td>
              <td className={tdClass}>
                <RoleCell
                  user={u}
                  roles={u.id === selfId || !u.is_active ? [] : roles}
                  busy={actions.busy !== null}
                  onChange={(user, role) => void actions.changeRole(user, role)}
                />
              </td>
              <td className={tdClass}>
                <AccountCell user={u} actions={actions} helps={roles.length > 0} />
              </td>
              <td className={tdClass}>{u.program_of_study || '—'}</td>
              <td className={tdClass}>
                <div>{u.school || '—'}</div>
                {u.region_of_institution && (
                  <div className="text-xs text-slate-500 dark:text-slate-400">{u.region_of_institution}</div>
                )}
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>
                <div>{formatDate(u.date_of_birth)}</div>
                {u.gender && <div className="text-xs text-slate-500 dark:text-slate-400">{u.gender}</div>}
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>{formatDate(u.date_joined)}</td>
              <td className={numberTdClass}>{u.sessions_taken}</td>
              <td className={tdClass}>
                {u.last_result ? (
                  <>
                    <div className="font-medium">{u.last_result.percentage}%</div>
                    <div className="text-xs text-slate-500 dark:text-slate-400">
                      {u.last_result.quiz_name} · {formatDate(u.last_result.created_at)}
                    </div>
                  </>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
