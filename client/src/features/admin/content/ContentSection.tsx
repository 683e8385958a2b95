// One kind of content: its list, and an add form that opens on demand.
import { useId, useState, type ReactNode } from 'react';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { buttonClass } from '../../../components/Button';
import { cardClass } from '../components/ui';
import type { Item } from './items';
import { ItemRow } from './ItemRow';

export function ContentSection({
  title,
  addLabel,
  items,
  emptyText,
  form,
}: {
  title: string;
  addLabel: string;
  items: Item[];
  emptyText: string;
  form: ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  const headingId = useId();
  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {title}{' '}
          <span className="text-sm font-normal text-slate-500 dark:text-slate-400">({items.length})</span>
        </h2>
        <button
          type="button"
          className={buttonClass('secondary')}
          aria-expanded={adding}
          onClick={() => setAdding(!adding)}
        >
          {adding ? (
            <X className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Plus className="h-4 w-4" aria-hidden="true" />
          )}
          {adding ? 'Close' : addLabel}
        </button>
      </div>
      {adding && <div className="mb-3">{form}</div>}
      {items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
      ) : (
        // The page scrolls, not the list: an inline edit form is never cut by a box of its own.
        <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {items.map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
