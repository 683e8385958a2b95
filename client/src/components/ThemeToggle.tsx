// Light/dark switch; the choice is remembered by lib/theme (light by default). Pre-rendered
// pages are rendered light: the icon follows the <html> class in CSS, so a page hydrated in the
// dark theme shows the right icon from its first paint and hydrates without a mismatch.
import { useSyncExternalStore } from 'react';
import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { isDark, setDark, subscribeToTheme } from '../lib/theme';
import { FOCUS_RING } from './Button';

export function ThemeToggle() {
  const dark = useSyncExternalStore(subscribeToTheme, isDark, () => false);
  return (
    <button
      type="button"
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      aria-pressed={dark}
      onClick={() => setDark(!dark)}
      className={`rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700 ${FOCUS_RING}`}
    >
      <Sun aria-hidden="true" className="hidden h-5 w-5 dark:block" />
      <Moon aria-hidden="true" className="h-5 w-5 dark:hidden" />
    </button>
  );
}
