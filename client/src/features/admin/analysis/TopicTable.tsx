// Topics weakest first: the share of answers correct as a bar and a figure, and what it rests on.
import { accuracyColour } from '@shared/domain/grading';
import { DataTable } from '../components/DataTable';
import { numberTdClass, tdClass } from '../components/ui';
import type { TopicRow } from '../types';
import { percentText } from './figures';

const BAR = { green: 'bg-green-600', yellow: 'bg-amber-500', red: 'bg-red-600' };

const COLUMNS = [
  { label: 'Topic' },
  { label: 'Correct' },
  { label: 'Answers', numeric: true },
  { label: 'Students', numeric: true },
];

/** The share of answers correct as a bar and a figure, with the counts it rests on. */
export function ShareCell({ correct, answers }: { correct: number; answers: number }) {
  const share = answers === 0 ? 0 : correct / answers;
  return (
    <td className={`${tdClass} min-w-40`}>
      <div className="flex items-center gap-2">
        <div className="h-2 w-24 shrink-0 rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true">
          <div
            className={`h-2 rounded ${BAR[accuracyColour(share * 100)]}`}
            style={{ width: `${share * 100}%` }}
          />
        </div>
        <span className="whitespace-nowrap tabular-nums">
          {percentText(share)}
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {' '}
            ({correct} of {answers})
          </span>
        </span>
      </div>
    </td>
  );
}

export function TopicTable({ rows }: { rows: TopicRow[] }) {
  return (
    <DataTable region="Topics" caption="Share correct by topic, weakest first" columns={COLUMNS}>
      {rows.map((row) => (
        <tr key={row.topic_id}>
          <th scope="row" className={`${tdClass} font-normal`}>
            <div className="font-medium">{row.topic_name}</div>
            <div className="text-xs text-slate-500 dark:text-slate-400">
              {row.program_name} › {row.paper_name}
            </div>
          </th>
          <ShareCell correct={row.correct} answers={row.answers} />
          <td className={numberTdClass}>{row.answers}</td>
          <td className={numberTdClass}>{row.students}</td>
        </tr>
      ))}
    </DataTable>
  );
}
