// The machinery of the REST compatibility shim. A route names its method and path, the tRPC
// procedure it calls and how that procedure's input is made of the request; the route table
// (routes.ts) is a list of them. Each request builds the same context as tRPC, calls the
// procedure and writes its answer, or the error in DRF's shape.
import type { Request, RequestHandler, Response, Router } from 'express';
import type { RouteParameters } from 'express-serve-static-core';
import { TRPCError, type TRPCMutationProcedure, type TRPCQueryProcedure } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { createContext, type AppDeps, type Context } from '../context';
import { errorDetailsOf, fieldErrorsOf } from '../errors';
import { appRouter } from '../router';
import { sendRetryAfter } from '../http/retryAfter';

/** The body reader of the procedure a route calls (server/http/requestBodies.ts). */
export type BodyReaders = (procedure: string) => RequestHandler;

interface ProcedureTypes {
  input: unknown;
  output: unknown;
  meta: unknown;
}

/** A query or mutation of the app router: its types are those of a route's input and answer. */
export type RestProcedure<T extends ProcedureTypes> = TRPCQueryProcedure<T> | TRPCMutationProcedure<T>;

type Fields<T> = { [K in keyof T]?: unknown };

/**
 * A procedure's input as a request brings it: the procedure's own fields, any of them missing and
 * their values unchecked, since the procedure's schema checks them (and coerces the path ids,
 * which arrive as strings).
 */
export type Unchecked<I> = [Exclude<I, void | undefined>] extends [never]
  ? undefined
  : Fields<Exclude<I, void | undefined>>;

/**
 * What an input builder may return for a procedure taking `I`: a field the procedure does not take
 * is a type error (each one becomes `never`), and so is any input for a procedure that takes none.
 * The body or the query string handed over as they came (string keys) are the procedure's to check.
 */
type OnlyFieldsOf<I, R> = [Exclude<I, void | undefined>] extends [never]
  ? undefined
  : string extends keyof R
    ? unknown
    : { [K in keyof R]: K extends keyof Exclude<I, void | undefined> ? unknown : never };

/** A route without input for a procedure that needs one is this, not a RestRoute: a type error. */
interface InputMissing {
  error: 'This procedure takes an input: say how the request makes it.';
}

/** What a route's input is made of. */
export interface RestRequest<Path extends string> {
  /** The path's `:name` segments, as strings. */
  params: RouteParameters<Path>;
  query: Request['query'];
  /** The JSON body; an absent body, or one that is not an object, is an empty object. */
  body: Record<string, unknown>;
}

/** Where a route's answer differs from the procedure's JSON with status 200. */
export interface Answer<Path extends string, O> {
  status?: number;
  /** Writes a success instead of the JSON. */
  send?: (res: Response, output: O, request: RestRequest<Path>) => void;
  /** Writes any failure instead of the error's JSON. */
  fail?: (res: Response) => void;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A route of the table, its types checked where it was written. */
export interface RestRoute {
  /** `GET /path/:id/`, as Express holds it. */
  key: string;
  /** The app router's name of the procedure that answers it (tests find staff-only paths by it). */
  procedure: string | undefined;
  mount(r: Router, deps: AppDeps, readBody: BodyReaders): void;
}

/** The app router's name of each procedure (`quiz.start`): its body rules are found by it. */
const pathOf = new Map<unknown, string>(
  Object.entries(appRouter._def.procedures).map(([path, procedure]) => [procedure, path]),
);

/** Calls a procedure as tRPC's own callers do, with the input as the request brought it. */
export function callProcedure<T extends ProcedureTypes>(
  procedure: RestProcedure<T>,
  ctx: Context,
  input: Unchecked<T['input']> | undefined,
): Promise<T['output']> {
  return procedure({
    ctx,
    getRawInput: async () => input,
    path: pathOf.get(procedure) ?? '?',
    type: procedure._def.type,
    signal: undefined,
    batchIndex: 0,
  });
}

export function errorBody(error: TRPCError): Record<string, unknown> {
  const fields = fieldErrorsOf(error.cause) ?? {};
  const internal = error.code === 'INTERNAL_SERVER_ERROR';
  const first = Object.values(fields)[0]?.[0];
  const detail = internal ? 'Something went wrong on our side. Please try again.' : (first ?? error.message);
  return { ...fields, ...errorDetailsOf(error.cause), detail };
}

/** A procedure's refusal as the REST paths answer it; an internal failure is logged first. */
export function restFailure(req: Request, err: TRPCError): { status: number; body: Record<string, unknown> } {
  if (err.code === 'INTERNAL_SERVER_ERROR') req.log.error({ topic: 'rest', err }, 'procedure failed');
  sendRetryAfter(req.res, err);
  return { status: getHTTPStatusCodeFromError(err), body: errorBody(err) };
}

function jsonBody(req: Request): Record<string, unknown> {
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
}

function route(method: Method) {
  function make<Path extends string, T extends ProcedureTypes, R = undefined>(
    path: Path,
    procedure: RestProcedure<T>,
    makeInput?: (request: RestRequest<Path>) => R & OnlyFieldsOf<T['input'], R>,
    answer?: Answer<Path, T['output']>,
  ): [R] extends [undefined] ? (undefined extends T['input'] ? RestRoute : InputMissing) : RestRoute;
  // The overload above checks each route where it is written; here every route is alike.
  function make(
    path: string,
    procedure: RestProcedure<ProcedureTypes>,
    makeInput?: (request: RestRequest<string>) => Unchecked<unknown>,
    answer: Answer<string, unknown> = {},
  ): RestRoute {
    return {
      key: `${method.toUpperCase()} ${path}`,
      procedure: pathOf.get(procedure),
      mount(r, deps, readBody) {
        const name = pathOf.get(procedure);
        if (!name) throw new Error(`The REST path ${path} names a procedure the app router lacks.`);
        // GET paths carry no body; every other path reads its procedure's body under its rules.
        const before = method === 'get' ? [] : [readBody(name)];
        r.route(path)[method](...before, async (req, res, next) => {
          const request = { params: req.params, query: req.query, body: jsonBody(req) };
          try {
            const output = await callProcedure(
              procedure,
              await createContext(deps, req),
              makeInput?.(request),
            );
            if (answer.send) return answer.send(res, output, request);
            res.status(answer.status ?? 200).json(output ?? {});
          } catch (err) {
            if (answer.fail) return answer.fail(res);
            if (!(err instanceof TRPCError)) return next(err);
            const { status, body } = restFailure(req, err);
            res.status(status).json(body);
          }
        });
      },
    };
  }
  return make;
}

export const get = route('get');
export const post = route('post');
export const put = route('put');
export const patch = route('patch');
export const del = route('delete');

/** The input of a procedure that takes the JSON body as it came. */
export const body = ({ body }: Pick<RestRequest<string>, 'body'>) => body;
/** The input of a procedure that takes the query string as it came. */
export const query = ({ query }: Pick<RestRequest<string>, 'query'>) => query;
