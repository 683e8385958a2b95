// A lean HTTP front for the tRPC router, for the calls the app's own client makes: JSON queries
// (GET) and mutations (POST), single or batched as httpBatchLink sends them. It is put together
// from tRPC's public pieces (callTRPCProcedure, getTRPCErrorShape, transformTRPCResponse,
// getHTTPStatusCode), so answers, error shapes and status codes are tRPC's own; the equivalence
// test (trpcHttp.test.ts) holds it to byte-identical answers. Anything else (streaming links,
// other content types, subscriptions, unknown paths, unparsable input, over-long batches) is
// passed untouched to tRPC's Express adapter.
//
// Why: on Node 24, tRPC's node adapter turns every request into a fetch Request, and its answer
// into a Response piped through Web streams, with three AbortControllers and a DOMException per
// request. A no-op query through it runs far below what bare Express answers, so no catalogue
// read or answer save could reach the bench's target (docs/performance.md). The same calls
// through this front cost a few microseconds on top of the procedure itself.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
  type AnyTRPCRouter,
  type TRPCError,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { readTrpcUrl } from './trpcUrl';

interface Options<TRouter extends AnyTRPCRouter, TContext> {
  router: TRouter;
  createContext: (req: Request) => Promise<TContext>;
  maxBatchSize: number;
  onError?: (opts: { error: TRPCError; path: string; req: Request }) => void;
}

interface Call {
  path: string;
  type: 'query' | 'mutation';
  input: unknown;
}

const METHOD_OF = { query: 'GET', mutation: 'POST' } as const;

/** The calls of a request and whether it is a batch, or null when tRPC's own adapter should answer it. */
function readCalls(
  req: Request,
  router: AnyTRPCRouter,
  maxBatchSize: number,
): { calls: Call[]; batch: boolean } | null {
  if (req.method !== 'GET' && req.method !== 'POST') return null;
  const url = readTrpcUrl(req.url);
  if (!url) return null;
  const { paths, batch } = url;
  // Streaming (httpBatchStreamLink, also asked for with Accept: application/jsonl) and non-JSON
  // bodies are tRPC's business.
  if (req.headers['trpc-accept'] || url.params.has('connectionParams')) return null;
  if (req.headers.accept?.split(',').some((t) => t.trim() === 'application/jsonl')) return null;
  // Without a body that express.json parsed (it leaves req.body undefined for any other type, or
  // none), tRPC's adapter answers, with its parse error.
  if (req.method === 'POST' && req.body === undefined) return null;
  if (paths.length > maxBatchSize) return null;

  let inputs: unknown;
  if (req.method === 'GET') {
    try {
      inputs = url.input ? JSON.parse(url.input) : undefined;
    } catch {
      return null;
    }
  } else {
    inputs = req.body;
  }
  if (
    batch &&
    inputs !== undefined &&
    (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs))
  )
    return null;

  const calls: Call[] = [];
  for (const [index, path] of paths.entries()) {
    const procedure = (router._def.procedures as Record<string, { _def: { type: string } } | undefined>)[
      path
    ];
    const type = procedure?._def.type;
    if (type !== 'query' && type !== 'mutation') return null;
    if (METHOD_OF[type] !== req.method) return null;
    const input = batch ? (inputs as Record<string, unknown> | undefined)?.[index] : inputs;
    calls.push({ path, type, input });
  }
  return { calls, batch };
}

export function createTrpcHandler<TRouter extends AnyTRPCRouter, TContext>(
  opts: Options<TRouter, TContext>,
): RequestHandler {
  const { router, maxBatchSize } = opts;
  const config = router._def._config;
  return async (req: Request, res: Response, next: NextFunction) => {
    const read = readCalls(req, router, maxBatchSize);
    if (!read) return next();
    const { calls, batch } = read;
    let ctx: TContext | undefined;
    let ctxError: unknown = null;
    try {
      ctx = await opts.createContext(req);
    } catch (err) {
      ctxError = err;
    }
    const answers = await Promise.all(
      calls.map(async (call, batchIndex) => {
        try {
          if (ctxError) throw ctxError;
          const data: unknown = await callTRPCProcedure({
            router,
            path: call.path,
            getRawInput: async () => call.input,
            ctx,
            type: call.type,
            signal: undefined,
            batchIndex,
          });
          return { result: { data } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          opts.onError?.({ error, path: call.path, req });
          return {
            error: getTRPCErrorShape({
              config,
              error,
              type: call.type,
              path: call.path,
              input: call.input,
              ctx,
            }),
          };
        }
      }),
    );
    const untransformed = batch ? answers : answers[0];
    res.statusCode = getHTTPStatusCode(untransformed);
    res.setHeader('vary', 'trpc-accept, accept');
    res.setHeader('content-type', 'application/json');
    // With its length, so that the compression middleware leaves small answers plain.
    const body = Buffer.from(JSON.stringify(transformTRPCResponse(config, untransformed)));
    res.setHeader('content-length', body.length);
    res.end(body);
  };
}
