// One line of the dashboard above the cards: an icon, a headline with a sentence under it, and the
// way to act on it (a full-width button on a phone).
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';

interface DashboardLineProps {
  id: string;
  icon: LucideIcon;
  title: string;
  text: string;
  link: { to: string; label: string; primary: boolean };
}

export function DashboardLine({ id, icon: Icon, title, text, link }: DashboardLineProps) {
  return (
    <section
      aria-labelledby={id}
      className="mt-6 flex flex-wrap items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <Icon aria-hidden="true" className="h-8 w-8 shrink-0 text-brand-600 dark:text-brand-500" />
      <div className="min-w-48 flex-1">
        <h2 id={id} className="font-semibold" data-testid={id}>
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
      </div>
      <Link to={link.to} className={buttonClass(link.primary ? 'primary' : 'secondary', 'w-full sm:w-auto')}>
        {link.label}
      </Link>
    </section>
  );
}
