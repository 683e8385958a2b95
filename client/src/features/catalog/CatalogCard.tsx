// One item of a wizard list: a title, a description, facts, and the next step.
import type { ReactNode } from 'react';

interface CatalogCardProps {
  title: string;
  description?: string;
  facts?: string[];
  action: ReactNode;
}

export function CatalogCard({ title, description, facts = [], action }: CatalogCardProps) {
  return (
    <li className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <h2 className="font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      {description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>}
      {facts.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {facts.map((f) => (
            <li
              key={f}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700 dark:bg-slate-700 dark:text-slate-200"
            >
              {f}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-4">{action}</div>
    </li>
  );
}
