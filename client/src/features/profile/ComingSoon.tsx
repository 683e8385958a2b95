// Placeholders for settings not built yet: visible, dimmed, and marked Coming Soon.
import type { ReactNode } from 'react';

export function ComingSoon({ children, label = 'Coming Soon' }: { children: ReactNode; label?: string }) {
  return (
    <div className="relative">
      <div aria-hidden="true" className="pointer-events-none opacity-40 blur-[1px]">
        {children}
      </div>
      <div className="absolute inset-0 flex items-center justify-center">
        <span className="rounded-full bg-slate-900/80 px-4 py-1 text-sm font-semibold text-white dark:bg-white/90 dark:text-slate-900">
          {label}
        </span>
      </div>
    </div>
  );
}

export function SettingsSection({
  title,
  children,
  soon = false,
}: {
  title: string;
  children: ReactNode;
  soon?: boolean;
}) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <div className="mb-4 flex items-center gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {soon && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-300">
            Coming Soon
          </span>
        )}
      </div>
      {children}
    </section>
  );
}
