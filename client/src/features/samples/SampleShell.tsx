// Frame of the sample quiz screens: title bar with a way back, selection blocked.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { FOCUS_RING } from '../../components/Button';

export function SampleShell({
  title,
  subtitle,
  aside,
  children,
  extra,
}: {
  title: string;
  subtitle: string;
  aside?: ReactNode;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 select-none dark:bg-slate-900 dark:text-slate-100">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-800">
        <div className="mx-auto flex max-w-5xl items-center gap-3">
          <Link
            to="/dashboard"
            aria-label="Back to Dashboard"
            className={`rounded-lg p-2 hover:bg-slate-100 dark:hover:bg-slate-700 ${FOCUS_RING}`}
          >
            <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="truncate font-semibold">{title}</h1>
            <p className="text-xs text-slate-500 dark:text-slate-400">{subtitle}</p>
          </div>
          {aside}
        </div>
      </header>
      <main className="mx-auto grid max-w-5xl gap-4 p-4 lg:grid-cols-[1fr_16rem]">{children}</main>
      {extra}
    </div>
  );
}
