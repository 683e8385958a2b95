// The states every wizard list shares: loading, a failure with retry (or, offline, what works
// without a connection), empty, and gone (a
// bookmarked program, paper or topic that was deactivated or removed answers 404).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SkeletonGrid } from '../../components/Skeleton';
import { httpStatusOf } from '../../lib/errors';
import { LoadFailure } from '../../components/NeedsConnection';

interface ListStatesProps<T> {
  query: { isLoading: boolean; isError: boolean; error?: unknown; data?: T[]; refetch: () => unknown };
  failure: string;
  /** Where a list whose parent no longer exists sends the student, e.g. "this topic". */
  gone?: { what: string; backTo: { path: string; label: string } };
  empty: { title: string; message?: string };
  children: (items: T[]) => ReactNode;
}

export function ListStates<T>({ query, failure, empty, gone, children }: ListStatesProps<T>) {
  if (query.isLoading) return <SkeletonGrid />;
  if (gone && httpStatusOf(query.error) === 404) {
    return (
      <EmptyState
        title="No longer available"
        message={`${gone.what[0].toUpperCase()}${gone.what.slice(1)} is no longer available. Your school may have removed it.`}
      >
        <Link to={gone.backTo.path} className={buttonClass('primary')}>
          Back to {gone.backTo.label}
        </Link>
      </EmptyState>
    );
  }
  if (query.isError || !query.data)
    return <LoadFailure message={failure} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={empty.title} message={empty.message} />;
  return <>{children(query.data)}</>;
}

export function CardGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}
