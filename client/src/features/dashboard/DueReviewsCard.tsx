// The dashboard's spaced-review line (issue 19, point 3): how many review cards are due, and the
// way to the Review screen. Its own file, beside the other dashboard blocks.
import Repeat from 'lucide-react/icons/repeat';
import { Link } from 'react-router-dom';
import { plural } from '../../../../shared/domain/display';
import { buttonClass } from '../../components/Button';
import { trpc } from '../../lib/trpc';

export function DueReviewsCard() {
  const due = trpc.review.dueCount.useQuery(undefined, { staleTime: 0 });
  if (!due.data) return null;
  const count = due.data.due;
  return (
    <section
      aria-labelledby="due-reviews"
      className="mt-6 flex flex-wrap items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <Repeat aria-hidden="true" className="h-8 w-8 shrink-0 text-brand-600 dark:text-brand-500" />
      <div className="min-w-48 flex-1">
        <h2 id="due-reviews" className="font-semibold" data-testid="due-reviews">
          {plural(count, 'card')} due now
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {count > 0
            ? 'Questions you missed or were not sure of, back just before you would forget them.'
            : 'Questions you miss or mark "not sure" come back here when they are due.'}
        </p>
      </div>
      <Link to="/review" className={buttonClass(count > 0 ? 'primary' : 'secondary', 'w-full sm:w-auto')}>
        {count > 0 ? 'Review now' : 'Open review'}
      </Link>
    </section>
  );
}
