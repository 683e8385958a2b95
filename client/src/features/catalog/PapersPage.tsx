// Wizard step 2, shared by both wizards: choose a paper of the program.
import { Link, useParams } from 'react-router-dom';
import { plural } from '@shared/domain/display';
import { EmptyState } from '../../components/EmptyState';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { buttonClass } from '../../components/Button';
import { trpc } from '../../lib/trpc';
import { CatalogCard } from './CatalogCard';
import { ExamDayCard } from './ExamDayCard';
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
      {mode === 'mock' && <ExamDayCard programId={programId} />}
      <ListStates
        query={papers}
        failure={mode === 'mock' ? 'Failed to load exam papers' : 'Failed to load papers'}
        empty={{ title: 'No Papers Available' }}
        gone={{ what: 'this program', backTo: WIZARD_ROOT[mode] }}
      >
        {(items) =>
          mode === 'mock' && items.every((p) => p.mock_exams === 0) ? (
            <NoMockExams />
          ) : (
            <CardGrid>
              {items.map((p) => (
                <CatalogCard
                  key={p.id}
                  title={p.name}
                  description={p.description}
                  facts={mode === 'mock' && p.mock_exams > 0 ? [plural(p.mock_exams, 'mock exam')] : []}
                  action={
                    mode === 'mock' && p.mock_exams === 0 ? (
                      <p className="rounded-lg bg-slate-100 px-3 py-2 text-center text-sm text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                        No mock exam for this paper yet
                      </p>
                    ) : (
                      <Link
                        to={mode === 'mock' ? mockSetsPath(programId, p.id) : topicsPath(programId, p.id)}
                        className={buttonClass('primary', 'w-full')}
                        aria-label={itemName(mode === 'mock' ? 'View Mock Exams' : 'View Topics', p.name)}
                      >
                        {mode === 'mock' ? 'View Mock Exams' : 'View Topics'}
                      </Link>
                    )
                  }
                />
              ))}
            </CardGrid>
          )
        }
      </ListStates>
    </div>
  );
}

/** A program whose papers have no mock exam yet: said here, rather than after choosing a paper. */
function NoMockExams() {
  return (
    <EmptyState
      title="No Mock Exams Yet"
      message="No paper of this program has a mock exam yet. Practice tests are open meanwhile."
    >
      <Link to={WIZARD_ROOT.practice.path} className={buttonClass('primary')}>
        Go to {WIZARD_ROOT.practice.label}
      </Link>
    </EmptyState>
  );
}
