// Practice wizard step 3: the paper's topics, searchable by name and description.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import Search from 'lucide-react/icons/search';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Button, buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { INPUT_CLASS } from '../../components/TextField';
import { trpc } from '../../lib/trpc';
import { CatalogCard } from './CatalogCard';
import { CardGrid, ListStates } from './ListStates';
import { PageHeading } from './PageHeading';
import { matchesTopic } from './topicSearch';
import { useTrail } from './useTrail';
import { idParam, practiceSetsPath, WIZARD_ROOT } from './wizard';
import { itemName } from '../../lib/itemName';

export default function TopicsPage() {
  const params = useParams();
  const programId = idParam(params.programId);
  const paperId = idParam(params.paperId);
  const topics = trpc.catalog.topics.useQuery({ paperId });
  const crumbs = useTrail('practice', { programId, paperId });
  const [search, setSearch] = useState('');

  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs items={crumbs} />
      <PageHeading title="Choose a Topic" subtitle="Practise one topic at a time." />
      <div className="relative mb-6 max-w-md">
        <label htmlFor="topic-search" className="sr-only">
          Search topics
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id="topic-search"
          type="search"
          placeholder="Search topics"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`${INPUT_CLASS} pl-9`}
        />
      </div>
      <ListStates
        query={topics}
        failure="Failed to load topics"
        empty={{ title: 'No Topics Found' }}
        gone={{ what: 'this paper', backTo: WIZARD_ROOT.practice }}
      >
        {(items) => {
          const shown = items.filter((t) => matchesTopic(t, search));
          if (shown.length === 0) {
            return (
              <EmptyState title="No Topics Found" message={`No topic matches "${search}".`}>
                <Button variant="secondary" onClick={() => setSearch('')}>
                  Clear Search
                </Button>
              </EmptyState>
            );
          }
          return (
            <CardGrid>
              {shown.map((t) => (
                <CatalogCard
                  key={t.id}
                  title={t.name}
                  description={t.description}
                  action={
                    <Link
                      to={practiceSetsPath(programId, paperId, t.id)}
                      className={buttonClass('primary', 'w-full')}
                      aria-label={itemName('View Practice Sets', t.name)}
                    >
                      View Practice Sets
                    </Link>
                  }
                />
              ))}
            </CardGrid>
          );
        }}
      </ListStates>
    </div>
  );
}
