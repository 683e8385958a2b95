// One page of the bank: each question (a link to its edit screen) with where it sits, its key,
// whether it has an explanation and its status.
import { Link } from 'react-router-dom';
import { FOCUS_RING } from '../../../components/Button';
import { ScrollBox } from '../components/ScrollBox';
import { tableClass, tdClass, thClass } from '../components/ui';
import type { BankQuestion } from '../types';

const KIND = { mock: 'Mock', practice: 'Practice' } as const;
const COLUMNS = ['Question', 'Set', 'Answer', 'Explanation', 'Status'];

export function placeOf(q: BankQuestion): string {
  return [q.program_name, q.paper_name, q.topic_name].filter(Boolean).join(' › ');
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

export function BankTable({ items }: { items: BankQuestion[] }) {
  return (
    <ScrollBox
      label="Questions"
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <table className={tableClass}>
        <caption className="sr-only">Questions of the bank</caption>
        <thead>
          <tr>
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
