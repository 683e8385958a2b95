// A refusal whose details say how long to wait (retry_after, in seconds) says it in the standard
// Retry-After header too, which HTTP clients, proxies and the load test read.
import type { ServerResponse } from 'node:http';
import type { TRPCError } from '@trpc/server';
import { errorDetailsOf } from '../errors';

export function sendRetryAfter(res: ServerResponse | undefined, error: TRPCError): void {
  const seconds = errorDetailsOf(error.cause)?.retry_after;
  if (typeof seconds === 'number' && res && !res.headersSent) res.setHeader('Retry-After', String(seconds));
}
