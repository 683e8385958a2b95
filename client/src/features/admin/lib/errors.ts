// The sentence to show for a failed call: the server's own message when the server answered
// (tRPC errors from the server carry `data`); a network failure gets the fallback, never
// browser jargon like "Failed to fetch".
export function messageOf(err: unknown, fallback: string): string {
  const e = err as { data?: unknown; message?: unknown } | null;
  if (!e?.data) return fallback;
  return typeof e.message === 'string' && e.message ? e.message : fallback;
}
