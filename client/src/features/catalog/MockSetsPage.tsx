// Mock wizard step 3: the paper's exam sets; starting one opens /quiz/mock/{id}.
import { Link, useParams } from 'react-router-dom';
import { plural } from '@shared/domain/display';
import { formatClock } from '../../hooks/useCountdown';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { buttonClass } from '../../components/Button';
import { trpc } from '../../lib/trpc';
import { CatalogCard } from './CatalogCard';
import { CardGrid, ListStates } from './ListStates';
import { PageHeading } from './PageHeading';
import { useTrail } from './useTrail';
import { idParam, WIZARD_ROOT } from './wizard';
import { itemName } from '../../lib/itemName';

export default function MockSetsPage() {
  const params = useParams();
  const programId = idParam(params.programId);
  const paperId = idParam(params.paperId);
  const sets = trpc.catalog.mockExams.useQuery({ paperId });
  // A mock under way is resumed, not started again: its button says so, with the time left.
  const open = trpc.quiz.openMocks.useQuery(undefined, { staleTime: 0 });
  const secondsLeft = new Map(open.data?.map((m) => [m.quiz_id, m.seconds_left]));
  const crumbs = useTrail('mock', { programId, paperId });
  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs items={crumbs} />
      <PageHeading title="Mock Exams" subtitle="Timed exams: once started, the clock keeps running." />
      <ListStates
        query={sets}
        failure="Failed to load mock exam sets"
        gone={{ what: 'this paper', backTo: WIZARD_ROOT.mock }}
        empty={{
          title: 'No Mock Exams Available',
          message: 'Mock exams will be available soon for this paper.',
        }}
      >
        {(items) => (
          <CardGrid>
            {items.map((s) => (
              <CatalogCard
                key={s.id}
                title={s.title}
                description={s.description}
                facts={[plural(s.total_questions, 'question'), plural(s.time_limit_minutes, 'minute')]}
                action={
                  secondsLeft.has(s.id) ? (
                    <Link
                      to={`/quiz/mock/${s.id}`}
                      className={buttonClass('primary', 'w-full')}
                      aria-label={itemName(`Resume, ${formatClock(secondsLeft.get(s.id)!)} left`, s.title)}
                    >
                      {`Resume, ${formatClock(secondsLeft.get(s.id)!)} left`}
                    </Link>
                  ) : (
                    <Link
                      to={`/quiz/mock/${s.id}`}
                      className={buttonClass('primary', 'w-full')}
                      aria-label={itemName('Start Exam', s.title)}
                    >
                      Start Exam
                    </Link>
                  )
                }
              />
            ))}
          </CardGrid>
        )}
      </ListStates>
    </div>
  );
}
