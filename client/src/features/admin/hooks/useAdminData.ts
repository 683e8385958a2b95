// The dashboard's data in the order the original client loaded it: users, stats and all results
// in parallel, then the content lists once those three have settled (whether they loaded or failed).
import { trpc } from '../../../lib/trpc';

/** The unfiltered results query; the Quiz Results tab's "all" filter shares its cache entry. */
export const ALL_RESULTS = {};

export function useAdminData() {
  const users = trpc.admin.users.useQuery({});
  const stats = trpc.admin.stats.useQuery();
  const results = trpc.admin.results.useQuery(ALL_RESULTS);
  const firstWaveSettled = !users.isPending && !stats.isPending && !results.isPending;
  const content = trpc.admin.content.useQuery(undefined, { enabled: firstWaveSettled });
  return { users, stats, results, content };
}

export type AdminData = ReturnType<typeof useAdminData>;
