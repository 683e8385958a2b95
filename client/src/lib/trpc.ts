// The one tRPC client. Every call carries the bearer token; a 401 triggers one refresh and
// one retry of that call; a failed refresh clears both tokens and goes to /login. A call whose
// tokens changed while it was on its way (a sign-out, another call's refresh) refreshes nothing.
import { createTRPCReact, httpBatchLink, type CreateTRPCReact } from '@trpc/react-query';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../../server/router';
import { tokens } from './storage';

export const trpc: CreateTRPCReact<AppRouter, unknown> = createTRPCReact<AppRouter>();

type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';
let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Exchanges the stored refresh token for new tokens; concurrent callers share one request.
 * 'unreachable' (no network, a server error) is not a refusal: the tokens stay, so a student
 * whose signal drops mid-exam is not signed out by it.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    const refresh = tokens.refresh();
    if (!refresh) return 'refused';
    try {
      const res = await fetch('/trpc/auth.refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (res.status >= 500 || res.status === 429) return 'unreachable';
      if (!res.ok) return 'refused';
      const data = (await res.json()).result.data as { access: string; refresh: string };
      tokens.set(data.access, data.refresh);
      return 'refreshed';
    } catch {
      return 'unreachable';
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** True when new tokens are stored (the admin area's upload requests use this). */
export async function refreshTokens(): Promise<boolean> {
  return (await refreshSession()) === 'refreshed';
}

const NO_RETRY = new Set(['auth.login', 'auth.refresh', 'auth.logout', 'auth.register']);

function onSessionExpired() {
  tokens.clear();
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

const refreshOn401Link: TRPCLink<AppRouter> = () => {
  return ({ op, next }) =>
    observable((observer) => {
      let retried = false;
      let unsubscribe = () => {};
      const run = () => {
        const sentWith = tokens.access();
        const sub = next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (err) => {
            const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus;
            if (status !== 401 || retried || !sentWith || NO_RETRY.has(op.path)) return observer.error(err);
            retried = true;
            const current = tokens.access();
            // Signed out while the call was on its way (its 401 is the sign-out's): the student
            // stays where the sign-out took them. Refreshed meanwhile by another call: retried.
            if (!current) return observer.error(err);
            if (current !== sentWith) return run();
            void refreshSession().then((outcome) => {
              if (outcome === 'refreshed') return run();
              if (outcome === 'refused') onSessionExpired();
              observer.error(err);
            });
          },
        });
        unsubscribe = () => sub.unsubscribe();
      };
      run();
      return () => unsubscribe();
    });
};

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      refreshOn401Link,
      httpBatchLink({
        url: '/trpc',
        maxURLLength: 2000,
        headers() {
          const access = tokens.access();
          return access ? { authorization: `Bearer ${access}` } : {};
        },
      }),
    ],
  });
}
