import { Select } from '../components/Select';
import { mockSetOptions, paperOptions, practiceSetOptions, programOptions } from '../lib/catalog';
import type { Content } from '../types';
import type { ResultsFilter, TypeFilter } from './useResultsFilter';

const TYPES = [
  { value: 'mock', label: 'Mock exams' },
  { value: 'practice', label: 'Practice tests' },
];

export function ResultsFilters({ filter, content }: { filter: ResultsFilter; content: Content | undefined }) {
  // A set id means nothing without its type: the set list waits for a type and a paper.
  const sets = !content
    ? []
    : filter.type === 'mock'
      ? mockSetOptions(content, filter.paperId)
      : filter.type === 'practice'
        ? practiceSetOptions(content, filter.paperId)
        : [];
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Select
        label="Quiz type"
        value={filter.type === 'all' ? '' : filter.type}
        options={TYPES}
        placeholder="All types"
        onChange={(v) => filter.setType((v || 'all') as TypeFilter)}
      />
      <Select
        label="Program"
        value={filter.programId}
        options={content ? programOptions(content) : []}
        placeholder="All programs"
        onChange={filter.setProgram}
        disabled={!content}
      />
      <Select
        label="Paper"
        value={filter.paperId}
        options={content ? paperOptions(content, filter.programId) : []}
        placeholder={filter.programId ? 'All papers' : 'Choose a program first'}
        onChange={filter.setPaper}
        disabled={!filter.programId}
      />
      <Select
        label="Set"
        value={filter.setId}
        options={sets}
        placeholder={
          filter.type === 'all' ? 'Choose a type first' : filter.paperId ? 'All sets' : 'Choose a paper first'
        }
        onChange={filter.setSet}
        disabled={filter.type === 'all' || !filter.paperId}
      />
    </div>
  );
}
