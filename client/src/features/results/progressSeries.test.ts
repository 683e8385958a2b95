import { describe, expect, it } from 'vitest';
import { progressSeries } from './progressSeries';
import type { Result } from './types';

const result = (id: number, quiz_type: 'mock' | 'practice', origin: string, created_at: string) =>
  ({
    id,
    percentage: id * 10,
    created_at,
    session: { quiz_type, origin, quiz_name: `Quiz ${id}` },
  }) as Result;

describe('progress chart points', () => {
  it('are the mock results oldest first, without practice or custom tests', () => {
    const points = progressSeries([
      result(1, 'mock', 'set', '2026-11-03T10:00:00Z'),
      result(2, 'mock', 'custom', '2026-11-02T10:00:00Z'),
      result(3, 'practice', 'custom', '2026-11-02T11:00:00Z'),
      result(4, 'practice', 'set', '2026-11-02T12:00:00Z'),
      result(5, 'mock', 'set', '2026-11-01T10:00:00Z'),
    ]);
    expect(points.map((p) => p.id)).toEqual([5, 1]);
  });
});
