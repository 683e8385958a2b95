import { ErrorPanel } from '../../../components/ErrorPanel';
import { Select } from '../components/Select';
import type { AdminData } from '../hooks/useAdminData';
import { mockSetOptions, paperOptions, practiceSetOptions, programOptions } from '../lib/catalog';
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
  const catalog = content.data;
  // A set id means nothing without its type: the set list waits for a type and a paper.
  const sets = !catalog
    ? []
    : filter.type === 'mock'
      ? mockSetOptions(catalog, filter.paperId)
      : filter.type === 'practice'
        ? practiceSetOptions(catalog, filter.paperId)
        : [];
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Select
          label="Quiz type"
          value={filter.type === 'all' ? '' : filter.type}
          options={TYPES}
          placeholder={words.type}
          onChange={(v) => filter.setType((v || 'all') as TypeFilter)}
        />
        <Select
          label="Program"
          value={filter.programId}
          options={catalog ? programOptions(catalog) : []}
          placeholder={words.program}
          onChange={filter.setProgram}
          disabled={!catalog}
        />
        <Select
          label="Paper"
          value={filter.paperId}
          options={catalog ? paperOptions(catalog, filter.programId) : []}
          placeholder={filter.programId ? words.paper : 'Choose a program first'}
          onChange={filter.setPaper}
          disabled={!filter.programId}
        />
        <Select
          label="Set"
          value={filter.setId}
          options={sets}
          placeholder={
            filter.type === 'all'
              ? 'Choose a type first'
              : filter.paperId
                ? words.set
                : 'Choose a paper first'
          }
          onChange={filter.setSet}
          disabled={filter.type === 'all' || !filter.paperId}
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
