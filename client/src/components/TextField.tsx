// A labelled input with its error underneath, tied together for screen readers.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

export const INPUT_CLASS =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 disabled:bg-slate-100 disabled:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800';

/** aria-invalid and aria-describedby of a control whose note FieldFrame shows. */
export function noteProps(controlId: string, error?: string, hint?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? `${controlId}-note` : undefined,
  };
}

/** The label above a control, and its error (or hint) underneath. */
export function FieldFrame({
  label,
  controlId,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  controlId: string;
  error?: string;
  hint?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label
        htmlFor={controlId}
        className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200"
      >
        {label}
      </label>
      {children}
      {(error || hint) && (
        <p
          id={`${controlId}-note`}
          className={`mt-1 text-xs ${error ? 'text-red-700 dark:text-red-300' : 'text-slate-500 dark:text-slate-400'}`}
        >
          {error ?? hint}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, hint, id, className = '', ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame label={label} controlId={inputId} error={error} hint={hint} className={className}>
      <input id={inputId} {...noteProps(inputId, error, hint)} className={INPUT_CLASS} {...rest} />
    </FieldFrame>
  );
}
