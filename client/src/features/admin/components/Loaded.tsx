// A query's data handed to `children` once it is there; meanwhile a skeleton, after a failure the
// error with Retry (slow mobile data fails often, so every load can be retried).
import type { ReactNode } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';

interface Query<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => unknown;
}

export function Loaded<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: Query<T>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError)
    return <ErrorPanel retryLabel="Retry" message={failed} onRetry={() => query.refetch()} />;
  return <SkeletonGrid count={2} label={loading} />;
}
