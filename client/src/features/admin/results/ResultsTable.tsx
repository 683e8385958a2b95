import { tableClass, tdClass, thClass } from '../components/ui';
import { formatDateTime, formatMinutes } from '../lib/format';
import type { AdminResult } from '../types';
import { ScrollBox } from '../components/ScrollBox';

export function ResultsTable({ results }: { results: AdminResult[] }) {
  return (
    <ScrollBox
      label="Results list"
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <table className={tableClass} aria-label="Quiz results">
        <thead>
          <tr>
            <th className={thClass}>Student</th>
            <th className={thClass}>Quiz</th>
            <th className={thClass}>Type</th>
            <th className={thClass}>Score</th>
            <th className={thClass}>Time</th>
            <th className={thClass}>Date</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
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
        </tbody>
      </table>
    </ScrollBox>
  );
}
