// Item Analysis: pick a mock or practice set, see Moodle-style statistics of
// each of its questions over the students' first attempts.
import { keepPreviousData } from '@tanstack/react-query';
import { EmptyState } from '../../../components/EmptyState';
import { trpc } from '../../../lib/trpc';
import { Loaded } from '../components/Loaded';
import type { AdminData } from '../hooks/useAdminData';
import { ResultsFilters } from '../results/ResultsFilters';
import { useResultsFilter } from '../results/useResultsFilter';
import { ItemAnalysisReport } from './ItemAnalysisReport';

export function ItemAnalysisTab({ content }: { content: AdminData['content'] }) {
  const pick = useResultsFilter();
  const chosen = pick.type !== 'all' && pick.setId !== '';
  const report = trpc.admin.reports.itemAnalysis.useQuery(
    { quiz_type: pick.type === 'mock' ? 'mock' : 'practice', quiz_id: Number(pick.setId) },
    { enabled: chosen, placeholderData: keepPreviousData },
  );

  return (
    <div className="flex flex-col gap-4">
      <ResultsFilters filter={pick} content={content} mode="pick" />
      {!chosen ? (
        <EmptyState
          title="Choose a set"
          message="Pick a mock exam or practice set to see its item analysis."
        />
      ) : (
        <Loaded query={report} loading="Loading item analysis…" failed="Failed to load the item analysis.">
          {(data) => <ItemAnalysisReport report={data} />}
        </Loaded>
      )}
    </div>
  );
}
