// The mechanisms of the request path that `npm run bench -- --compare NAME` can switch off in a
// second server (BENCH_WITHOUT=NAME), so each is measured with and without in one run.
export const MECHANISMS = ['trpc-front', 'read-cache', 'statement-cache'] as const;
export type Mechanism = (typeof MECHANISMS)[number];

export function isMechanism(name: string): name is Mechanism {
  return (MECHANISMS as readonly string[]).includes(name);
}
