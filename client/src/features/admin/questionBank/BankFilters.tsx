// The Question Bank's search box and filters. Sets are offered once a kind and a paper are
// chosen (practice sets of the chosen topic when there is one). The topic filter offers
// "Untagged" at once and the paper's topics once a paper is chosen.
import Search from 'lucide-react/icons/search';
import { INPUT_CLASS } from '../../../components/TextField';
import { ProgramPaperFilters, SetFilter, setsOfKind } from '../components/CatalogFilters';
import { Select } from '../components/Select';
import { topicChoices } from './topicChoices';
import type { Content } from '../types';
import type { BankFilter, KindFilter, StatusFilter } from './useBankFilter';

const KINDS = [
  { value: 'practice', label: 'Practice sets' },
  { value: 'mock', label: 'Mock exam sets' },
];
const STATUSES = [
  { value: 'active', label: 'Active only' },
  { value: 'inactive', label: 'Deactivated only' },
];

/** The sets of the chosen kind and paper, and of the chosen topic when there is one. */
function setOptions(content: Content | undefined, f: BankFilter) {
  const options = setsOfKind(content, f.kind, f.paperId);
  if (!content || f.kind !== 'practice' || !f.topicId) return options;
  const inTopic = new Set(
    content.practiceSets.filter((s) => String(s.topic) === f.topicId).map((s) => String(s.id)),
  );
  return options.filter((o) => inTopic.has(o.value));
}

export function BankFilters({ filter: f, content }: { filter: BankFilter; content: Content | undefined }) {
  return (
    <div className="flex flex-col gap-3">
      <label className="relative block w-full">
        <span className="sr-only">Search question text</span>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          type="search"
          value={f.search}
          maxLength={200}
          onChange={(e) => f.setSearch(e.target.value)}
          placeholder="Search question text"
          className={`${INPUT_CLASS} pl-9`}
        />
      </label>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <ProgramPaperFilters
          content={content}
          programId={f.programId}
          paperId={f.paperId}
          onProgram={f.setProgram}
          onPaper={f.setPaper}
        />
        <Select
          label="Topic"
          value={f.topicId}
          options={topicChoices(content, f.paperId)}
          placeholder="All topics"
          onChange={f.setTopic}
        />
        <Select
          label="Kind"
          value={f.kind}
          options={KINDS}
          placeholder="Practice and mock"
          onChange={(v) => f.setKind(v as KindFilter)}
        />
        <SetFilter
          kindWord="kind"
          kind={f.kind}
          paperId={f.paperId}
          value={f.setId}
          options={setOptions(content, f)}
          onChange={f.setSet}
        />
        <Select
          label="Status"
          value={f.status === 'all' ? '' : f.status}
          options={STATUSES}
          placeholder="Active and deactivated"
          onChange={(v) => f.setStatus((v || 'all') as StatusFilter)}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
        <input
          type="checkbox"
          checked={f.noExplanation}
          onChange={(e) => f.setNoExplanation(e.target.checked)}
          className="h-4 w-4 rounded border-slate-300"
        />
        Only questions without an explanation
      </label>
    </div>
  );
}
