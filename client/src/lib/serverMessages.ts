// The sentence to show for a failed call, from a tRPC error or a REST one (lib/restAuth.ts gives
// both the same shape): only errors the server answered carry `data`.

/**
 * The message the client shows: the first message of the listed fields, else the
 * server's own sentence (e.g. a rate limit), else the fallback. Only errors the server answered
 * carry `data`; a network failure ("Failed to fetch") gets the fallback, never browser jargon.
 */
export function firstServerMessage(err: unknown, fields: string[], fallback: string): string {
  const data = (err as { data?: { fieldErrors?: Record<string, string[]> | null } | null } | null)?.data;
  if (!data) return fallback;
  for (const field of fields) {
    const messages = data.fieldErrors?.[field];
    if (messages?.length) return messages[0];
  }
  const message = (err as { message?: string } | null)?.message;
  return message && !message.startsWith('[') ? message : fallback;
}

/** Which of the listed fields the server's first message is about, if any. */
export function firstServerField<F extends string>(err: unknown, fields: F[]): F | undefined {
  const data = (err as { data?: { fieldErrors?: Record<string, string[]> | null } | null } | null)?.data;
  return fields.find((field) => data?.fieldErrors?.[field]?.length);
}
