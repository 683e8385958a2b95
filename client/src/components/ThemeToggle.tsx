// Light/dark switch; the choice is remembered by lib/theme (light by default, SPEC 1).
import { useState } from 'react';
import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { isDark, setDark } from '../lib/theme';
import { FOCUS_RING } from './Button';

export function ThemeToggle() {
  const [dark, setDarkState] = useState(isDark);
  return (
    <button
      type="button"
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      aria-pressed={dark}
      onClick={() => {
        setDark(!dark);
        setDarkState(!dark);
      }}
      className={`rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700 ${FOCUS_RING}`}
    >
      {dark ? (
        <Sun aria-hidden="true" className="h-5 w-5" />
      ) : (
        <Moon aria-hidden="true" className="h-5 w-5" />
      )}
    </button>
  );
}
