import { describe, expect, it } from 'vitest';
import { classMockState, formatWait } from './classMocks';

describe('class mock windows', () => {
  const opens = '2026-11-27T09:00:00.000Z';
  const closes = '2026-11-27T10:00:00.000Z';

  it('is upcoming before the opening, open until the close, closed from the close on', () => {
    expect(classMockState(opens, closes, Date.parse(opens) - 1)).toBe('upcoming');
    expect(classMockState(opens, closes, Date.parse(opens))).toBe('open');
    expect(classMockState(opens, closes, Date.parse(closes) - 1)).toBe('open');
    expect(classMockState(opens, closes, Date.parse(closes))).toBe('closed');
  });

  it('reads a wait in its two largest units', () => {
    expect(formatWait(2 * 86_400 + 3 * 3600 + 59)).toBe('2 days 3 h');
    expect(formatWait(86_400)).toBe('1 day');
    expect(formatWait(3900)).toBe('1 h 5 min');
    expect(formatWait(250)).toBe('4 min 10 s');
    expect(formatWait(8.2)).toBe('9 s');
    expect(formatWait(-5)).toBe('0 s');
  });
});
