// The shell's line about attempts taken offline that have not reached the server yet.
import CloudOff from 'lucide-react/icons/cloud-off';
import { plural } from '../../../../shared/domain/display';
import { usePendingCount } from './attemptQueue';

export function PendingAttempts({ userId }: { userId: number }) {
  const pending = usePendingCount(userId);
  if (pending === 0) return null;
  return (
    <p
      role="status"
      data-testid="pending-attempts"
      className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0" />
      {plural(pending, 'attempt')} waiting to be sent
    </p>
  );
}
