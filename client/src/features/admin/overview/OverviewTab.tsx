// Overview: the platform's figures from admin.stats, mock and practice activity included, and
// the latest results (real data, not placeholders).
import Activity from 'lucide-react/icons/activity';
import BookOpen from 'lucide-react/icons/book-open';
import ChartColumn from 'lucide-react/icons/chart-column';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import Users from 'lucide-react/icons/users';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';
import { StatCard } from '../components/StatCard';
import { cardClass } from '../components/ui';
import type { AdminData } from '../hooks/useAdminData';
import { formatPercent } from '../lib/format';
import { RecentResults } from './RecentResults';

export function OverviewTab({ stats, results }: Pick<AdminData, 'stats' | 'results'>) {
  if (stats.isPending) return <SkeletonGrid count={3} label="Loading statistics…" />;
  if (stats.isError)
    return (
      <ErrorPanel retryLabel="Retry" message="Failed to load statistics." onRetry={() => stats.refetch()} />
    );
  const s = stats.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total users" value={s.total_users} icon={Users} />
        <StatCard label="Total questions" value={s.total_questions} icon={FileSpreadsheet} />
        <StatCard label="Quiz sessions" value={s.total_quiz_sessions} icon={Activity} />
        <StatCard label="Average score" value={formatPercent(s.avg_score)} icon={ChartColumn} />
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <ActivityCard
          title="Mock exams"
          sessions={s.mock_sessions}
          completed={s.mock_results}
          average={s.mock_avg_score}
          sets={s.total_mock_sets}
        />
        <ActivityCard
          title="Practice tests"
          sessions={s.practice_sessions}
          completed={s.practice_results}
          average={s.practice_avg_score}
          sets={s.total_practice_sets}
        />
      </div>
      <div className={cardClass}>
        <h2 className="mb-2 flex items-center gap-2 font-semibold">
          <BookOpen className="h-4 w-4" aria-hidden="true" /> Content
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {s.total_programs} programs · {s.total_papers} papers · {s.total_topics} topics ·{' '}
          {s.total_mock_sets} mock exam sets · {s.total_practice_sets} practice sets
        </p>
      </div>
      <div className={cardClass}>
        <h2 className="mb-2 flex items-center gap-2 font-semibold">
          <ClipboardList className="h-4 w-4" aria-hidden="true" /> Latest results
        </h2>
        <RecentResults results={results} />
      </div>
    </div>
  );
}

function ActivityCard(props: {
  title: string;
  sessions: number;
  completed: number;
  average: number | null;
  sets: number;
}) {
  const rows: [string, string | number][] = [
    ['Sessions started', props.sessions],
    ['Completed', props.completed],
    ['Average score', formatPercent(props.average)],
    ['Sets available', props.sets],
  ];
  return (
    <section className={cardClass} aria-label={props.title}>
      <h2 className="mb-3 font-semibold">{props.title}</h2>
      <dl className="grid grid-cols-2 gap-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
