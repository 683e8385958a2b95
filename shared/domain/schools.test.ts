import { describe, expect, it } from 'vitest';
import { SCHOOLS, suggestSchools } from './schools';

describe('school suggestions', () => {
  it('matches case-insensitively on any part of the name', () => {
    expect(suggestSchools('korle-BU')).toEqual([
      'Korle-Bu Nursing and Midwifery Training College',
      'Public Health Nurses School, Korle-Bu',
    ]);
  });
  it('shows at most 8 and nothing for an empty query', () => {
    expect(suggestSchools('nursing')).toHaveLength(8);
    expect(suggestSchools('   ')).toEqual([]);
  });
  it('holds about fifty distinct institutions', () => {
    expect(new Set(SCHOOLS).size).toBe(SCHOOLS.length);
    expect(SCHOOLS.length).toBeGreaterThanOrEqual(45);
  });
});
