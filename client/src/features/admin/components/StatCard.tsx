import type { LucideIcon } from 'lucide-react';
import { cardClass } from './ui';

export function StatCard({
  label,
  value,
  detail,
  icon: Icon,
}: {
  label: string;
  value: string | number;
  detail?: string;
  icon: LucideIcon;
}) {
  return (
    <div className={`${cardClass} flex items-start gap-3`}>
      <div className="rounded-md bg-brand-50 p-2 text-brand-700 dark:bg-slate-800 dark:text-brand-500">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {label}
        </p>
        <p className="text-2xl font-bold">{value}</p>
        {detail && <p className="text-xs text-slate-500 dark:text-slate-400">{detail}</p>}
      </div>
    </div>
  );
}
