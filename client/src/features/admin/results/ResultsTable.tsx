import { DataTable } from '../components/DataTable';
import { tdClass } from '../components/ui';
import { formatDateTime, formatMinutes } from '../lib/format';
import type { AdminResult } from '../types';

const COLUMNS = [
  { label: 'Student' },
  { label: 'Quiz' },
  { label: 'Type' },
  { label: 'Score' },
  { label: 'Time' },
  { label: 'Date' },
];

export function ResultsTable({ results }: { results: AdminResult[] }) {
  return (
    <DataTable region="Results list" caption="Quiz results" columns={COLUMNS}>
      {results.map((r) => (
        <tr key={r.id}>
          <td className={tdClass}>
            <div className="font-medium">{r.session.user_name}</div>
            <div className="text-xs text-slate-500 dark:text-slate-400">{r.session.user_email}</div>
          </td>
          <td className={tdClass}>
            <div>{r.session.quiz_name}</div>
            <div className="text-xs text-slate-500 dark:text-slate-400">
              {[r.session.program_name, r.session.paper_name].filter(Boolean).join(' › ')}
            </div>
          </td>
          <td className={tdClass}>{r.session.quiz_type === 'mock' ? 'Mock Exam' : 'Practice'}</td>
          <td className={`${tdClass} whitespace-nowrap`}>
            <div className="font-medium">{r.percentage}%</div>
            <div className="text-xs text-slate-500 dark:text-slate-400">
              {r.correct_answers}/{r.total_questions}
            </div>
          </td>
          <td className={tdClass}>{formatMinutes(r.time_spent_minutes)}</td>
          <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(r.created_at)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
