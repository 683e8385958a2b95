// Query cache, tRPC client and session, in that order.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isRefusal } from '../lib/errors';
import { SessionProvider, type Profile } from '../lib/session';
import { createTrpcClient, trpc } from '../lib/trpc';

export function AppProviders({
  children,
  initialProfile,
}: {
  children: ReactNode;
  initialProfile?: Profile;
}) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Slow mobile data: don't refetch on every focus; retry failed reads twice, but not a
          // refusal (a 404 stays a 404).
          queries: {
            refetchOnWindowFocus: false,
            retry: (count, err) => count < 2 && !isRefusal(err),
            staleTime: 30_000,
          },
          mutations: { retry: false },
        },
      }),
  );
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider initialProfile={initialProfile}>{children}</SessionProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
