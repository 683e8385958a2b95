// The Express app without listen(): security headers, bodies read per procedure, /api (REST
// shim), /trpc, and the built client with its SPA fallback.
import fs from 'node:fs';
import path from 'node:path';
import { compressJsonResponses, compressResponses } from './http/compression';
import expressStaticGzip from 'express-static-gzip';
import express, { type ErrorRequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { createContext, type AppDeps } from './context';
import { restRouter } from './rest/index';
import { appRouter } from './router';
import { PRERENDERED_DIR, PRERENDERED_PAGES } from '../shared/prerenderedPages';
import { PROJECT_ROOT } from './paths';
import { logInternalErrors } from './trpc';
import { BodyBudget, DEFAULT_BODY_BUDGET, type BodyBudgetLimits } from './http/bodyBudget';
import { noStore, permissionsPolicy } from './http/privacyHeaders';
import { bodyReader, closeAfterAnswer, trpcPaths } from './http/requestBodies';
import { sendLandingPage } from './http/landingPage';
import { refuseMalformedUrls } from './http/urls';
import { createTrpcHandler } from './http/trpcHttp';
import { requestLog } from './http/requestLog';
import { sendRetryAfter } from './http/retryAfter';
import { AppMetrics } from './http/metrics';
import { allowListOf } from './http/allowList';
import { passwordHasher } from './services/passwords';
import type { TRPCError } from '@trpc/server';

const CLIENT_DIR = path.join(PROJECT_ROOT, 'dist/client');

export interface AppOptions {
  clientDir?: string;
  bodyBudget?: BodyBudgetLimits;
  /** false: every /trpc call goes through tRPC's own adapter (the bench's comparison). */
  leanTrpcFront?: boolean;
  /** false: no request log, and no request ids (the bench's comparison). */
  requestLog?: boolean;
}

export function createApp(appDeps: AppDeps, opts: AppOptions = {}) {
  const app = express();
  const budget = new BodyBudget(opts.bodyBudget ?? DEFAULT_BODY_BUDGET);
  const metrics = new AppMetrics({ db: appDeps.db, budget, hasher: passwordHasher });
  // Every procedure call, over /trpc or a REST route, is timed by the middleware of server/trpc.ts.
  const deps: AppDeps = { ...appDeps, onProcedureDone: metrics.observeCall };
  app.disable('x-powered-by');
  // No ETag on JSON answers: they are per user and never asked for again with If-None-Match, and
  // hashing each one cost the REST catalogue reads a share of their CPU (tRPC answers never had one).
  // The client's files keep theirs (express.static sets its own).
  app.set('etag', false);
  app.set('trust proxy', deps.env.TRUST_PROXY);
  app.use(opts.requestLog === false ? withoutRequestLog(deps.logger) : requestLog(deps.logger));
  app.get('/metrics', metrics.endpoint(allowListOf(deps.env.METRICS_ALLOW), deps.env.TRUST_PROXY !== false));
  app.use(refuseMalformedUrls());
  app.use(helmet(helmetOptions(deps.env)), permissionsPolicy());
  app.use(['/api', '/trpc'], noStore());

  // Bodies are read per procedure, after the caller is known (server/http/requestBodies.ts).
  const bodies = { deps, budget, router: appRouter };
  app.use('/api', metrics.restTimer());
  app.use('/trpc', bodyReader(bodies, trpcPaths));
  app.use(
    '/api',
    restRouter(deps, (procedure) => bodyReader(bodies, () => [procedure])),
  );
  const maxBatchSize = 20;
  const logErrors = logInternalErrors(deps.logger);
  const onError = (opts: { error: TRPCError; path: string | undefined; req: express.Request }) => {
    sendRetryAfter(opts.req.res, opts.error);
    logErrors(opts);
  };
  const leanFront = createTrpcHandler({
    router: appRouter,
    createContext: (req) => createContext(deps, req),
    maxBatchSize,
    onError,
  });
  app.use(
    '/trpc',
    // The app's own calls take the lean path; whatever it does not handle goes on to tRPC's adapter.
    // Without the lean front (the bench's comparison) the adapter is mounted as its docs show: it
    // sends no Content-Length, so the compression middleware would compress even tiny answers.
    ...(opts.leanTrpcFront === false ? [] : [compressJsonResponses(), leanFront]),
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }) => createContext(deps, req),
      maxBatchSize,
      onError,
      // Only what the lean front passes on reaches this adapter: a body of another content type,
      // which it reads itself, no further than this.
      maxBodySize: 64 * 1024,
    }),
  );

  serveClient(app, opts.clientDir ?? CLIENT_DIR, deps);
  app.use(errorHandler());
  return app;
}

/** The security headers (helmet's), the same for every response. */
export function helmetOptions(env: AppDeps['env']): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React's style attributes (progress bars) need inline styles; no inline scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Schools often serve plain HTTP on their LAN: upgrading would break every request.
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https:'),
  };
}

function serveClient(app: express.Express, dir: string, deps: AppDeps) {
  const index = path.join(dir, 'index.html');
  app.use(compressResponses());
  // Hashed file names never change content: cache them for a year.
  // Scripts and styles have brotli and gzip copies made at build time (vite.config.ts): sent as they
  // are, so a browser that takes gzip alone is not sent the on-the-fly, low-level gzip above.
  app.use(
    '/assets',
    expressStaticGzip(path.join(dir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: false },
    }),
  );
  app.use(
    express.static(dir, {
      index: false,
      maxAge: '1h',
      // The service worker and the manifest name the current files: a browser must ask each time.
      setHeaders: (res, file) => {
        if (/(^|\/)(sw\.js|manifest\.webmanifest)$/.test(file)) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  // A pre-rendered form sent before its scripts ran (a very slow line) comes back to its page,
  // which by then has them; the form posts so that no password ever lands in an address.
  app.post(['/login', '/register'], (req, res) => res.redirect(303, req.path));
  app.get('/{*path}', async (req, res) => {
    if (!fs.existsSync(index)) {
      res.status(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    const page = prerenderedPage(dir, req.path);
    if (page && req.path === '/') {
      try {
        await sendLandingPage(res, page, deps.db);
        return;
      } catch (err) {
        // The shell still opens the landing page, which then asks for the figures itself.
        req.log.error({ topic: 'http', err }, 'landing page figures failed');
      }
    }
    res.sendFile(page ?? index);
  });
}

/** The landing, sign-in and registration pages with their HTML rendered at build time, if built. */
function prerenderedPage(dir: string, address: string): string | undefined {
  const name = Object.hasOwn(PRERENDERED_PAGES, address) ? PRERENDERED_PAGES[address] : undefined;
  const file = name && path.join(dir, PRERENDERED_DIR, name);
  return file && fs.existsSync(file) ? file : undefined;
}

/** Every request's lines go to the root logger, without an id. */
function withoutRequestLog(logger: AppDeps['logger']): express.RequestHandler {
  return (req, _res, next) => {
    req.log = logger;
    next();
  };
}

function errorHandler(): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const status =
      typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    const messages: Record<string, string> = {
      'entity.parse.failed': 'Malformed JSON in request body.',
      'entity.too.large': 'Request body is too large.',
      'encoding.unsupported': 'Unsupported request encoding.',
      'charset.unsupported': 'Unsupported request charset.',
    };
    if (status === 500) req.log.error({ topic: 'http', err }, 'unexpected error');
    // A body cut at its limit has more behind it: do not read on, close after the answer.
    if (err?.type === 'entity.too.large') closeAfterAnswer(req, res);
    const detail =
      messages[err?.type] ??
      (status === 500
        ? 'Something went wrong on our side. Please try again.'
        : status === 404
          ? 'Not found.'
          : 'Bad request.');
    if (!res.headersSent) res.status(status).json({ detail });
  };
}
