// Breadcrumbs back up the wizards. The last crumb is the current page.
import { Link } from 'react-router-dom';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { FOCUS_RING } from './Button';

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600 dark:text-slate-300">
        {items.map((c, i) => (
          <li key={`${i}-${c.label}`} className="flex items-center gap-1">
            {i > 0 && <ChevronRight aria-hidden="true" className="h-4 w-4" />}
            {c.to && i < items.length - 1 ? (
              <Link
                to={c.to}
                className={`rounded text-brand-700 hover:underline dark:text-brand-500 ${FOCUS_RING}`}
              >
                {c.label}
              </Link>
            ) : (
              <span
                aria-current={i === items.length - 1 ? 'page' : undefined}
                className="font-medium text-slate-900 dark:text-slate-100"
              >
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
