// Rows and passes as the bench's reports read them, for the tests of its verdicts.
import { skippedPass, type Database, type Pass, type Row } from './pass';

export const row = (key: string, ratio: number, extra: Partial<Row> = {}): Row => ({
  key,
  name: `${key} row`,
  rps: ratio * 1000,
  p50: 1,
  p99: 2,
  requests: 100,
  failures: 0,
  statusCodes: { 200: 100 },
  durationS: 1,
  load1: 0,
  cpuUsPerRequest: 100,
  ratio,
  cpuRatio: ratio,
  ...extra,
});

/** A pass that ran and measured `rows`. */
export const pass = (database: Database, rows: Row[]): Pass => ({
  ...skippedPass(database, ''),
  skipped: null,
  measurements: rows,
});
