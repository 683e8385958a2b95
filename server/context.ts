// Request context in two parts: createContextInner is pure and used by tests, the
// REST shim and scripts; createContext reads the bearer token of an HTTP request.
import type { Request } from 'express';
import type { DB } from '../db/client';
import type { User } from '../db/schema';
import type { Env } from './env';
import type { Logger } from './logger';
import type { Mailer } from './services/mail';
import type { PasswordCost } from './services/passwords';
import type { RateLimits } from './services/rateLimits';
import type { TokenSigner } from './services/tokens';
import { cookieJar, type CookieJar, type DeviceCookies } from './services/deviceCookies';
import { readCacheOf } from '../db/client';
import { rowOf, rowsOf } from '../db/writeMarks';
import { findSessionUser } from './queries/users';
import { noteRequestUser } from './http/requestLog';

export interface AppDeps {
  db: DB;
  env: Env;
  signer: TokenSigner;
  mailer: Mailer;
  logger: Logger;
  limits: RateLimits;
  devices: DeviceCookies;
  /** What new password hashes cost: OWASP's Argon2id parameters unless a test chose cheaper ones. */
  passwordCost: PasswordCost;
  /** Background work (mail) the request started; tests await it. */
  background: Set<Promise<unknown>>;
  /** Told of each procedure call's end by the HTTP app (server/http/metrics.ts); unset elsewhere. */
  onProcedureDone?: (procedure: string, outcome: string, seconds: number) => void;
}

export interface Context extends AppDeps {
  user: User | null;
  /** The refresh-token family the access token belongs to (one per signed-in device). */
  familyId: string | null;
  ip: string;
  /** The request's cookies and the answer's Set-Cookie; null outside HTTP (scripts, tests). */
  cookies: CookieJar | null;
}

export function createContextInner(
  deps: AppDeps,
  opts: {
    user?: User | null;
    familyId?: string | null;
    ip?: string;
    cookies?: CookieJar | null;
    logger?: Logger;
  } = {},
): Context {
  return {
    ...deps,
    logger: opts.logger ?? deps.logger,
    user: opts.user ?? null,
    familyId: opts.familyId ?? null,
    ip: opts.ip ?? 'local',
    cookies: opts.cookies ?? null,
  };
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

const contexts = new WeakMap<Request, Promise<Context>>();

/**
 * The context of a request; an invalid or revoked token simply means "signed out". Built once per
 * request: the body reader needs it (who is calling) before the procedure does.
 */
export function createContext(deps: AppDeps, req: Request): Promise<Context> {
  let context = contexts.get(req);
  if (!context) contexts.set(req, (context = buildContext(deps, req)));
  return context;
}

async function buildContext(deps: AppDeps, req: Request): Promise<Context> {
  const ip = req.ip ?? 'unknown';
  // The request's own logger (server/http/requestLog.ts): what a procedure logs carries its id.
  const logger = req.log as Logger | undefined;
  const cookies = cookieJar(
    () => req.headers.cookie,
    (header) => req.res?.append('Set-Cookie', header),
  );
  const token = bearerToken(req);
  if (!token) return createContextInner(deps, { ip, cookies, logger });
  const claims = await deps.signer.verify(token, 'access');
  if (!claims) return createContextInner(deps, { ip, cookies, logger });
  // Every request needs this row: it is read once per sign-in until the user's row or a token
  // changes (a sign-out anywhere, not another student's sign-in or refresh: writeMarks.ts).
  const user = await readCacheOf(deps.db).get(
    `session-user:${claims.userId}:${claims.familyId}`,
    [rowOf('users', claims.userId), rowsOf('refresh_tokens')],
    async () => {
      const row = await findSessionUser(deps.db, claims.userId, claims.familyId);
      return row && Object.freeze(row);
    },
  );
  if (user) noteRequestUser(req, user);
  return createContextInner(deps, { user, familyId: user ? claims.familyId : null, ip, cookies, logger });
}
