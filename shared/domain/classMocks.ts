// How a class mock's window reads, the same on the server's refusals and the student's countdown.
import { plural } from './display';

export type ClassMockState = 'upcoming' | 'open' | 'closed';

/** Where `now` falls: before the opening, between it and the close, or at or after the close. */
export function classMockState(opensAt: string, closesAt: string, now: number): ClassMockState {
  if (now < new Date(opensAt).getTime()) return 'upcoming';
  return now < new Date(closesAt).getTime() ? 'open' : 'closed';
}

/** "2 days 3 h", "1 h 5 min", "4 min 10 s", "9 s": a countdown that stays short on a phone. */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return hours ? `${plural(days, 'day')} ${hours} h` : plural(days, 'day');
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${s % 60} s`;
  return `${s} s`;
}

const gmt = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** "27 Nov 2026, 14:00 GMT": Ghana's time, whatever zone the server runs in. */
export function formatGmt(iso: string): string {
  return `${gmt.format(new Date(iso))} GMT`;
}
