import { describe, expect, it } from 'vitest';
import { accuracyColour, formatMinutes, formatSeconds, gradeFor, percentageOf } from './grading';

describe('grading rules', () => {
  it('bands percentages into letter grades at 90/80/70/60', () => {
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59, 0].map(gradeFor)).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
      'F',
      'F',
    ]);
  });
  it('rounds the percentage and treats an empty quiz as 0', () => {
    expect(percentageOf(2, 3)).toBe(67);
    expect(percentageOf(1, 3)).toBe(33);
    expect(percentageOf(0, 0)).toBe(0);
  });
  it('colours accuracy green at 80, yellow at 60, else red', () => {
    expect([80, 79, 60, 59].map(accuracyColour)).toEqual(['green', 'yellow', 'yellow', 'red']);
  });
  it('formats minutes as Nm under an hour and Hh Mm above', () => {
    expect(formatMinutes(0)).toBe('0m');
    expect(formatMinutes(59)).toBe('59m');
    expect(formatMinutes(60)).toBe('1h 0m');
    expect(formatMinutes(135)).toBe('2h 15m');
  });
  it('says a time under a minute in seconds, and longer ones as minutes', () => {
    expect([0, 24, 59].map(formatSeconds)).toEqual(['0s', '24s', '59s']);
    expect([60, 90, 4500].map(formatSeconds)).toEqual(['1m', '2m', '1h 15m']);
  });
});
