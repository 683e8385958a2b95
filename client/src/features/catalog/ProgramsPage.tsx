// Wizard step 1, shared by both wizards: choose a program.
import { Link } from 'react-router-dom';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { buttonClass } from '../../components/Button';
import { trpc } from '../../lib/trpc';
import { CatalogCard } from './CatalogCard';
import { CardGrid, ListStates } from './ListStates';
import { PageHeading } from './PageHeading';
import { papersPath, WIZARD_ROOT, type WizardMode } from './wizard';
import { itemName } from '../../lib/itemName';

export default function ProgramsPage({ mode }: { mode: WizardMode }) {
  const programs = trpc.catalog.programs.useQuery();
  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs items={[{ label: WIZARD_ROOT[mode].label }]} />
      <PageHeading title={WIZARD_ROOT[mode].label} subtitle="Choose your program." />
      <ListStates
        query={programs}
        failure="Failed to load programs"
        empty={{ title: 'No Programs Available' }}
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
                    to={papersPath(mode, p.id)}
                    className={buttonClass('primary', 'w-full')}
                    aria-label={itemName('Choose Program', p.name)}
                  >
                    Choose Program
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
