// The bench's comparisons (npm run bench -- --compare NAME): rounds alternate and are paired as
// measured.
import { describe, expect, it } from 'vitest';
import { pairedGains, roundOrder } from './compare';
import type { Measurement } from './cannon';

describe('rounds of a comparison', () => {
  const m = (rps: number, cpuUsPerRequest: number) => ({ rps, cpuUsPerRequest }) as Measurement;

  it('alternate which side goes first, pair by pair', () => {
    expect(roundOrder(6)).toEqual(['with', 'without', 'without', 'with', 'with', 'without']);
  });

  it('gain by the median of the pairs measured one after the other', () => {
    // The machine slows down from the second pair on; each pair still shows the mechanism's 50%.
    const gains = pairedGains([
      { side: 'with', m: m(300, 100) },
      { side: 'without', m: m(200, 150) },
      { side: 'without', m: m(100, 300) },
      { side: 'with', m: m(150, 200) },
      { side: 'with', m: m(60, 500) },
      { side: 'without', m: m(50, 1000) },
    ]);
    expect(gains.rps).toBeCloseTo(0.5);
    expect(gains.cpu).toBeCloseTo(0.5);
  });
});
