import { describe, expect, it } from 'vitest';
import { formatClock, secondsUntil } from './useCountdown';

describe('countdown arithmetic', () => {
  it('counts whole seconds left to a deadline, never below zero', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 99_000)).toBe(0);
  });
  it('shows mm:ss, with hours for long exams', () => {
    expect(formatClock(1800)).toBe('30:00');
    expect(formatClock(299)).toBe('04:59');
    expect(formatClock(3 * 3600 + 5)).toBe('3:00:05');
  });
});
