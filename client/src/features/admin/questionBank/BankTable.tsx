// One page of the bank: each question (a link to its edit screen) with where it sits, its topic,
// its key, whether it has an explanation and its status. Mock questions have a checkbox, to set
// the topic of several at once (a practice question takes its set's topic).
import { Link } from 'react-router-dom';
import { FOCUS_RING } from '../../../components/Button';
import { ScrollBox } from '../components/ScrollBox';
import { tableClass, tdClass, thClass } from '../components/ui';
import type { BankQuestion } from '../types';
import { UNTAGGED_LABEL } from './topicChoices';

const KIND = { mock: 'Mock', practice: 'Practice' } as const;
const COLUMNS = ['Question', 'Set and topic', 'Answer', 'Explanation', 'Status'];
const CHECKBOX = 'h-4 w-4 rounded border-slate-300';

export function placeOf(q: BankQuestion): string {
  return [q.program_name, q.paper_name].filter(Boolean).join(' › ');
}

export function TopicName({ q }: { q: BankQuestion }) {
  return q.topic_name === null ? (
    <span className="text-amber-700 dark:text-amber-300">{UNTAGGED_LABEL}</span>
  ) : (
    <span>{q.topic_name}</span>
  );
}

/** Which questions of the page are chosen, and how to change that. */
export interface Selection {
  chosen: ReadonlySet<number>;
  toggle: (id: number) => void;
  /** Chooses all of `ids`, or none of them when all are chosen. */
  toggleAll: (ids: number[]) => void;
}

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${
        active
          ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200'
          : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
      }`}
    >
      {active ? 'Active' : 'Deactivated'}
    </span>
  );
}

export function BankTable({ items, selection }: { items: BankQuestion[]; selection: Selection }) {
  const choosable = items.filter((q) => q.quiz_type === 'mock' && q.replaced_by_id === null).map((q) => q.id);
  const allChosen = choosable.length > 0 && choosable.every((id) => selection.chosen.has(id));
  return (
    <ScrollBox
      label="Questions"
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <table className={tableClass}>
        <caption className="sr-only">Questions of the bank</caption>
        <thead>
          <tr>
            <th scope="col" className="w-8 py-2 pl-3">
              <input
                type="checkbox"
                aria-label="Choose every mock question of this page"
                className={CHECKBOX}
                checked={allChosen}
                disabled={!choosable.length}
                onChange={() => selection.toggleAll(choosable)}
              />
            </th>
            {COLUMNS.map((name) => (
              <th key={name} scope="col" className={thClass}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((q) => (
            <tr key={q.id}>
              <td className="w-8 py-2 pl-3 align-top">
                {choosable.includes(q.id) && (
                  <input
                    type="checkbox"
                    aria-label={`Choose question: ${q.question_text.slice(0, 80)}`}
                    className={CHECKBOX}
                    checked={selection.chosen.has(q.id)}
                    onChange={() => selection.toggle(q.id)}
                  />
                )}
              </td>
              <td className={`${tdClass} min-w-60`}>
                <Link
                  to={`/admin/question-bank/${q.id}`}
                  title={q.question_text}
                  className={`line-clamp-3 rounded text-brand-700 hover:underline dark:text-brand-500 ${FOCUS_RING}`}
                >
                  <span className="sr-only">Edit question: </span>
                  {q.question_text}
                </Link>
              </td>
              <td className={`${tdClass} min-w-36`}>
                <div className="font-medium">
                  {q.set_title}{' '}
                  <span className="text-xs text-slate-500 dark:text-slate-400">({KIND[q.quiz_type]})</span>
                </div>
                <div className="text-xs text-slate-500 dark:text-slate-400">{placeOf(q)}</div>
                <div className="text-xs font-medium">
                  <span className="sr-only">Topic: </span>
                  <TopicName q={q} />
                </div>
              </td>
              <td className={`${tdClass} text-center font-semibold`}>{q.correct_answer}</td>
              <td className={tdClass}>
                {q.explanation ? 'Yes' : <span className="text-amber-700 dark:text-amber-300">Missing</span>}
              </td>
              <td className={tdClass}>
                <StatusBadge active={q.is_active} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
