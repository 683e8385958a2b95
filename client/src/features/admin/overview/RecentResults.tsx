import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';
import type { AdminData } from '../hooks/useAdminData';
import { formatDateTime } from '../lib/format';

const SHOWN = 5;

export function RecentResults({ results }: Pick<AdminData, 'results'>) {
  if (results.isPending) return <SkeletonGrid count={3} label="Loading results…" />;
  if (results.isError)
    return (
      <ErrorPanel retryLabel="Retry" message="Failed to load results." onRetry={() => results.refetch()} />
    );
  if (results.data.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">No quiz results yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {results.data.slice(0, SHOWN).map((r) => (
        <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
          <span>
            <span className="font-medium">{r.session.user_name}</span> · {r.session.quiz_name}{' '}
            <span className="text-xs text-slate-500 dark:text-slate-400">({r.session.quiz_type})</span>
          </span>
          <span className="text-slate-600 dark:text-slate-300">
            {r.percentage}% · {formatDateTime(r.created_at)}
          </span>
        </li>
      ))}
    </ul>
  );
}
