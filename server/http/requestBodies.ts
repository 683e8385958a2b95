// Reading request bodies: only for a caller who may call the procedure, and only up to what that
// procedure takes. Every procedure says who may call it and, where needed, its largest body and
// its lane (its tRPC meta, server/trpc.ts); REST routes name the procedure they call. So:
// - a body for a procedure the caller may not call is never parsed: the procedure answers 401/403
//   on an empty input at once, and Node drops the rest of the body (at most the procedure's
//   ceiling) while the connection stays open for the client's next call (a refresh after an
//   expired token, which every student meets once a quarter of an hour);
// - a declared length over the procedure's ceiling is refused (413) before reading, a body with
//   no declared length is cut at the ceiling;
// - every body being read holds a place in its lane of the process-wide budget (bodyBudget.ts):
//   without one, 503; a body that arrives too slowly loses its place and is answered 408.
// Every answer to a body that will not be read says `Connection: close`.
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AnyTRPCRouter } from '@trpc/server';
import { createContext, type AppDeps } from '../context';
import { isStaff, type ProcedureMeta } from '../trpc';
import type { BodyBudget, BodyLane } from './bodyBudget';
import { readTrpcUrl } from './trpcUrl';

type Access = ProcedureMeta['access'];

/** Ceilings where a procedure names none: a public form, a signed-in user's, an admin's. */
const DEFAULT_MAX_BYTES: Record<Access, number> = {
  public: 4 * 1024,
  user: 16 * 1024,
  admin: 64 * 1024,
};
const RANK: Record<Access, number> = { public: 0, user: 1, admin: 2 };

export interface BodyRule {
  access: Access;
  maxBytes: number;
  lane: BodyLane;
}

/**
 * The rule of a call to these procedures: a batch takes the strictest access, the sum of
 * ceilings, and a lane of its own only when every procedure in it has that lane.
 */
export function bodyRuleOf(router: AnyTRPCRouter, paths: string[]): BodyRule {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta } } | undefined>;
  let access: Access = 'public';
  let maxBytes = 0;
  const lanes = new Set<ProcedureMeta['bodyLane']>();
  for (const path of paths) {
    const meta = procedures[path]?._def.meta;
    const own = meta?.access ?? 'public';
    if (RANK[own] > RANK[access]) access = own;
    maxBytes += meta?.maxBodyBytes ?? DEFAULT_MAX_BYTES[own];
    lanes.add(meta?.bodyLane);
  }
  const [only] = lanes;
  const lane = lanes.size === 1 && only ? only : access === 'public' ? 'anonymous' : 'other';
  return { access, maxBytes: paths.length ? maxBytes : DEFAULT_MAX_BYTES.public, lane };
}

function declaredLength(req: Request): number | null {
  const header = req.headers['content-length'];
  if (header === undefined) return null;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || (declaredLength(req) ?? 0) > 0;
}

/**
 * How long a refused sender's body is still read (and dropped) after the answer. Browsers read
 * the answer only once their upload is out; closing at once with unread bytes sends a reset that
 * throws the answer away on their side. nginx's lingering_close does the same.
 */
const LINGER_MS = 5_000;

/**
 * Says `Connection: close`, so that a kept-alive client sends its next request on a new
 * connection; once the answer is out, half-closes this one and drops what still arrives for at
 * most LINGER_MS, then cuts it.
 */
export function closeAfterAnswer(req: Request, res: Response) {
  const socket = req.socket;
  if (!res.headersSent) res.setHeader('Connection', 'close');
  // On `Connection: close` Node ends the socket and destroys it as soon as the answer is written,
  // which, with the upload still arriving, is the reset above: only the writing side is ended here.
  socket.destroySoon = () => socket.end();
  res.once('finish', () => {
    socket.end();
    req.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}

/** Answers without reading the body, and closes the connection after, so no more of it is taken. */
export function refuseUnread(
  req: Request,
  res: Response,
  status: number,
  detail: string,
  retryAfterSeconds?: number,
) {
  closeAfterAnswer(req, res);
  if (retryAfterSeconds) res.setHeader('Retry-After', String(retryAfterSeconds));
  res.status(status).json({ detail });
}

export interface BodyReaderOptions {
  deps: AppDeps;
  budget: BodyBudget;
  router: AnyTRPCRouter;
}

/** Express middleware reading the JSON body of a call to the procedures `pathsOf(req)` names. */
export function bodyReader(opts: BodyReaderOptions, pathsOf: (req: Request) => string[]): RequestHandler {
  const parsers = new Map<number, RequestHandler>();
  const parserFor = (limit: number) => {
    let parser = parsers.get(limit);
    if (!parser) parsers.set(limit, (parser = express.json({ limit })));
    return parser;
  };

  return async (req, res, next) => {
    if (!hasBody(req)) return next();
    try {
      const rule = bodyRuleOf(opts.router, pathsOf(req));
      const declared = declaredLength(req);
      if (declared !== null && declared > rule.maxBytes) {
        refuseUnread(
          req,
          res,
          413,
          `Request body is too large (limit ${Math.ceil(rule.maxBytes / 1024)} KB).`,
        );
        return;
      }
      let userId: number | null = null;
      if (rule.access !== 'public') {
        const { user } = await createContext(opts.deps, req);
        const allowed = user && (rule.access === 'user' || isStaff(user));
        if (!allowed) {
          // The procedure itself answers (401 or 403, in its own error shape) on an empty input.
          req.body = {};
          return next();
        }
        userId = user.id;
      }
      let done = false;
      const count = (chunk: Buffer) => place?.arrived(chunk.length);
      const place = await opts.budget.reserve({
        lane: rule.lane,
        userId,
        address: req.ip ?? '',
        bytes: declared ?? rule.maxBytes,
        onCut: () => {
          if (done) return;
          done = true;
          // Whatever more arrives is dropped, not buffered: the body has lost its place.
          req.removeAllListeners('data');
          refuseUnread(req, res, 408, 'The request arrived too slowly. Please try again.');
        },
      });
      if (!place) {
        refuseUnread(req, res, 503, 'The server is busy. Please try again in a few seconds.', 5);
        return;
      }
      parserFor(rule.maxBytes)(req, res, (err?: unknown) => {
        place.release();
        if (done) return;
        done = true;
        req.off('data', count);
        next(err);
      });
      // Counted beside the parser's reading (it has started, unless it passed the body on at once).
      if (!done) req.on('data', count);
    } catch (err) {
      next(err);
    }
  };
}

/** The procedures a /trpc request calls, read as tRPC reads them (none for a broken address). */
export function trpcPaths(req: Request): string[] {
  return readTrpcUrl(req.url)?.paths ?? [];
}
