// What the client needs to know of a failed call: the HTTP status the server answered, if any
// (a network failure has none).
export function httpStatusOf(err: unknown): number | undefined {
  return (err as { data?: { httpStatus?: number } | null } | null)?.data?.httpStatus ?? undefined;
}

/** A refusal the server meant (4xx): asking again gives the same answer. */
export function isRefusal(err: unknown): boolean {
  const status = httpStatusOf(err);
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * A call failure worth repeating: the network, the server's own trouble, a rate limit, or a 401
 * that reached us because the token could not be refreshed just then (a refused refresh sends
 * the browser to /login instead).
 */
export function isRetryable(err: unknown): boolean {
  const status = httpStatusOf(err);
  return status === undefined || status >= 500 || status === 429 || status === 408 || status === 401;
}
