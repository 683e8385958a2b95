// The request rows' targets, judged row by row on both databases: on SQLite a share of the
// bare Express ceiling; on PostgreSQL at least half the same row's SQLite share, each pass read
// against its own ceiling. A school that moves to PostgreSQL may lose up to half the throughput
// of a row, no more.
import type { Pass, Row } from './pass';

/** The judged rows, by key: a short name and the least share of the ceiling on SQLite. */
export const REQUEST_TARGETS: Record<string, { label: string; sqliteShare: number }> = {
  'catalogue-trpc': { label: 'catalogue lists (tRPC)', sqliteShare: 0.3 },
  'catalogue-rest': { label: 'catalogue lists (REST)', sqliteShare: 0.3 },
  'quiz-saveAnswer': { label: 'quiz.saveAnswer', sqliteShare: 0.3 },
  'quiz-start': { label: 'quiz.start, 100-question mock', sqliteShare: 0.12 },
  'quiz-submit': { label: 'quiz.submit, answers saved as chosen', sqliteShare: 0.12 },
};

/** On PostgreSQL, the least share of the ceiling as a fraction of the same row's on SQLite. */
export const POSTGRES_OF_SQLITE = 0.5;

/** One verdict: null when there is nothing to judge (not a judged row, or a pass left out). */
export interface Verdict {
  goal: number | null;
  ok: boolean | null;
}

export interface RowComparison {
  key: string;
  name: string;
  sqlite: Row | null;
  postgres: Row | null;
  /** The PostgreSQL share over the SQLite share, when both were measured. */
  relative: number | null;
  onSqlite: Verdict;
  onPostgres: Verdict;
}

const measured = (m: Row | null): m is Row => m !== null && !m.note;

/** A row holds its goal with no failed request; a row that should be there and is not fails. */
function verdict(pass: Pass, row: Row | null, goal: number | null): Verdict {
  if (goal === null || pass.skipped) return { goal, ok: null };
  return { goal, ok: measured(row) && row.failures === 0 && row.ratio >= goal };
}

/** Every row either pass measured, in the order of the SQLite pass, with their verdicts. */
export function compareDatabases(sqlite: Pass, postgres: Pass): RowComparison[] {
  const keys = [...new Set([...sqlite.measurements, ...postgres.measurements].map((m) => m.key))];
  return keys.map((key) => {
    const lite = sqlite.measurements.find((m) => m.key === key) ?? null;
    const pg = postgres.measurements.find((m) => m.key === key) ?? null;
    const target = REQUEST_TARGETS[key];
    const both = measured(lite) && measured(pg);
    return {
      key,
      name: (lite ?? pg)?.name ?? key,
      sqlite: lite,
      postgres: pg,
      relative: both && lite.ratio ? pg.ratio / lite.ratio : null,
      onSqlite: verdict(sqlite, lite, target ? target.sqliteShare : null),
      // Without a SQLite figure of the row in this run there is nothing to be half of.
      onPostgres: verdict(postgres, pg, target && measured(lite) ? lite.ratio * POSTGRES_OF_SQLITE : null),
    };
  });
}
