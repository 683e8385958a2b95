import { describe, expect, it } from 'vitest';
import { pickUnseenFirst, sample, scaledMinutes, spreadAsBank } from './draws';

/** A repeatable source (a linear congruential generator), for draws a test can repeat. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 2 ** 32;
    return s / 2 ** 32;
  };
}

describe('spreadAsBank', () => {
  it('splits by largest remainder, ties to the larger part, never more than a part holds', () => {
    // 10 of 12 + 8: 6 and 4 exactly.
    expect([
      ...spreadAsBank(
        10,
        new Map([
          ['a', 12],
          ['b', 8],
        ]),
      ),
    ]).toEqual([
      ['a', 6],
      ['b', 4],
    ]);
    // 10 asked of 10 held: all of each.
    expect([
      ...spreadAsBank(
        10,
        new Map([
          ['a', 5],
          ['b', 3],
          ['c', 2],
        ]),
      ),
    ]).toEqual([
      ['a', 5],
      ['b', 3],
      ['c', 2],
    ]);
    // 7 of 10 + 10 + 10: 2.33 each, the seat left to the first of equals.
    expect([
      ...spreadAsBank(
        7,
        new Map([
          ['a', 10],
          ['b', 10],
          ['c', 10],
        ]),
      ),
    ]).toEqual([
      ['a', 3],
      ['b', 2],
      ['c', 2],
    ]);
    // 5 of 60 + 30 + 10: 3, 1.5, 0.5; the seat left to the larger of the equal remainders.
    expect([
      ...spreadAsBank(
        5,
        new Map([
          ['a', 60],
          ['b', 30],
          ['c', 10],
        ]),
      ),
    ]).toEqual([
      ['a', 3],
      ['b', 2],
      ['c', 0],
    ]);
    // More asked than held: everything.
    expect([
      ...spreadAsBank(
        100,
        new Map([
          ['a', 4],
          ['b', 0],
        ]),
      ),
    ]).toEqual([
      ['a', 4],
      ['b', 0],
    ]);
    const big = spreadAsBank(
      180,
      new Map([
        [1, 4000],
        [2, 2500],
        [3, 1000],
        [4, 7],
      ]),
    );
    expect([...big.values()].reduce((a, b) => a + b, 0)).toBe(180);
  });
});

describe('sample and pickUnseenFirst', () => {
  it('takes distinct items, every one reachable, unseen first', () => {
    const random = seeded(7);
    const items = Array.from({ length: 50 }, (_, i) => i);
    const hits = new Set<number>();
    for (let k = 0; k < 200; k++) {
      const got = sample(items, 10, random);
      expect(new Set(got).size).toBe(10);
      got.forEach((g) => hits.add(g));
    }
    expect(hits.size).toBe(50);
    expect(sample(items, 80, random)).toHaveLength(50);

    const candidates = items.map((id) => ({ id, seen: id < 40 }));
    const picked = pickUnseenFirst(candidates, 15, random);
    expect(new Set(picked).size).toBe(15);
    expect(picked.filter((id) => id >= 40).sort((a, b) => a - b)).toEqual([
      40, 41, 42, 43, 44, 45, 46, 47, 48, 49,
    ]);
    expect(picked.slice(0, 10).every((id) => id >= 40)).toBe(true);
  });

  it('keeps the pace of a smaller exam in whole minutes', () => {
    expect(scaledMinutes(180, 180, 40)).toBe(40);
    expect(scaledMinutes(100, 80, 40)).toBe(50);
    expect(scaledMinutes(10, 100, 1)).toBe(1);
    expect(scaledMinutes(60, 40, 40)).toBe(60);
  });
});
