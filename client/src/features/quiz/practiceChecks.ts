// Which answers of a practice session were checked (their feedback seen), kept on this phone under
// the session id. The server holds every chosen answer; only this phone knows which of them were
// checked, so a reload shows the feedback again and leaves the unchecked ones open to change.

const key = (sessionId: number) => `practice-checked:${sessionId}`;

/** The checked question ids, or null when this phone has no record of the session. */
export function readChecked(sessionId: number): Set<number> | null {
  try {
    const raw = localStorage.getItem(key(sessionId));
    return raw === null ? null : new Set((JSON.parse(raw) as number[]).filter(Number.isInteger));
  } catch {
    return null;
  }
}

export function writeChecked(sessionId: number, ids: Iterable<number>): void {
  try {
    localStorage.setItem(key(sessionId), JSON.stringify([...ids]));
  } catch {
    // A full or blocked storage only costs the feedback after a reload; the answers are saved.
  }
}

export function forgetChecked(sessionId: number): void {
  localStorage.removeItem(key(sessionId));
}
