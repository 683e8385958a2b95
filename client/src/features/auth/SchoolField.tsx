// School with suggestions: a combobox over the institutions list; free text allowed.
// The list hides 200 ms after blur so a tap on a suggestion lands before it disappears.
import { useEffect, useId, useRef, useState } from 'react';
import { suggestSchools } from '@shared/domain/schools';
import { INPUT_CLASS } from '../../components/TextField';

const HIDE_AFTER_BLUR_MS = 200;

interface SchoolFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

export function SchoolField({ value, onChange, error }: SchoolFieldProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<number | undefined>(undefined);
  const suggestions = open ? suggestSchools(value) : [];

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  function choose(school: string) {
    onChange(school);
    setOpen(false);
    setActive(-1);
  }

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        School
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        required
        placeholder="Start typing your school's name"
        className={INPUT_CLASS}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          window.clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          hideTimer.current = window.setTimeout(() => setOpen(false), HIDE_AFTER_BLUR_MS);
        }}
        onKeyDown={(e) => {
          if (!suggestions.length) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => (a + 1) % suggestions.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
          } else if (e.key === 'Enter' && active >= 0) {
            e.preventDefault();
            choose(suggestions[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {suggestions.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label="School suggestions"
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-600 dark:bg-slate-800"
        >
          {suggestions.map((s, i) => (
            <li
              key={s}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-100 dark:bg-slate-700' : 'hover:bg-slate-100 dark:hover:bg-slate-700'}`}
            >
              {s}
            </li>
          ))}
        </ul>
      )}
      {error && <p className="mt-1 text-xs text-red-700 dark:text-red-300">{error}</p>}
    </div>
  );
}
