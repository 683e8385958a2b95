// The shell's lines about attempts taken offline: how many wait to be sent, and any the server
// refused (the set was hidden since, say), with its reason until the student dismisses it.
import CloudOff from 'lucide-react/icons/cloud-off';
import { plural } from '@shared/domain/display';
import { FOCUS_RING } from '../../components/Button';
import { dismissRefused, useQueue } from './attemptQueue';

const LINE = 'flex items-center gap-2 border-b px-4 py-2 text-sm';

export function PendingAttempts({ userId }: { userId: number }) {
  const { pending, refused } = useQueue(userId);
  return (
    <>
      {pending > 0 && (
        <p
          role="status"
          data-testid="pending-attempts"
          className={`${LINE} border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100`}
        >
          <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0" />
          {plural(pending, 'attempt')} waiting to be sent
        </p>
      )}
      {refused.map((a) => (
        <div
          key={a.input.client_id}
          role="alert"
          className={`${LINE} border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100`}
        >
          <p className="min-w-0 flex-1">
            Your attempt at {a.title} could not be saved: {a.refused}
          </p>
          <button
            type="button"
            onClick={() => void dismissRefused(userId, a.input.client_id)}
            className={`min-h-11 min-w-11 rounded-lg px-3 font-medium underline ${FOCUS_RING}`}
          >
            Dismiss
          </button>
        </div>
      ))}
    </>
  );
}
