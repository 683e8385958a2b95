import { describe, expect, it } from 'vitest';
import { isActive } from './navigation';

describe('sidebar active link', () => {
  it('matches exactly or by path prefix', () => {
    expect(isActive('/mock-exams', '/mock-exams')).toBe(true);
    expect(isActive('/mock-exams', '/mock-exams/1/papers')).toBe(true);
    expect(isActive('/results', '/results-old')).toBe(false);
  });
  it('never treats the root as a prefix', () => {
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/', '/results')).toBe(false);
  });
});
