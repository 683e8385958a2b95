// A labelled form control. The label points at the control by id rather than wrapping it, so
// the control's accessible name is the label alone (a wrapped select would add its options).
import { useId, type ReactNode } from 'react';

export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children(id)}
      {hint && <span className="text-xs text-slate-500 dark:text-slate-400">{hint}</span>}
    </div>
  );
}
