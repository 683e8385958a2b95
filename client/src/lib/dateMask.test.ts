import { describe, expect, it } from 'vitest';
import { maskDate } from './dateMask';

describe('date of birth mask', () => {
  it('inserts the slashes of YYYY/MM/DD while typing', () => {
    expect(maskDate('2001')).toBe('2001');
    expect(maskDate('20010')).toBe('2001/0');
    expect(maskDate('200104')).toBe('2001/04');
    expect(maskDate('2001041')).toBe('2001/04/1');
    expect(maskDate('20010412')).toBe('2001/04/12');
  });
  it('drops other characters and anything past the day', () => {
    expect(maskDate('2001-04-12xyz9')).toBe('2001/04/12');
    expect(maskDate('ab')).toBe('');
  });
});
