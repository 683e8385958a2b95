import { useId, type SelectHTMLAttributes } from 'react';
import { INPUT_CLASS } from './TextField';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly string[];
  placeholder: string;
  error?: string;
  hint?: string;
}

export function SelectField({ label, options, placeholder, error, hint, id, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div>
      <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${selectId}-note` : undefined}
        className={INPUT_CLASS}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {(error || hint) && (
        <p
          id={`${selectId}-note`}
          className={`mt-1 text-xs ${error ? 'text-red-700 dark:text-red-300' : 'text-slate-500 dark:text-slate-400'}`}
        >
          {error ?? hint}
        </p>
      )}
    </div>
  );
}
