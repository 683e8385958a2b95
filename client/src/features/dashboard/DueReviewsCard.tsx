// The dashboard's spaced-review line: how many review cards are due, and the
// way to the Review screen. Its own file, beside the other dashboard blocks.
import Repeat from 'lucide-react/icons/repeat';
import { plural } from '@shared/domain/display';
import { trpc } from '../../lib/trpc';
import { DashboardLine } from './DashboardLine';

export function DueReviewsCard() {
  const due = trpc.review.dueCount.useQuery(undefined, { staleTime: 0 });
  if (!due.data) return null;
  const count = due.data.due;
  return (
    <DashboardLine
      id="due-reviews"
      icon={Repeat}
      title={`${plural(count, 'card')} due now`}
      text={
        count > 0
          ? 'Questions you missed or were not sure of, back just before you would forget them.'
          : 'Questions you miss or mark "not sure" come back here when they are due.'
      }
      link={{ to: '/review', label: count > 0 ? 'Review now' : 'Open review', primary: count > 0 }}
    />
  );
}
