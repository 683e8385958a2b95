// The national mock day at CI size (npm run loadtest -- --scheduled runs the full size). It spends
// most of its minute waiting for the window to close and the server's close sweep, so it runs
// beside the browser tests rather than alone with the attack replay.
import { describe, expect, it } from 'vitest';
import { runScheduled } from './load/scheduled';

const failed = (checks: Array<{ name: string; ok: boolean; detail: string }>) =>
  checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);

describe('mock day (CI size)', () => {
  it('a mock day in small: 40 students of 2 schools, a 30 s window: each starts their class mock, most submit, the server closes the rest at the close, and every answer is stored and every attempt graded', async () => {
    const r = await runScheduled({
      students: 40,
      schools: 2,
      questions: 10,
      signInSpreadMs: 3_000,
      startSpreadMs: 2_000,
      windowMs: 30_000,
      thinkMs: 400,
      leaveShare: 0.25,
      gradeWithinMs: 60_000,
      // Latency is the full run's goal (docs/performance.md); a CI runner shared with other
      // jobs only has to keep saves from timing out.
      saveP99Ms: 10_000,
    });
    expect(r.problems).toEqual([]);
    expect(failed(r.checks)).toEqual([]);
    expect(r.checks.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'every acknowledged answer is stored',
        'no session left open',
        'every result graded exactly as the stored answers and the key say',
        'every attempt graded within 60 s of the close',
      ]),
    );
    // A quarter left without submitting: the server closed and graded their attempts.
    expect(r.submittedByStudents).toBe(30);
    expect(r.closedByServer).toBe(10);
    expect(r.lastGradedAfterCloseMs).not.toBeNull();
    expect(r.acks).toBeGreaterThan(40 * 3);
    expect(r.peaks.length).toBeGreaterThan(0);
    expect(r.ok).toBe(true);
  }, 160_000);
});
