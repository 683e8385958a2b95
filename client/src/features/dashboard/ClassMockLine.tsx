// The dashboard's class mock line: the next class mock not yet taken, with its countdown.
import CalendarClock from 'lucide-react/icons/calendar-clock';
import { formatWait } from '@shared/domain/classMocks';
import { useClassMockClock } from '../../hooks/useClassMockClock';
import { trpc } from '../../lib/trpc';
import { DashboardLine } from './DashboardLine';

export function ClassMockLine() {
  const list = trpc.classMocks.list.useQuery(undefined, { staleTime: 0 });
  const next = list.data
    ?.filter((m) => !m.submitted && m.state !== 'closed')
    .sort((a, b) => a.opens_at.localeCompare(b.opens_at))[0];
  if (!next) return null;
  return <Line item={next} fetchedAt={list.dataUpdatedAt} onChange={() => void list.refetch()} />;
}

type Item = Parameters<typeof useClassMockClock>[0] & { title: string; session_id: number | null };

function Line({ item, fetchedAt, onChange }: { item: Item; fetchedAt: number; onChange: () => void }) {
  const clock = useClassMockClock(item, fetchedAt, onChange);
  if (clock.state === 'closed') return null;
  return (
    <DashboardLine
      id="class-mock"
      icon={CalendarClock}
      title={`Class mock: ${item.title}`}
      text={
        clock.state === 'upcoming'
          ? `Opens in ${formatWait(clock.seconds)}.`
          : `Open now: closes in ${formatWait(clock.seconds)}.`
      }
      link={{
        to: '/class-mocks',
        label: clock.state === 'open' ? (item.session_id ? 'Resume' : 'Start') : 'Class mocks',
        primary: clock.state === 'open',
      }}
    />
  );
}
