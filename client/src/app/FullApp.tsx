// The app of a signed-in user (and of the pages after signing out): the tRPC client, React Query
// and the data router. A lazy chunk: the signed-out entry never downloads it.
import type { Profile } from '../lib/session';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export default function FullApp({ initialProfile }: { initialProfile?: Profile }) {
  return (
    <AppProviders initialProfile={initialProfile}>
      <AppRouter />
    </AppProviders>
  );
}
