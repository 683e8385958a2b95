// How dates and counts read on every screen: Ghana writes day month year ("23 Nov 2026"), and a
// count names its noun in the right number ("1 question", "40 questions").
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function parsed(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "23 Nov 2026"; a missing or unreadable date is a dash. */
export function formatDate(iso: string | null | undefined): string {
  const d = parsed(iso);
  return d ? dateOnly.format(d) : '—';
}

/** "23 Nov 2026, 14:05" in the reader's own time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = parsed(iso);
  return d ? dateTime.format(d) : '—';
}

/** "1 question", "2 questions"; irregular plurals are passed in ("1 quiz", "3 quizzes"). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
