// The mechanisms of the request path that `npm run bench -- --compare NAME` measures with and
// without in one run. The server without one differs from the other in exactly one way: a
// switch the bench server passes to the app or the database (BENCH_WITHOUT=NAME), or a module
// of its source, replaced as it is bundled (the substitutes below), so the app itself carries no
// switch for the comparison.
export const MECHANISMS = [
  // Two identical servers: the spread this comparison shows is its own noise at that hour.
  'none',
  'trpc-front',
  'read-cache',
  'statement-cache',
  'synchronous-full',
  'json-answer',
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
  'json-answer': ['quiz.start', 'catalogue lists (REST)', 'results.list'],
};

/**
 * A module the bundle of the server without a mechanism takes instead of one of the app's, both
 * relative to the project root; mechanisms.test.ts checks that it exports the same names.
 */
export interface Substitute {
  file: string;
  with: string;
}

/** How the source of the server without `mechanism` differs: none when a switch does it. */
export function substitutesWithout(mechanism: Mechanism): Substitute[] {
  switch (mechanism) {
    case 'json-answer':
      // The answers go through res.json and the compression middleware, with the same settings.
      return [{ file: 'server/http/jsonAnswer.ts', with: 'scripts/bench/without/jsonAnswer.ts' }];
    default:
      return [];
  }
}
