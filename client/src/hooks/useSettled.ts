// A value that follows another once it has stopped changing for a moment: what a search box or a
// live count sends, so a burst of typing or ticking costs one request, not one per keystroke.
import { useEffect, useState } from 'react';

export function useSettled<T>(value: T, pauseMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), pauseMs);
    return () => clearTimeout(timer);
  }, [value, pauseMs]);
  return settled;
}
