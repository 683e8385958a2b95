import { ProgramPaperFilters, SetFilter, setsOfKind } from '../components/CatalogFilters';
import { Select } from '../components/Select';
import type { Content } from '../types';
import type { ResultsFilter, TypeFilter } from './useResultsFilter';

const TYPES = [
  { value: 'mock', label: 'Mock exams' },
  { value: 'practice', label: 'Practice tests' },
];

export function ResultsFilters({ filter, content }: { filter: ResultsFilter; content: Content | undefined }) {
  const kind = filter.type === 'all' ? '' : filter.type;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Select
        label="Quiz type"
        value={kind}
        options={TYPES}
        placeholder="All types"
        onChange={(v) => filter.setType((v || 'all') as TypeFilter)}
      />
      <ProgramPaperFilters
        content={content}
        programId={filter.programId}
        paperId={filter.paperId}
        onProgram={filter.setProgram}
        onPaper={filter.setPaper}
      />
      <SetFilter
        kindWord="type"
        kind={kind}
        paperId={filter.paperId}
        value={filter.setId}
        options={setsOfKind(content, kind, filter.paperId)}
        onChange={filter.setSet}
      />
    </div>
  );
}
