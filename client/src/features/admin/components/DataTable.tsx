// A wide admin table: it scrolls inside its own box (the page never scrolls sideways), and its
// column headers carry scope for screen readers. Rows come as children.
import type { ReactNode } from 'react';
import { ScrollBox } from './ScrollBox';
import { numberThClass, tableClass, thClass } from './ui';

export interface Column {
  label: string;
  /** A column of figures (numberTdClass cells). */
  numeric?: boolean;
}

export function DataTable({
  region,
  caption,
  columns,
  children,
}: {
  /** The scroll box's name. */
  region: string;
  /** The table's name. */
  caption: string;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <ScrollBox
      label={region}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <table className={tableClass} aria-label={caption}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? numberThClass : thClass}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>
      </table>
    </ScrollBox>
  );
}
