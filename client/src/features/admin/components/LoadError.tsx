// A failed load never leaves an empty screen: say what failed and offer Retry (issue 5, point 8).
import CircleAlert from 'lucide-react/icons/circle-alert';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { secondaryButton } from './ui';

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <CircleAlert className="h-5 w-5 shrink-0" aria-hidden="true" />
      <p className="flex-1">{message}</p>
      <button type="button" className={secondaryButton} onClick={onRetry}>
        <RefreshCw className="h-4 w-4" aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}
