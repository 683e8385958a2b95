// A countdown against a deadline (a wall-clock instant), not a naive counter: a phone that
// sleeps, a busy tab or a throttled timer still shows the true time left.
import { useEffect, useRef, useState } from 'react';

export function secondsUntil(deadline: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function useCountdown(deadline: number | null, onExpire: () => void): number | null {
  const [left, setLeft] = useState(() => (deadline === null ? null : secondsUntil(deadline)));
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });

  useEffect(() => {
    if (deadline === null) return;
    let fired = false;
    const tick = () => {
      const s = secondsUntil(deadline);
      setLeft(s);
      if (s === 0 && !fired) {
        fired = true;
        expire.current();
      }
    };
    tick();
    const id = window.setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [deadline]);

  return deadline === null ? null : left;
}

/** mm:ss, or h:mm:ss for exams of an hour or more. */
export function formatClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}
