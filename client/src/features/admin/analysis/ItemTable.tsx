// One row a question: facility, discrimination and how often each option was chosen. A flagged
// question says why under its text, with a link to edit it in the question bank: kept beside the
// question rather than in a last column, so it stays in sight on a tablet.
import { Link } from 'react-router-dom';
import SquarePen from 'lucide-react/icons/square-pen';
import { FOCUS_RING } from '../../../components/Button';
import { DataTable } from '../components/DataTable';
import { numberTdClass, tdClass } from '../components/ui';
import type { ItemRow } from '../types';
import { FLAG_TEXT, indexText, percentText, questionLink } from './figures';

const LETTERS = ['A', 'B', 'C', 'D'] as const;

const COLUMNS = [
  { label: 'Question' },
  { label: 'Attempts', numeric: true },
  { label: 'Facility', numeric: true },
  { label: 'Discrimination', numeric: true },
  ...LETTERS.map((label) => ({ label, numeric: true })),
  { label: 'Blank', numeric: true },
];

function OptionCell({ row, letter }: { row: ItemRow; letter: (typeof LETTERS)[number] }) {
  const count = row.chosen[letter];
  const key = row.correct_answer === letter;
  return (
    <td className={`${numberTdClass} ${key ? 'font-semibold text-green-700 dark:text-green-400' : ''}`}>
      {count}
      {key && <span aria-hidden="true"> ✓</span>}
      {key && <span className="sr-only"> (the correct answer)</span>}
      {row.attempts > 0 && (
        <div className="text-xs font-normal text-slate-500 dark:text-slate-400">
          {percentText(count / row.attempts)}
        </div>
      )}
    </td>
  );
}

function Review({ row }: { row: ItemRow }) {
  if (row.facility === null)
    return <p className="text-xs text-slate-500 dark:text-slate-400">Too few attempts for figures.</p>;
  if (!row.flags.length) return null;
  return (
    <div className="mt-1 flex flex-col gap-1">
      {row.flags.map((flag) => (
        <span key={flag} className="text-xs font-medium text-amber-800 dark:text-amber-300">
          {FLAG_TEXT[flag]}
        </span>
      ))}
      <Link
        to={questionLink(row.id)}
        className={`inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline dark:text-brand-500 ${FOCUS_RING}`}
      >
        <SquarePen className="h-4 w-4" aria-hidden="true" />
        Edit question {row.position}
      </Link>
    </div>
  );
}

export function ItemTable({ rows }: { rows: ItemRow[] }) {
  return (
    <DataTable region="Item analysis" caption="Item analysis by question" columns={COLUMNS}>
      {rows.map((row) => (
        <tr key={row.id} className={row.flags.length ? 'bg-amber-50 dark:bg-amber-950/40' : undefined}>
          <th scope="row" className={`${tdClass} max-w-sm min-w-40 font-normal`}>
            <span className="font-semibold">{row.position}. </span>
            <span className="line-clamp-3">{row.question_text}</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">Topic: {row.topic_name}</span>
            <Review row={row} />
          </th>
          <td className={numberTdClass}>{row.attempts}</td>
          <td className={numberTdClass}>{row.facility === null ? '—' : percentText(row.facility)}</td>
          <td className={numberTdClass}>
            {row.discrimination === null ? '—' : indexText(row.discrimination)}
          </td>
          {LETTERS.map((letter) => (
            <OptionCell key={letter} row={row} letter={letter} />
          ))}
          <td className={numberTdClass}>{row.blank}</td>
        </tr>
      ))}
    </DataTable>
  );
}
