// A class mock's live board: every student it is for, not started / in progress (answered n of
// N) / submitted, with the counts on top, polled every few seconds; and "Release results".
import { formatDateTime } from '@shared/domain/display';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { trpc } from '../../../lib/trpc';
import { Loaded } from '../components/Loaded';
import Users from 'lucide-react/icons/users';
import Clock from 'lucide-react/icons/clock';
import PenLine from 'lucide-react/icons/pen-line';
import CheckCircle from 'lucide-react/icons/circle-check';
import { StatCard } from '../components/StatCard';
import { tableClass, tdClass, thClass } from '../components/ui';
import { messageOf } from '../lib/errors';

const REFRESH_MS = 5000;

export function ClassMockBoard({ id, onBack }: { id: number; onBack: () => void }) {
  const board = trpc.admin.classMocks.board.useQuery({ id }, { refetchInterval: REFRESH_MS });
  const release = trpc.admin.classMocks.release.useMutation({ onSuccess: () => void board.refetch() });

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="secondary" onClick={onBack}>
          Back to class mocks
        </Button>
      </div>
      <Loaded query={board} loading="Loading the live board…" failed="Failed to load the live board.">
        {({ class_mock: cm, counts, students }) => (
          <>
            <h2 className="text-lg font-semibold">
              Live board · closes {formatDateTime(cm.closes_at)}
            </h2>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="board-counts">
              <StatCard label="Students" value={counts.students} icon={Users} />
              <StatCard label="Not started" value={counts.not_started} icon={Clock} />
              <StatCard label="In progress" value={counts.in_progress} icon={PenLine} />
              <StatCard label="Submitted" value={counts.submitted} icon={CheckCircle} />
            </div>
            {cm.released_at ? (
              <Alert tone="success">Results released {formatDateTime(cm.released_at)}.</Alert>
            ) : (
              <div>
                <Button disabled={release.isPending} onClick={() => release.mutate({ id })}>
                  Release results
                </Button>
                {release.error && <Alert tone="error">{messageOf(release.error, 'Could not release.')}</Alert>}
              </div>
            )}
            <div className="overflow-x-auto">
              <table className={tableClass}>
                <thead>
                  <tr>
                    <th className={thClass}>Student</th>
                    <th className={thClass}>State</th>
                  </tr>
                </thead>
                <tbody>
                  {students.map((s) => (
                    <tr key={s.user_id}>
                      <td className={tdClass}>{s.full_name}</td>
                      <td className={tdClass}>
                        {s.state === 'not_started'
                          ? 'Not started'
                          : s.state === 'submitted'
                            ? 'Submitted'
                            : `In progress (answered ${s.answered} of ${s.questions})`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Loaded>
    </div>
  );
}
