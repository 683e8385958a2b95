// The HTTP server around the app, with timeouts sized for phones on slow mobile data rather
// than Node's defaults (300 s for a whole request): a sender who stalls holds a connection for
// seconds, not minutes. `npm start`, the test harness and the bench all listen through this.
import http from 'node:http';
import type { RequestListener } from 'node:http';
import { answerClientErrorsAsJson } from './clientError';

export interface HttpTimeouts {
  /** The request line and headers must have arrived within this (a few hundred bytes). */
  headersMs: number;
  /** The whole request, body included: a 5 MB spreadsheet at about 0.7 Mbit/s. */
  requestMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: HttpTimeouts = { headersMs: 15_000, requestMs: 60_000, keepAliveMs: 20_000 };

export function createHttpServer(app: RequestListener, timeouts: HttpTimeouts = DEFAULT_TIMEOUTS) {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node checks the two timeouts above (its default is every 30 s).
      connectionsCheckingInterval: 1000,
    },
    app,
  );
  answerClientErrorsAsJson(server);
  return server;
}
