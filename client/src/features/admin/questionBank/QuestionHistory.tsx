// The last changes of a question and of the versions before it: who, when, and each field's old
// and new value; a change a reviewed draft published also names its author and reviewers.
import History from 'lucide-react/icons/history';
import { formatDateTime } from '../lib/format';
import type { BankHistoryEntry } from '../types';

const ACTIONS: Record<BankHistoryEntry['action'], string> = {
  edit: 'Edited',
  move: 'Moved',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
  topic: 'Topic changed',
  publish: 'Published',
};

const FIELDS: Record<string, string> = {
  question_text: 'Question text',
  option_a: 'Option A',
  option_b: 'Option B',
  option_c: 'Option C',
  option_d: 'Option D',
  correct_answer: 'Correct answer',
  explanation: 'Explanation',
  rationale_a: 'Why A is wrong',
  rationale_b: 'Why B is wrong',
  rationale_c: 'Why C is wrong',
  rationale_d: 'Why D is wrong',
  set: 'Set',
  topic: 'Topic',
  is_active: 'Active',
};

// Whole values, never cut: two texts that differ only past a cut would read the same.
function shown(value: string | boolean): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value === '' ? '(empty)' : value;
}

function Change({
  field,
  change,
}: {
  field: string;
  change: { old: string | boolean; new: string | boolean };
}) {
  return (
    <li className="flex flex-col gap-1">
      <span className="font-medium">{FIELDS[field] ?? field}</span>
      <div className="grid grid-cols-1 gap-2 md:grid-cols-2">
        <p className="rounded bg-red-50 p-2 break-words whitespace-pre-wrap dark:bg-red-950">
          <span className="font-medium text-red-800 dark:text-red-200">Before: </span>
          {shown(change.old)}
        </p>
        <p className="rounded bg-green-50 p-2 break-words whitespace-pre-wrap dark:bg-green-950">
          <span className="font-medium text-green-800 dark:text-green-200">After: </span>
          {shown(change.new)}
        </p>
      </div>
    </li>
  );
}

export function QuestionHistory({ entries }: { entries: BankHistoryEntry[] }) {
  return (
    <section aria-labelledby="question-history" className="flex flex-col gap-2">
      <h3 id="question-history" className="flex items-center gap-2 text-base font-semibold">
        <History className="h-4 w-4" aria-hidden="true" />
        History
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No changes since the upload.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {entries.map((h) => (
            <li key={h.id} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
              <p className="font-medium">
                {ACTIONS[h.action]} by {h.admin_name ?? 'a deleted account'}
                {h.admin_email && (
                  <span className="font-normal text-slate-500"> ({h.admin_email})</span>
                )} · <time dateTime={h.edited_at}>{formatDateTime(h.edited_at)}</time>
              </p>
              {h.draft_id !== null && (
                <p className="text-slate-600 dark:text-slate-300">
                  Reviewed draft: written by {h.written_by ?? 'a deleted account'}
                  {h.reviewed_by.length > 0 && `; changes asked by ${h.reviewed_by.join(', ')}`}; approved by{' '}
                  {h.admin_name ?? 'a deleted account'}.
                </p>
              )}
              <ul className="mt-2 flex flex-col gap-2 text-slate-700 dark:text-slate-200">
                {Object.entries(h.changes).map(([field, c]) => (
                  <Change key={field} field={field} change={c} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
