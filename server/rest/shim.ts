// Helpers of the REST compatibility shim: each route builds the same context as tRPC, calls the
// procedure through createCaller and writes the answer (or the error in DRF's shape).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { createContext, type AppDeps } from '../context';
import { errorDetailsOf, fieldErrorsOf } from '../errors';
import { createCaller } from '../router';

export type Caller = ReturnType<typeof createCaller>;

/** The body reader of the procedure a route calls (server/http/requestBodies.ts). */
export type BodyReaders = (procedure: string) => RequestHandler;

export function errorBody(error: TRPCError): Record<string, unknown> {
  const fields = fieldErrorsOf(error.cause) ?? {};
  const internal = error.code === 'INTERNAL_SERVER_ERROR';
  const first = Object.values(fields)[0]?.[0];
  const detail = internal ? 'Something went wrong on our side. Please try again.' : (first ?? error.message);
  return { ...fields, ...errorDetailsOf(error.cause), detail };
}

/** Wraps a procedure call as an Express handler. */
export function call(
  deps: AppDeps,
  run: (caller: Caller, req: Request) => Promise<unknown>,
  status = 200,
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const ctx = await createContext(deps, req);
      const result = await run(createCaller(ctx), req);
      res.status(status).json(result ?? {});
    } catch (err) {
      if (!(err instanceof TRPCError)) return next(err);
      if (err.code === 'INTERNAL_SERVER_ERROR') deps.logger.error(`[rest] ${err.stack ?? err.message}`);
      res.status(getHTTPStatusCodeFromError(err)).json(errorBody(err));
    }
  };
}

/** The JSON body as an object (an absent body is an empty one). */
export function body(req: Request): Record<string, unknown> {
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
}
