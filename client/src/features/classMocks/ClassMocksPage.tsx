// /class-mocks: the class mocks the student's school scheduled for them, each with a countdown
// to its opening or its close, Start while it is open (one attempt; Resume after a reload), and
// after a submit when the results come out.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatWait } from '@shared/domain/classMocks';
import { formatDateTime } from '@shared/domain/display';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailure } from '../../components/NeedsConnection';
import { SkeletonGrid } from '../../components/Skeleton';
import { useClassMockClock } from '../../hooks/useClassMockClock';
import { firstServerMessage } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';

type Item = inferRouterOutputs<AppRouter>['classMocks']['list'][number];

function Row({ item, fetchedAt, onChange }: { item: Item; fetchedAt: number; onChange: () => void }) {
  const navigate = useNavigate();
  const start = trpc.classMocks.start.useMutation();
  const [error, setError] = useState<string | null>(null);
  const clock = useClassMockClock(item, fetchedAt, onChange);

  async function onStart() {
    setError(null);
    try {
      const started = await start.mutateAsync({ id: item.id });
      navigate(`/quiz/session/${started.session.id}`, { state: { started } });
    } catch (err) {
      setError(firstServerMessage(err, ['detail'], 'Could not start the class mock. Please try again.'));
    }
  }

  let status: string;
  let action = null;
  if (item.submitted) {
    status = item.released
      ? 'Submitted. Your result is ready.'
      : item.releases_at
        ? `Submitted. Results are released on ${formatDateTime(item.releases_at)}.`
        : 'Submitted. Results are released when your tutors release them.';
    if (item.result_id !== null)
      action = (
        <Link to={`/quiz/result/${item.result_id}`} className={buttonClass('primary')}>
          View result
        </Link>
      );
  } else if (clock.state === 'upcoming') {
    status = `Opens in ${formatWait(clock.seconds)}`;
  } else if (clock.state === 'open') {
    status = `Open: closes in ${formatWait(clock.seconds)}`;
    action = (
      <Button onClick={() => void onStart()} disabled={start.isPending}>
        {start.isPending ? 'Starting…' : item.session_id ? 'Resume' : 'Start'}
      </Button>
    );
  } else {
    status = 'Closed';
  }

  return (
    <li className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <h2 className="font-semibold">{item.title}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {formatDateTime(item.opens_at)} – {formatDateTime(item.closes_at)} · {item.time_limit_minutes} minutes
      </p>
      <p className="mt-2 font-medium" data-testid={`class-mock-${item.id}`}>
        {status}
      </p>
      {action && <div className="mt-3">{action}</div>}
      {error && (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </li>
  );
}

export default function ClassMocksPage() {
  const list = trpc.classMocks.list.useQuery(undefined, { staleTime: 0 });
  if (list.isLoading) return <SkeletonGrid count={2} label="Loading class mocks…" />;
  if (list.isError || !list.data)
    return <LoadFailure message="Failed to load your class mocks" onRetry={() => void list.refetch()} />;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Class mocks</h1>
      {list.data.length === 0 ? (
        <EmptyState title="No class mocks" message="Mocks your school schedules for your class appear here." />
      ) : (
        <ul className="mt-4 flex flex-col gap-4">
          {list.data.map((item) => (
            <Row key={item.id} item={item} fetchedAt={list.dataUpdatedAt} onChange={() => void list.refetch()} />
          ))}
        </ul>
      )}
    </div>
  );
}
