// The request log (pino-http): one line a request once its answer is sent, with the request's id,
// method and path (req), status (res), duration (responseTime, ms) and, for a signed-in caller,
// their user id and school (user_id, school_id), so one school's trouble can be picked out. It copies no header, body
// or query string: those carry passwords, tokens and cookies. Every request gets an id, sent back
// as X-Request-Id; lines logged while serving it (req.log, ctx.logger) carry the same req, so a
// support person who has the header finds the request's lines, the stack of a 500 among them.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp, startTime } from 'pino-http';
import type { Logger } from '../logger';

/** Who a request was from, once its token was read (server/context.ts tells). */
const requestUsers = new WeakMap<IncomingMessage, { user_id: number; school_id: number | null }>();
const NOBODY = Object.freeze({});

/** Adds the signed-in user's id and school to the request's log line. */
export function noteRequestUser(req: IncomingMessage, user: { id: number; school_id: number | null }): void {
  requestUsers.set(req, { user_id: user.id, school_id: user.school_id });
}

/** A request slower than this is logged at info even when it succeeded. */
const SLOW_MS = 1000;

/** An id a proxy in front already gave the request (nginx's $request_id): kept if short and plain. */
const SANE_REQUEST_ID = /^[\w.:-]{1,64}$/;

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** The pages and endpoints of mailed links: what follows them in the path is a secret token. */
const LINK_TOKENS = /\/(verify-email|confirm-email|password-reset-confirm|invitation)(\/[^/]+)+/;
/** Any other path segment that looks like a token (long, of base64url letters only). */
const TOKEN_LIKE = /\/[\w-]{32,}(?=\/|$)/g;

/** The path of a request as logged: no query string, the tokens of links blanked out. */
export function loggedPath(url: string | undefined): string {
  const q = url?.indexOf('?') ?? -1;
  const path = q === -1 ? (url ?? '') : url!.slice(0, q);
  return path.replace(LINK_TOKENS, '/$1/[redacted]').replace(TOKEN_LIKE, '/[redacted]');
}

export function requestLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: requestId,
    // The raw request and response, not pino's standard copies of them (which hold every header).
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage) => ({ id: req.id, method: req.method, path: loggedPath(req.url) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    // Fast successes at debug, the rest at info (5xx at error): a line for every request cost the
    // cheapest calls a share of their CPU (docs/performance.md), and these are the lines worth reading.
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500
        ? 'error'
        : res.statusCode >= 400 || Date.now() - res[startTime] >= SLOW_MS
          ? 'info'
          : 'debug',
    // A failed request's stack is in the line of whoever caught the error, with the same req.
    customErrorObject: (_req, _res, _err, val: { res: ServerResponse; responseTime: number }) => ({
      res: val.res,
      responseTime: val.responseTime,
    }),
    customErrorMessage: () => 'request failed',
    // Asked when the request starts (nobody known yet) and again for its line, once it is answered.
    customProps: (req) => requestUsers.get(req) ?? NOBODY,
  });
}
