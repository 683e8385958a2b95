// The signed-in user: profile loaded at start when a token is stored (a refusal
// silently drops the access token; no network keeps the last profile),
// logout, and the user's role (signing in and registering: lib/restAuth.ts).
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
  /** True only while the stored session is restored at start-up (the loading screen). */
  booting: boolean;
  /** Restored from the last profile because the server gave no answer at start. */
  restoredOffline: boolean;
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
  void import('./offline/forgetUser').then((m) => m.forgetUser(userId)).catch(() => {});
}

export function toSessionUser(p: Profile): SessionUser {
  return {
    ...p,
    userType: p.is_staff || p.is_superuser ? 'admin' : 'student',
    joinedDate: p.date_joined,
    studyProgress: 0,
  };
}

// Kept importable from here; they live apart so the signed-out pages load without tRPC.
export { firstServerField, firstServerMessage } from './serverMessages';

/** initialProfile: the user the signed-out pages just signed in (no need to ask again). */
export function SessionProvider({
  children,
  initialProfile,
}: {
  children: ReactNode;
  initialProfile?: Profile;
}) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(() =>
    initialProfile ? toSessionUser(keepProfile(initialProfile)) : null,
  );
  const [restoring] = useState(() => !initialProfile && Boolean(tokens.access()));
  const [booting, setBooting] = useState(restoring);
  const [restoredOffline, setRestoredOffline] = useState(false);
  const logoutMutation = trpc.auth.logout.useMutation();

  useEffect(() => {
    if (!restoring) return;
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
        setBooting(false);
      });
  }, [utils, restoring]);

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
      booting,
      restoredOffline,
      logout,
      forget,
      setProfile: (p) => setUser(toSessionUser(keepProfile(p))),
    }),
    [user, booting, restoredOffline, logout, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
