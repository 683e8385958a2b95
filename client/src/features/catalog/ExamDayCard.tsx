// The programme's exam-day simulation, above its papers in the mock wizard: the council's format,
// drawn over all the programme's papers. Shown once the bank holds questions for it.
import { Link } from 'react-router-dom';
import { plural } from '@shared/domain/display';
import { buttonClass } from '../../components/Button';
import { formatClock } from '../../hooks/useCountdown';
import { trpc } from '../../lib/trpc';
import { CardGrid } from './ListStates';
import { CatalogCard } from './CatalogCard';

export function ExamDayCard({ programId }: { programId: number }) {
  const info = trpc.quiz.examDayInfo.useQuery(
    { program_id: programId },
    { enabled: programId > 0, staleTime: 0 },
  );
  const day = info.data;
  if (!day || day.total_questions === 0) return null;
  const running = day.in_progress;
  const label = running ? `Resume, ${formatClock(running.seconds_left)} left` : 'Exam day simulation';
  return (
    <div className="mb-6">
      <CardGrid>
        <CatalogCard
          title="Exam day simulation"
          description="The licensing exam's format: questions drawn across all this programme's papers, the ones you have not seen first, in one timed sitting."
          facts={[plural(day.total_questions, 'question'), plural(day.time_limit_minutes ?? 0, 'minute')]}
          action={
            <Link to={`/exam-day/${programId}`} className={buttonClass('primary', 'w-full')}>
              {label}
            </Link>
          }
        />
      </CardGrid>
    </div>
  );
}
