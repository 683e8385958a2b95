// Wizard step 2, shared by both wizards: choose a paper of the program.
import { Link, useParams } from 'react-router-dom';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { buttonClass } from '../../components/Button';
import { trpc } from '../../lib/trpc';
import { CatalogCard } from './CatalogCard';
import { CardGrid, ListStates } from './ListStates';
import { PageHeading } from './PageHeading';
import { useTrail } from './useTrail';
import { idParam, mockSetsPath, topicsPath, WIZARD_ROOT, type WizardMode } from './wizard';
import { itemName } from '../../lib/itemName';

export default function PapersPage({ mode }: { mode: WizardMode }) {
  const programId = idParam(useParams().programId);
  const papers = trpc.catalog.papers.useQuery({ programId });
  const crumbs = useTrail(mode, { programId });
  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs items={crumbs} />
      <PageHeading
        title="Choose a Paper"
        subtitle={
          mode === 'mock'
            ? 'Pick the paper you want a mock exam for.'
            : 'Pick the paper you want to practise.'
        }
      />
      <ListStates
        query={papers}
        failure={mode === 'mock' ? 'Failed to load exam papers' : 'Failed to load papers'}
        empty={{ title: 'No Papers Available' }}
        gone={{ what: 'this program', backTo: WIZARD_ROOT[mode] }}
      >
        {(items) => (
          <CardGrid>
            {items.map((p) => (
              <CatalogCard
                key={p.id}
                title={p.name}
                description={p.description}
                action={
                  <Link
                    to={mode === 'mock' ? mockSetsPath(programId, p.id) : topicsPath(programId, p.id)}
                    className={buttonClass('primary', 'w-full')}
                    aria-label={itemName(mode === 'mock' ? 'View Mock Exams' : 'View Topics', p.name)}
                  >
                    {mode === 'mock' ? 'View Mock Exams' : 'View Topics'}
                  </Link>
                }
              />
            ))}
          </CardGrid>
        )}
      </ListStates>
    </div>
  );
}
