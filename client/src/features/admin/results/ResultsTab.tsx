// Quiz Results: every student's results, filtered on the server by type, program, paper and set,
// and exported as the filters stand. The unfiltered view is the list loaded with the dashboard.
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { EmptyState } from '../../../components/EmptyState';
import { SkeletonGrid } from '../../../components/Skeleton';
import type { AdminData } from '../hooks/useAdminData';
import { ExportButtons } from './ExportButtons';
import { ResultsFilters } from './ResultsFilters';
import { ResultsList } from './ResultsList';
import { useResultsFilter } from './useResultsFilter';

export function ResultsTab({
  content,
  allResults,
}: {
  content: AdminData['content'];
  allResults: AdminData['results'];
}) {
  const filter = useResultsFilter();
  const results = trpc.admin.results.useQuery(filter.input, { placeholderData: keepPreviousData });

  let body;
  if (results.isPending) body = <SkeletonGrid count={3} label="Loading results…" />;
  else if (results.isError)
    body = (
      <ErrorPanel retryLabel="Retry" message="Failed to load results." onRetry={() => results.refetch()} />
    );
  else if (results.data.length === 0) {
    const none = !filter.active || allResults.data?.length === 0;
    body = (
      <EmptyState
        title="No results found"
        message={none ? 'No quiz results available.' : 'No results match your filter criteria.'}
      />
    );
  } else {
    // Keyed by the filter, so a new filter starts again at the first page.
    body = (
      <ResultsList key={JSON.stringify(filter.input)} results={results.data} updating={results.isFetching} />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ResultsFilters filter={filter} content={content} />
      <ExportButtons filter={filter.input} disabled={!results.data?.length} />
      {body}
    </div>
  );
}
