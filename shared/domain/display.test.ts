import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, plural } from './display';

describe('display rules', () => {
  it('writes dates day month year', () => {
    expect(formatDate('2026-11-23T10:00:00Z')).toBe('23 Nov 2026');
    expect(formatDate('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it('writes a date with its time on the 24-hour clock', () => {
    const iso = new Date(2026, 10, 23, 14, 5).toISOString();
    expect(formatDateTime(iso)).toBe('23 Nov 2026, 14:05');
  });

  it('names a count in the right number', () => {
    expect(plural(1, 'question')).toBe('1 question');
    expect(plural(0, 'question')).toBe('0 questions');
    expect(plural(40, 'minute')).toBe('40 minutes');
    expect(plural(1, 'quiz', 'quizzes')).toBe('1 quiz');
    expect(plural(3, 'quiz', 'quizzes')).toBe('3 quizzes');
  });
});
