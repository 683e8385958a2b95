// The three states every wizard list shares: loading, a failure with retry, empty.
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorPanel } from '../../components/ErrorPanel';
import { SkeletonGrid } from '../../components/Skeleton';

interface ListStatesProps<T> {
  query: { isLoading: boolean; isError: boolean; data?: T[]; refetch: () => unknown };
  failure: string;
  empty: { title: string; message?: string };
  children: (items: T[]) => ReactNode;
}

export function ListStates<T>({ query, failure, empty, children }: ListStatesProps<T>) {
  if (query.isLoading) return <SkeletonGrid />;
  if (query.isError || !query.data)
    return <ErrorPanel message={failure} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={empty.title} message={empty.message} />;
  return <>{children(query.data)}</>;
}

export function CardGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}
