// Users: every account with its profile fields, role and activity; filtered as you type.
import { useDeferredValue, useMemo, useState } from 'react';
import Search from 'lucide-react/icons/search';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { EmptyState } from '../../../components/EmptyState';
import { SkeletonGrid } from '../../../components/Skeleton';
import { buttonClass } from '../../../components/Button';
import { INPUT_CLASS } from '../../../components/TextField';
import { useSession } from '../../../lib/session';
import type { AdminData } from '../hooks/useAdminData';
import { useAdminScope } from '../hooks/useAdminScope';
import { filterUsers } from './filterUsers';
import { UsersTable } from './UsersTable';
import { AccountNoticePanel } from './AccountNoticePanel';
import { useAccountActions } from './useAccountActions';
import { rolesFor } from './RoleCell';

// A school's whole intake can be thousands of rows: render a page at a time.
const PAGE = 50;

export function UsersTab({ users }: Pick<AdminData, 'users'>) {
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE);
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => filterUsers(users.data ?? [], deferred), [users.data, deferred]);
  const actions = useAccountActions();
  const scope = useAdminScope().data;
  const self = useSession().user;

  if (users.isPending) return <SkeletonGrid count={3} label="Loading users…" />;
  if (users.isError)
    return <ErrorPanel retryLabel="Retry" message="Failed to load users." onRetry={() => users.refetch()} />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <label className="relative block w-full sm:max-w-sm">
          <span className="sr-only">Search users</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setShown(PAGE);
            }}
            placeholder="Search by name, e-mail, school, program or region"
            className={`${INPUT_CLASS} pl-9`}
          />
        </label>
        <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
          {matches.length} of {users.data.length} users
        </p>
      </div>
      {actions.notice && <AccountNoticePanel notice={actions.notice} onDismiss={actions.dismiss} />}
      {matches.length === 0 ? (
        <EmptyState
          title="No users found"
          message={users.data.length ? 'No users match your search.' : 'No users yet.'}
        />
      ) : (
        <UsersTable
          users={matches.slice(0, shown)}
          actions={actions}
          roles={rolesFor(scope)}
          selfId={self?.id}
        />
      )}
      {matches.length > shown && (
        <button
          type="button"
          className={buttonClass('secondary', 'self-center')}
          onClick={() => setShown(shown + PAGE)}
        >
          Show more ({matches.length - shown} left)
        </button>
      )}
    </div>
  );
}
