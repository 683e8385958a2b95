// The one initTRPC of the app: procedures by privilege, and the error shape every client sees.
import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context';
import type { User } from '../db/schema';
import type { Logger } from './logger';
import { errorDetailsOf, fieldErrorsOf } from './errors';
import type { RateLimitName } from './services/rateLimits';
import { staffScopeOf } from './services/staffScope';

/**
 * What the HTTP layer needs to know of a procedure before it reads a byte of the body: who may
 * call it (set by the builders below) and, where the default for that access does not fit, the
 * largest body it takes (server/http/requestBodies.ts).
 */
export interface ProcedureMeta {
  access: 'public' | 'user' | 'admin';
  maxBodyBytes?: number;
  /**
   * Bodies with room of their own, which other callers' bodies cannot fill: students' answers,
   * and the sign-in and refresh that keep them signed in (server/http/bodyBudget.ts).
   */
  bodyLane?: 'answers' | 'session';
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const fieldErrors = fieldErrorsOf(error.cause);
      // Never leak internals: unexpected errors get a generic sentence and no stack.
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      const firstField = fieldErrors ? Object.values(fieldErrors)[0]?.[0] : undefined;
      return {
        message: internal
          ? 'Something went wrong on our side. Please try again.'
          : (firstField ?? shape.message),
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          fieldErrors,
          ...errorDetailsOf(error.cause),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Each call's end, outcome and time, to whoever the app set to hear it (the metrics). */
const timed = t.middleware(async ({ ctx, path, next }) => {
  const done = ctx.onProcedureDone;
  if (!done) return next();
  const started = performance.now();
  const result = await next();
  done(path, result.ok ? 'ok' : result.error.code, (performance.now() - started) / 1000);
  return result;
});

export const publicProcedure = t.procedure.use(timed).meta({ access: 'public' });

/**
 * The HTTP fronts' onError: unexpected errors are logged with their stack (the client gets only
 * the generic sentence of the formatter), through the request's logger (its lines carry the
 * request's id) when it has one. Logging at the edge, not in a middleware, keeps every call one
 * middleware shorter.
 */
export function logInternalErrors(logger: Logger) {
  return (opts: { error: TRPCError; path: string | undefined; req?: { log?: Logger } }) => {
    if (opts.error.code === 'INTERNAL_SERVER_ERROR')
      (opts.req?.log ?? logger).error(
        { topic: 'trpc', path: opts.path, err: opts.error },
        'procedure failed',
      );
  };
}

export const authedProcedure = publicProcedure
  .use(({ ctx, next }) => {
    if (!ctx.user || !ctx.familyId) {
      throw new TRPCError({
        code: 'UNAUTHORIZED',
        message: 'Authentication credentials were not provided or have expired.',
      });
    }
    return next({ ctx: { user: ctx.user, familyId: ctx.familyId } });
  })
  .meta({ access: 'user' });

/** Staff and superusers are the admins; everyone else is a student. */
export const isStaff = (user: Pick<User, 'is_staff' | 'is_superuser'>) =>
  Boolean(user.is_staff || user.is_superuser);

const NOT_PERMITTED = 'You do not have permission to perform this action.';

/** Staff of any scope; `ctx.scope` says whose students and content they act on. */
export const adminProcedure = authedProcedure
  .use(({ ctx, next }) => {
    const scope = staffScopeOf(ctx.user);
    if (!scope) throw new TRPCError({ code: 'FORBIDDEN', message: NOT_PERMITTED });
    return next({ ctx: { scope } });
  })
  .meta({ access: 'admin' });

/** The platform admin only: what concerns every school (schools, settings, backups). */
export const platformAdminProcedure = adminProcedure.use(({ ctx, next }) => {
  if (ctx.scope.kind !== 'platform') throw new TRPCError({ code: 'FORBIDDEN', message: NOT_PERMITTED });
  return next();
});

/** The platform admin and school admins: managing accounts, which a tutor (who reads) may not. */
export const schoolAdminProcedure = adminProcedure.use(({ ctx, next }) => {
  if (ctx.scope.kind === 'school' && ctx.scope.role !== 'school_admin')
    throw new TRPCError({ code: 'FORBIDDEN', message: NOT_PERMITTED });
  return next();
});

/** Students only: what an admin has no use for (offline practice) is refused to them. */
export const studentProcedure = authedProcedure
  .use(({ ctx, next }) => {
    if (isStaff(ctx.user)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Only students can do this.' });
    }
    return next();
  })
  .meta({ access: 'user' });

export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/** Throws TOO_MANY_REQUESTS when any of the named limits is exhausted for its key. */
export async function enforceRateLimits(ctx: Context, checks: Array<[RateLimitName, string]>): Promise<void> {
  for (const [name, key] of checks) {
    if (!(await ctx.limits.take(name, key)))
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY });
  }
}

/**
 * Runs `action`, counting only its refusals against the limit: a valid call never counts and is
 * never refused, so junk from a school's shared address cannot lock its students out. Once the
 * key's budget is spent, a refusal answers 429 instead.
 */
export async function limitFailures<T>(
  ctx: Context,
  name: RateLimitName,
  key: string,
  action: () => Promise<T>,
): Promise<T> {
  try {
    return await action();
  } catch (err) {
    const refusal = err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR';
    if (refusal && err.code !== 'TOO_MANY_REQUESTS' && !(await ctx.limits.take(name, key)))
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY });
    throw err;
  }
}
