import { describe, expect, it } from 'vitest';
import { indexText, percentText, questionLink } from './figures';

describe('report figures as shown', () => {
  it('writes shares as percentages with at most one decimal', () => {
    expect(percentText(8 / 13)).toBe('61.5%');
    expect(percentText(0.4)).toBe('40%');
    expect(percentText(1)).toBe('100%');
    expect(percentText(0)).toBe('0%');
  });

  it('writes the discrimination index with two decimals and a true minus sign', () => {
    expect(indexText(1 / 3)).toBe('0.33');
    expect(indexText(-1)).toBe('−1.00');
    expect(indexText(0)).toBe('0.00');
  });

  it('links a question to the question bank', () => {
    expect(questionLink(42)).toBe('/admin/question-bank/42');
  });
});
