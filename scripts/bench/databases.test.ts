import { describe, expect, it } from 'vitest';
import { compareDatabases } from './databases';
import { skippedPass } from './pass';
import { pass, row } from './testRows';

describe('compareDatabases', () => {
  it('judges SQLite against its share and PostgreSQL against half the SQLite share', () => {
    const [saves, start, floor] = compareDatabases(
      pass('sqlite', [row('quiz-saveAnswer', 0.4), row('quiz-start', 0.11), row('floor', 0.6)]),
      pass('postgres', [row('quiz-saveAnswer', 0.19), row('quiz-start', 0.06), row('floor', 0.1)]),
    );
    expect(saves.onSqlite).toEqual({ goal: 0.3, ok: true });
    expect(saves.onPostgres).toEqual({ goal: 0.2, ok: false });
    expect(saves.relative).toBeCloseTo(0.475);
    expect(start.onSqlite).toEqual({ goal: 0.12, ok: false });
    expect(start.onPostgres.ok).toBe(true);
    expect(floor.onSqlite).toEqual({ goal: null, ok: null });
    expect(floor.onPostgres).toEqual({ goal: null, ok: null });
  });

  it('fails a row with failed requests, or missing from a pass that ran', () => {
    const [catalogue, saves] = compareDatabases(
      pass('sqlite', [row('catalogue-trpc', 0.6), row('quiz-saveAnswer', 0.5)]),
      pass('postgres', [row('catalogue-trpc', 0.5, { failures: 1 })]),
    );
    expect(catalogue.onPostgres.ok).toBe(false);
    expect(saves.onPostgres).toEqual({ goal: 0.25, ok: false });
  });

  it('leaves PostgreSQL unjudged when its pass was skipped or there is no SQLite figure', () => {
    const lite = pass('sqlite', [row('quiz-submit', 0.2)]);
    const [notInstalled] = compareDatabases(lite, skippedPass('postgres', 'PostgreSQL is not installed'));
    expect(notInstalled.onSqlite.ok).toBe(true);
    expect(notInstalled.onPostgres.ok).toBeNull();
    const [pgOnly] = compareDatabases(
      skippedPass('sqlite', 'left out'),
      pass('postgres', [row('quiz-submit', 0.2)]),
    );
    expect(pgOnly.onSqlite.ok).toBeNull();
    expect(pgOnly.onPostgres).toEqual({ goal: null, ok: null });
  });
});
