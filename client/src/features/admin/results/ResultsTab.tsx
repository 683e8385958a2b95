// Quiz Results: every student's results, filtered on the server by type, program, paper and set
// (SPEC 2; issue 5 point 6). The unfiltered view is the list loaded with the dashboard.
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import type { AdminData } from '../hooks/useAdminData';
import { ResultsFilters } from './ResultsFilters';
import { ResultsTable } from './ResultsTable';
import { useResultsFilter } from './useResultsFilter';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { EmptyState } from '../../../components/EmptyState';
import { SkeletonGrid } from '../../../components/Skeleton';
import { buttonClass } from '../../../components/Button';

const PAGE = 50;
/** admin.results answers with the newest 1000 matches at most (docs/api-contract.md). */
const SERVER_LIMIT = 1000;

export function ResultsTab({
  content,
  allResults,
}: {
  content: AdminData['content'];
  allResults: AdminData['results'];
}) {
  const filter = useResultsFilter();
  const [shown, setShown] = useState(PAGE);
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
    body = (
      <>
        <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
          {results.data.length} result{results.data.length === 1 ? '' : 's'}
          {results.isFetching && ' (updating…)'}
          {results.data.length >= SERVER_LIMIT &&
            ' — the newest ones; narrow the filters to see older results.'}
        </p>
        <ResultsTable results={results.data.slice(0, shown)} />
        {results.data.length > shown && (
          <button
            type="button"
            className={buttonClass('secondary', 'self-center')}
            onClick={() => setShown(shown + PAGE)}
          >
            Show more ({results.data.length - shown} left)
          </button>
        )}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ResultsFilters filter={filter} content={content.data} />
      {content.isError && (
        <ErrorPanel
          retryLabel="Retry"
          message="Failed to load programs and papers for the filters."
          onRetry={() => content.refetch()}
        />
      )}
      {body}
    </div>
  );
}
