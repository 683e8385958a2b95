// Raw request shapes for autocannon: tRPC over HTTP (GET ?input= for queries, POST JSON body for
// mutations, no batching, no transformer) and the REST shim, each with a student's bearer token.
import type { RawRequest } from 'autocannon';

/** What a current browser sends: large answers are compressed (brotli first), as for students. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export function trpcQuery(procedure: string, input: unknown, token: string): RawRequest {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return {
    method: 'GET',
    path: `/trpc/${procedure}${query}`,
    headers: { ...BROWSER, authorization: `Bearer ${token}` },
  };
}

export function trpcMutation(procedure: string, input: unknown, token?: string): RawRequest {
  return {
    method: 'POST',
    path: `/trpc/${procedure}`,
    headers: {
      ...BROWSER,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(input),
  };
}

export function restGet(path: string, token: string): RawRequest {
  return { method: 'GET', path, headers: { ...BROWSER, authorization: `Bearer ${token}` } };
}

/** Replaces the whole request each time (autocannon merges what setupRequest returns). */
export function each(next: () => RawRequest) {
  return [{ setupRequest: (req: RawRequest) => ({ ...req, ...next() }) }];
}
