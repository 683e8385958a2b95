// Flag a question to come back to: a toggle button whose pressed state is
// the flag, kept by the server with the session so a reload and the review show it.
import Flag from 'lucide-react/icons/flag';
import { FOCUS_RING } from '../Button';

interface FlagToggleProps {
  flagged: boolean;
  onToggle: () => void;
  className?: string;
}

export function FlagToggle({ flagged, onToggle, className = '' }: FlagToggleProps) {
  return (
    <button
      type="button"
      aria-pressed={flagged}
      onClick={onToggle}
      data-testid="flag-toggle"
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-medium ${FOCUS_RING} ${
        flagged
          ? 'border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100'
          : 'border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-200'
      } ${className}`}
    >
      <Flag aria-hidden="true" className={`h-4 w-4 ${flagged ? 'fill-amber-500 text-amber-600' : ''}`} />
      Flag
    </button>
  );
}
