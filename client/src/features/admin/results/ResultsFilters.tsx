import { ErrorPanel } from '../../../components/ErrorPanel';
import { ProgramPaperFilters, SetFilter, setsOfKind } from '../components/CatalogFilters';
import { Select } from '../components/Select';
import type { AdminData } from '../hooks/useAdminData';
import type { ResultsFilter, TypeFilter } from './useResultsFilter';

const TYPES = [
  { value: 'mock', label: 'Mock exams' },
  { value: 'practice', label: 'Practice tests' },
];

/** As a filter every select may stay open ("All ..."); as a set picker (`pick`) each asks for a choice. */
const WORDS = {
  filter: { type: 'All types', program: 'All programs', paper: 'All papers', set: 'All sets' },
  pick: { type: 'Choose a type', program: 'Choose a program', paper: 'Choose a paper', set: 'Choose a set' },
};

export function ResultsFilters({
  filter,
  content,
  mode = 'filter',
}: {
  filter: ResultsFilter;
  content: AdminData['content'];
  mode?: keyof typeof WORDS;
}) {
  const words = WORDS[mode];
  const kind = filter.type === 'all' ? '' : filter.type;
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Select
          label="Quiz type"
          value={kind}
          options={TYPES}
          placeholder={words.type}
          onChange={(v) => filter.setType((v || 'all') as TypeFilter)}
        />
        <ProgramPaperFilters
          content={content.data}
          programId={filter.programId}
          paperId={filter.paperId}
          onProgram={filter.setProgram}
          onPaper={filter.setPaper}
          words={words}
        />
        <SetFilter
          kindWord="type"
          kind={kind}
          paperId={filter.paperId}
          value={filter.setId}
          options={setsOfKind(content.data, kind, filter.paperId)}
          onChange={filter.setSet}
          allWord={words.set}
        />
      </div>
      {content.isError && (
        <ErrorPanel
          retryLabel="Retry"
          message="Failed to load programs and papers for the filters."
          onRetry={() => content.refetch()}
        />
      )}
    </>
  );
}
