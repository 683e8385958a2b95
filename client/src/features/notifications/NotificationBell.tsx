// The bell, real notifications rather than a placeholder: an unread dot, and the list behind it; opening
// the list marks everything read.
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import Bell from 'lucide-react/icons/bell';
import { formatDateTime } from '@shared/domain/display';
import { FOCUS_RING } from '../../components/Button';
import { useDismiss } from '../../hooks/useDismiss';
import { trpc } from '../../lib/trpc';

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(box, open, close);
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery(undefined, { refetchInterval: 120_000 });
  const markAllRead = trpc.notifications.markAllRead.useMutation({
    onSuccess: () => utils.notifications.list.invalidate(),
  });
  const unread = list.data?.unread ?? 0;

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next && unread > 0) markAllRead.mutate();
  }

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className={`relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700 ${FOCUS_RING}`}
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 && (
          <span
            data-testid="unread-dot"
            className="absolute top-1.5 right-1.5 h-2.5 w-2.5 rounded-full bg-red-500 ring-2 ring-white dark:ring-slate-800"
          />
        )}
      </button>
      {open && (
        // On a phone the panel spans the screen under the top bar (the bell is not at the right
        // edge, so a panel hung from it ran off the left side); from 640 px it hangs from the bell.
        <div className="fixed inset-x-2 top-16 z-40 rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80 dark:border-slate-700 dark:bg-slate-800">
          <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold dark:border-slate-700">
            Notifications
          </h2>
          {list.isLoading && <p className="px-4 py-6 text-sm text-slate-500">Loading…</p>}
          {list.isError && (
            <p className="px-4 py-6 text-sm text-red-700 dark:text-red-300">Could not load notifications.</p>
          )}
          {list.data && list.data.items.length === 0 && (
            <p className="px-4 py-6 text-sm text-slate-500 dark:text-slate-400">
              You have no notifications yet.
            </p>
          )}
          {list.data && list.data.items.length > 0 && (
            <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-700">
              {list.data.items.map((n) => (
                <li
                  key={n.id}
                  className={`px-4 py-3 text-sm ${n.read ? '' : 'bg-brand-50 dark:bg-slate-700/50'}`}
                >
                  {n.link ? (
                    <Link to={n.link} onClick={close} className={`block rounded ${FOCUS_RING}`}>
                      <NotificationText title={n.title} body={n.body} date={n.created_at} />
                    </Link>
                  ) : (
                    <NotificationText title={n.title} body={n.body} date={n.created_at} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function NotificationText({ title, body, date }: { title: string; body: string; date: string }) {
  return (
    <>
      <p className="font-medium text-slate-900 dark:text-slate-100">{title}</p>
      <p className="text-slate-600 dark:text-slate-300">{body}</p>
      <p className="mt-1 text-xs text-slate-400">{formatDateTime(date)}</p>
    </>
  );
}
