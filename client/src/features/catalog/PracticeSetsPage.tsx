// Practice wizard step 4: the topic's sets; starting one opens /quiz/practice/{id} with the
// topic's name in navigation state.
import { Link, useParams } from 'react-router-dom';
import { plural } from '@shared/domain/display';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { buttonClass } from '../../components/Button';
import { trpc } from '../../lib/trpc';
import { DownloadButton } from './DownloadButton';
import { CatalogCard } from './CatalogCard';
import { CardGrid, ListStates } from './ListStates';
import { PageHeading } from './PageHeading';
import { useTrail } from './useTrail';
import { idParam, WIZARD_ROOT } from './wizard';
import { itemName } from '../../lib/itemName';

export default function PracticeSetsPage() {
  const params = useParams();
  const programId = idParam(params.programId);
  const paperId = idParam(params.paperId);
  const topicId = idParam(params.topicId);
  const sets = trpc.catalog.practiceSets.useQuery({ topicId });
  const crumbs = useTrail('practice', { programId, paperId, topicId });
  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs items={crumbs} />
      <PageHeading
        title="Practice Sets"
        subtitle="Untimed, with the answer and explanation after each question."
      />
      <ListStates
        query={sets}
        failure="Failed to load practice sets"
        gone={{ what: 'this topic', backTo: WIZARD_ROOT.practice }}
        empty={{ title: 'No Practice Sets Available' }}
      >
        {(items) => (
          <CardGrid>
            {items.map((s) => (
              <CatalogCard
                key={s.id}
                title={s.title}
                description={s.topic_name}
                facts={[plural(s.total_questions, 'question')]}
                action={
                  <>
                    <Link
                      to={`/quiz/practice/${s.id}`}
                      state={{ topicName: s.topic_name }}
                      className={buttonClass('primary', 'w-full')}
                      aria-label={itemName('Start Practice', s.title)}
                    >
                      Start Practice
                    </Link>
                    <DownloadButton setId={s.id} title={s.title} />
                  </>
                }
              />
            ))}
          </CardGrid>
        )}
      </ListStates>
    </div>
  );
}
