// Wraps the student's area: puts the student's last copies back into React Query's cache before
// the pages first render, and keeps saving them (TanStack Query's persister, lastCopies.ts).
// Mounted once per student (keyed by the user id), so a second student starts from their own.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { LoadingScreen } from '../../components/LoadingScreen';
import { copiesOptions, showCopiesWithoutAnswer } from './lastCopies';

interface Copies {
  /** Answers older than this came from the phone, not from the server in this visit. */
  openedAt: number;
  /** The app opened without an answer from the server although the phone is online. */
  noAnswer: boolean;
}

const CopiesContext = createContext<Copies>({ openedAt: 0, noAnswer: false });
export const useCopies = () => useContext(CopiesContext);

export function LastCopiesProvider({
  userId,
  noAnswer,
  children,
}: {
  userId: number;
  noAnswer: boolean;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [persistOptions] = useState(() => copiesOptions(queryClient, userId));
  const [openedAt] = useState(Date.now);
  const copies = useMemo(() => ({ openedAt, noAnswer }), [openedAt, noAnswer]);

  useEffect(
    () => (noAnswer ? showCopiesWithoutAnswer(queryClient) : undefined),
    [queryClient, noAnswer],
  );

  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <CopiesContext.Provider value={copies}>
        <AfterRestore>{children}</AfterRestore>
      </CopiesContext.Provider>
    </PersistQueryClientProvider>
  );
}

/** Until the copies are back the pages would show "needs a connection" for a moment. */
function AfterRestore({ children }: { children: ReactNode }) {
  return useIsRestoring() ? <LoadingScreen /> : children;
}
