// Exam screens block copying: copy, cut and the context menu everywhere on the page,
// and optionally the Ctrl/Cmd + C, V, A, S shortcuts (test mode). Text selection is blocked
// with CSS (`select-none`) on the screen itself.
import { useEffect } from 'react';

const BLOCKED_KEYS = new Set(['c', 'v', 'a', 's']);

export function useBlockCopy({ blockKeys = false }: { blockKeys?: boolean } = {}) {
  useEffect(() => {
    const prevent = (e: Event) => e.preventDefault();
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && BLOCKED_KEYS.has(e.key.toLowerCase())) e.preventDefault();
    };
    const events = ['copy', 'cut', 'contextmenu'] as const;
    for (const name of events) document.addEventListener(name, prevent);
    if (blockKeys) document.addEventListener('keydown', onKey);
    return () => {
      for (const name of events) document.removeEventListener(name, prevent);
      document.removeEventListener('keydown', onKey);
    };
  }, [blockKeys]);
}
