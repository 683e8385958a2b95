// The mechanisms of the request path that `npm run bench -- --compare NAME` measures with and
// without in one run. The server without one differs from the other in exactly one way: a
// switch the bench server passes to the app or the database (BENCH_WITHOUT=NAME).
export const MECHANISMS = [
  // Two identical servers: the spread this comparison shows is its own noise at that hour.
  'none',
  'trpc-front',
  'read-cache',
  'statement-cache',
  'synchronous-full',
  // Not a speed-up but a cost: what the request log takes (run with LOG_LEVEL=info to see it).
  'request-log',
] as const;
export type Mechanism = (typeof MECHANISMS)[number];

export function isMechanism(name: string): name is Mechanism {
  return (MECHANISMS as readonly string[]).includes(name);
}

/** The rows a mechanism is judged on, measured when --only does not name others. */
export const ROWS: Record<Mechanism, string[]> = {
  none: ['floor', 'quiz.saveAnswer'],
  'trpc-front': ['floor', 'catalogue lists (tRPC)', 'quiz.saveAnswer', 'quiz.start'],
  'read-cache': ['floor', 'catalogue', 'results.list'],
  'statement-cache': ['quiz.start', 'quiz.saveAnswer', 'quiz.submit'],
  'synchronous-full': ['quiz.saveAnswer', 'quiz.submit'],
  'request-log': ['floor', 'quiz.saveAnswer'],
};
