// Where a class mock stands right now on this phone: its state and the seconds to the next
// change, counted from the server's own figures when they arrived (so a phone whose clock is
// wrong still counts right), without asking the server again every second.
import { useCountdown } from './useCountdown';

interface ClassMockTimes {
  seconds_to_open: number;
  seconds_to_close: number;
}

export function useClassMockClock(item: ClassMockTimes, fetchedAt: number, onChange: () => void) {
  const opensAt = fetchedAt + item.seconds_to_open * 1000;
  const closesAt = fetchedAt + item.seconds_to_close * 1000;
  const toOpen = useCountdown(item.seconds_to_open > 0 ? opensAt : null, onChange) ?? 0;
  const toClose = useCountdown(item.seconds_to_close > 0 ? closesAt : null, onChange) ?? 0;
  const state = toOpen > 0 ? 'upcoming' : toClose > 0 ? 'open' : 'closed';
  return { state, seconds: state === 'upcoming' ? toOpen : toClose } as const;
}
