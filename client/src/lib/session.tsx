// The signed-in user (SPEC 4): profile loaded at start when a token is stored (a refusal
// silently drops the access token; no network keeps the last profile, issue 21),
// login/register/logout, and the user's role.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';
import { LAST_USER_KEY, tokens } from './storage';
import { trpc } from './trpc';

export type Profile = inferRouterOutputs<AppRouter>['profile']['get'];
export type RegisterPayload = inferRouterInputs<AppRouter>['auth']['register'];

export interface SessionUser extends Profile {
  userType: 'admin' | 'student';
  joinedDate: string;
  studyProgress: number;
}

interface Session {
  user: SessionUser | null;
  loading: boolean;
  /** True only while the stored session is restored at start-up (the loading screen). */
  booting: boolean;
  /** Restored from the last profile because the server gave no answer at start (issue 21). */
  restoredOffline: boolean;
  error: string | null;
  login(email: string, password: string, remember?: boolean): Promise<SessionUser>;
  register(payload: RegisterPayload): Promise<void>;
  logout(): Promise<void>;
  /** Signs out on this device only, without telling the server (after the account is deleted). */
  forget(): void;
  setProfile(profile: Profile): void;
}

const SessionContext = createContext<Session | null>(null);

/** The profile kept for opening offline: what the screens show, no token or secret. */
function lastProfile(): Profile | null {
  try {
    return JSON.parse(localStorage.getItem(LAST_USER_KEY) ?? 'null') as Profile | null;
  } catch {
    return null;
  }
}

function keepProfile(p: Profile): Profile {
  localStorage.setItem(LAST_USER_KEY, JSON.stringify(p));
  return p;
}

/** No answer at all (no signal, server unreachable), as opposed to a refusal such as a 401. */
function unreachable(err: unknown): boolean {
  const status = (err as { data?: { httpStatus?: number } | null } | null)?.data?.httpStatus;
  return status === undefined;
}

/** Clears what this device keeps offline for the user (downloads, last copies): its own chunk. */
function forgetOfflineData(userId: number) {
  void import('../features/offline/forgetUser').then((m) => m.forgetUser(userId)).catch(() => {});
}

export function toSessionUser(p: Profile): SessionUser {
  return {
    ...p,
    userType: p.is_staff || p.is_superuser ? 'admin' : 'student',
    joinedDate: p.date_joined,
    studyProgress: 0,
  };
}

/**
 * The message the spec's client shows (SPEC 8): the first message of the listed fields, else the
 * server's own sentence (e.g. a rate limit), else the fallback. Only errors the server answered
 * carry `data`; a network failure ("Failed to fetch") gets the fallback, never browser jargon.
 */
export function firstServerMessage(err: unknown, fields: string[], fallback: string): string {
  const data = (err as { data?: { fieldErrors?: Record<string, string[]> | null } | null } | null)?.data;
  if (!data) return fallback;
  for (const field of fields) {
    const messages = data.fieldErrors?.[field];
    if (messages?.length) return messages[0];
  }
  const message = (err as { message?: string } | null)?.message;
  return message && !message.startsWith('[') ? message : fallback;
}

/** Which of the listed fields the server's first message is about, if any. */
export function firstServerField<F extends string>(err: unknown, fields: F[]): F | undefined {
  const data = (err as { data?: { fieldErrors?: Record<string, string[]> | null } | null } | null)?.data;
  return fields.find((field) => data?.fieldErrors?.[field]?.length);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(() => Boolean(tokens.access()));
  const [booting, setBooting] = useState(() => Boolean(tokens.access()));
  const [error, setError] = useState<string | null>(null);
  const [restoredOffline, setRestoredOffline] = useState(false);
  const loginMutation = trpc.auth.login.useMutation();
  const registerMutation = trpc.auth.register.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();

  useEffect(() => {
    if (!tokens.access()) return;
    const offline = lastProfile();
    const load =
      navigator.onLine || !offline ? utils.profile.get.fetch() : Promise.reject(new Error('offline'));
    load
      .then((p) => setUser(toSessionUser(keepProfile(p))))
      .catch((err: unknown) => {
        // A student who signed in before opens the app with no signal on the last profile; the
        // first call once the signal is back refreshes or signs out as usual.
        if (offline && unreachable(err)) {
          setUser(toSessionUser(offline));
          setRestoredOffline(true);
        } else tokens.clearAccess();
      })
      .finally(() => {
        setLoading(false);
        setBooting(false);
      });
  }, [utils]);

  const login = useCallback(
    async (email: string, password: string, remember = false) => {
      setLoading(true);
      setError(null);
      try {
        const pair = await loginMutation.mutateAsync({ email, password, remember });
        tokens.set(pair.access, pair.refresh);
        const profile = toSessionUser(
          keepProfile(await utils.profile.get.fetch(undefined, { staleTime: 0 })),
        );
        setUser(profile);
        return profile;
      } catch (err) {
        const message = firstServerMessage(
          err,
          ['detail', 'non_field_errors', 'email', 'password'],
          'Login failed. Please try again.',
        );
        setError(message);
        throw new Error(message, { cause: err });
      } finally {
        setLoading(false);
      }
    },
    [loginMutation, utils],
  );

  const register = useCallback(
    async (payload: RegisterPayload) => {
      setLoading(true);
      try {
        await registerMutation.mutateAsync(payload);
      } finally {
        setLoading(false);
      }
    },
    [registerMutation],
  );

  // Dropping the cache (not invalidating it) keeps the pages that are about to unmount from
  // refetching without a token.
  const forget = useCallback(() => {
    if (user) forgetOfflineData(user.id);
    tokens.clear();
    setUser(null);
    queryClient.clear();
  }, [queryClient, user]);

  const logout = useCallback(async () => {
    try {
      await logoutMutation.mutateAsync({ refresh: tokens.refresh() ?? undefined });
    } catch {
      // The spec: logout clears everything whatever the server answers.
    }
    forget();
  }, [logoutMutation, forget]);

  const value = useMemo<Session>(
    () => ({
      user,
      loading,
      booting,
      restoredOffline,
      error,
      login,
      register,
      logout,
      forget,
      setProfile: (p) => setUser(toSessionUser(keepProfile(p))),
    }),
    [user, loading, booting, restoredOffline, error, login, register, logout, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
