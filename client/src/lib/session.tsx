// The signed-in user (SPEC 4): profile loaded at start when a token is stored (a failure
// silently drops the access token), login/register/logout, and the user's role.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';
import { firstServerMessage } from './serverMessages';
import { tokens } from './storage';
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
  error: string | null;
  login(email: string, password: string, remember?: boolean): Promise<SessionUser>;
  register(payload: RegisterPayload): Promise<void>;
  logout(): Promise<void>;
  /** Signs out on this device only, without telling the server (after the account is deleted). */
  forget(): void;
  setProfile(profile: Profile): void;
}

const SessionContext = createContext<Session | null>(null);

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
    initialProfile ? toSessionUser(initialProfile) : null,
  );
  const [restoring] = useState(() => !initialProfile && Boolean(tokens.access()));
  const [loading, setLoading] = useState(restoring);
  const [booting, setBooting] = useState(restoring);
  const [error, setError] = useState<string | null>(null);
  const loginMutation = trpc.auth.login.useMutation();
  const registerMutation = trpc.auth.register.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();

  useEffect(() => {
    if (!restoring) return;
    utils.profile.get
      .fetch()
      .then((p) => setUser(toSessionUser(p)))
      .catch(() => tokens.clearAccess())
      .finally(() => {
        setLoading(false);
        setBooting(false);
      });
  }, [utils, restoring]);

  const login = useCallback(
    async (email: string, password: string, remember = false) => {
      setLoading(true);
      setError(null);
      try {
        const pair = await loginMutation.mutateAsync({ email, password, remember });
        tokens.set(pair.access, pair.refresh);
        const profile = toSessionUser(await utils.profile.get.fetch(undefined, { staleTime: 0 }));
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
    tokens.clear();
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

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
      error,
      login,
      register,
      logout,
      forget,
      setProfile: (p) => setUser(toSessionUser(p)),
    }),
    [user, loading, booting, error, login, register, logout, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
