// A message that clears itself after a while (upload success 8 s, errors 10 s).
import { useCallback, useEffect, useRef, useState } from 'react';

export function useTimedMessage<T>(ms: number) {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(
    (next: T | null) => {
      clearTimeout(timer.current);
      setValue(next);
      if (next !== null) timer.current = setTimeout(() => setValue(null), ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return [value, show] as const;
}
