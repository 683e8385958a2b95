// What a screen that needs the network shows with no signal: says so in plain words and points to
// what works on the phone (downloaded practice sets, the last copies of the results), instead of a
// load error and a retry that cannot work until the connection is back.
import { Link } from 'react-router-dom';
import WifiOff from 'lucide-react/icons/wifi-off';
import { buttonClass } from './Button';
import { ErrorPanel } from './ErrorPanel';
import { useOnline } from '../hooks/useOnline';

interface NeedsConnectionProps {
  /** The thing that needs the connection, e.g. "Your review"; "This page" by default. */
  what?: string;
  /** Whether to offer the results' last copies (not on the results page itself). */
  withResults?: boolean;
}

export function NeedsConnection({ what = 'This page', withResults = true }: NeedsConnectionProps) {
  return (
    <section
      role="status"
      aria-labelledby="needs-connection"
      data-testid="needs-connection"
      className="rounded-xl border border-slate-300 bg-white p-6 text-center dark:border-slate-600 dark:bg-slate-800"
    >
      <WifiOff aria-hidden="true" className="mx-auto h-8 w-8 text-slate-500 dark:text-slate-400" />
      <h2 id="needs-connection" className="mt-2 text-lg font-semibold">
        You are offline
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
        {what} needs a connection. It loads by itself when the connection is back.
      </p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
        {withResults
          ? 'Meanwhile you can practise the sets downloaded to this phone, or look at your last results.'
          : 'Meanwhile you can practise the sets downloaded to this phone.'}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Link to="/downloads" className={buttonClass('primary')}>
          Downloads
        </Link>
        {withResults && (
          <Link to="/results" className={buttonClass('secondary')}>
            Results
          </Link>
        )}
      </div>
    </section>
  );
}

/** A read that failed: offline it needs the connection; online it failed, and can be retried. */
export function LoadFailure({
  message,
  onRetry,
  ...offline
}: NeedsConnectionProps & { message: string; onRetry?: () => void }) {
  const online = useOnline();
  if (!online) return <NeedsConnection {...offline} />;
  return <ErrorPanel message={message} onRetry={onRetry} />;
}
