// The mechanisms of the request path that `npm run bench -- --compare NAME` can switch off in a
// second server (BENCH_WITHOUT=NAME), so each is measured with and without in one run.
export const MECHANISMS = [
  'trpc-front',
  'read-cache',
  'statement-cache',
  'malloc-reuse',
  'synchronous-full',
  // Not a speed-up but a cost: what the request log takes (run with LOG_LEVEL=info to see it).
  'request-log',
] as const;
export type Mechanism = (typeof MECHANISMS)[number];

export function isMechanism(name: string): name is Mechanism {
  return (MECHANISMS as readonly string[]).includes(name);
}

/**
 * The environment of the server without `mechanism`. malloc-reuse is a launch setting, not code:
 * without it, glibc maps every block of 128 KB or more afresh and unmaps it when freed, as the
 * serve script did before (MALLOC_MMAP_THRESHOLD_=131072, no trim threshold).
 */
export function envWithout(mechanism: Mechanism, env: Record<string, string> = {}): Record<string, string> {
  if (mechanism !== 'malloc-reuse') return env;
  const { MALLOC_TRIM_THRESHOLD_: _trim, ...rest } = env;
  return { ...rest, MALLOC_MMAP_THRESHOLD_: String(128 * 1024) };
}
