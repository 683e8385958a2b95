import { describe, expect, it } from 'vitest';
import type { Content } from '../types';
import { suggestTitle } from './suggestTitle';

const content = {
  programs: [],
  papers: [{ id: 2, name: 'Paper 1' }],
  topics: [{ id: 3, name: 'Fluid balance' }],
  practiceSets: [
    { id: 10, topic: 3, title: 'Fluid balance practice set 2' },
    { id: 11, topic: 3, title: 'Drips' },
    { id: 12, topic: 9, title: 'Elsewhere' },
  ],
  mockExamSets: [],
} as unknown as Content;

describe('suggestTitle', () => {
  it('names a new set after its topic or paper, numbered past the titles already there', () => {
    expect(suggestTitle(content, 'practice', '3')).toBe('Fluid balance practice set 3');
    expect(suggestTitle(content, 'mock', '2')).toBe('Paper 1 mock exam 1');
  });

  it('offers nothing before a topic or paper is chosen', () => {
    expect(suggestTitle(content, 'practice', '')).toBe('');
    expect(suggestTitle(content, 'mock', '99')).toBe('');
  });
});
