// All / Incorrect / Unanswered / Flagged above the review: a radio group with
// each filter's count, one Tab stop and arrow keys, as the answer options work.
import { FOCUS_RING } from '../../components/Button';
import { onRadioGroupKeyDown, radioTabIndex } from '../../hooks/radioGroupKeys';
import { REVIEW_FILTERS, type ReviewFilter } from './reviewFilter';

interface ReviewFiltersProps {
  value: ReviewFilter;
  counts: Record<ReviewFilter, number>;
  onChange: (filter: ReviewFilter) => void;
}

export function ReviewFilters({ value, counts, onChange }: ReviewFiltersProps) {
  const chips = REVIEW_FILTERS.map((f) => (
    <FilterChip
      key={f.value}
      label={`${f.label} (${counts[f.value]})`}
      checked={f.value === value}
      first={f.value === 'all'}
      onPick={() => onChange(f.value)}
    />
  ));
  return (
    <div
      role="radiogroup"
      aria-label="Show questions"
      onKeyDown={onRadioGroupKeyDown}
      className="mb-4 flex flex-wrap gap-2"
    >
      {chips}
    </div>
  );
}

function FilterChip(p: { label: string; checked: boolean; first: boolean; onPick: () => void }) {
  const tone = p.checked
    ? 'border-brand-700 bg-brand-700 text-white'
    : 'border-slate-300 bg-white text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200';
  return (
    <button
      type="button"
      role="radio"
      aria-checked={p.checked}
      tabIndex={radioTabIndex(p.checked, p.first, true)}
      onClick={p.onPick}
      className={`min-h-11 rounded-full border px-4 text-sm font-medium ${FOCUS_RING} ${tone}`}
    >
      {p.label}
    </button>
  );
}
