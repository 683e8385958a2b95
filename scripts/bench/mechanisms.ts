// The mechanisms of the request path that `npm run bench -- --compare NAME` measures with and
// without in one run. The server without one differs from the other in exactly one way: a
// switch the bench server passes to the app or the database (BENCH_WITHOUT=NAME), or its source,
// rewritten as it is bundled (the changes below), so the app itself carries no switch for the
// comparison.
import path from 'node:path';

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

/** A change to one source file (or, with `files`, to every file it matches) as it is bundled. */
export interface SourcePatch {
  /** The file, relative to the project root, or a pattern over the absolute paths. */
  file: string | RegExp;
  from: string | RegExp;
  to: string;
}

/** A module the bundle takes instead of one of the app's, both relative to the project root. */
export interface Substitute {
  file: string;
  with: string;
}

export interface SourceChanges {
  patches: SourcePatch[];
  substitutes: Substitute[];
}

const NONE: SourceChanges = { patches: [], substitutes: [] };

/**
 * How the source of the server without `mechanism` differs. Every patch must match the source
 * (the bundle fails otherwise, and mechanisms.test.ts checks it), so an edit of the app that
 * moves the mechanism cannot turn the comparison into one of two equal servers.
 */
export function sourceWithout(mechanism: Mechanism): SourceChanges {
  switch (mechanism) {
    case 'json-answer':
      // The answers go through res.json and the compression middleware, with the same settings.
      return { ...NONE, substitutes: [{ file: 'server/http/jsonAnswer.ts', with: 'scripts/bench/without/jsonAnswer.ts' }] };
    default:
      return NONE;
  }
}

export const hasSourceChanges = (c: SourceChanges) => c.patches.length + c.substitutes.length > 0;

/** Whether `patch` applies to the file at `absolute` (the project at `root`). */
export function patchApplies(patch: SourcePatch, absolute: string, root: string): boolean {
  return typeof patch.file === 'string'
    ? path.resolve(root, patch.file) === absolute
    : patch.file.test(absolute.split(path.sep).join('/'));
}

/** `text` with every patch for `absolute` applied; `used` collects the patches that matched. */
export function applyPatches(
  text: string,
  absolute: string,
  root: string,
  patches: SourcePatch[],
  used: Set<SourcePatch>,
): string {
  let out = text;
  for (const patch of patches) {
    if (!patchApplies(patch, absolute, root)) continue;
    const next = out.replace(patch.from, patch.to);
    if (next !== out) used.add(patch);
    out = next;
  }
  return out;
}
