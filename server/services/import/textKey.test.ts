// The ASCII fast path of textKey gives exactly the key of the general Unicode path.
import { describe, expect, it } from 'vitest';
import { textKey } from './textKey';

function unicodeKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('textKey', () => {
  it('gives every ASCII character the key the Unicode rules give it', () => {
    for (let c = 0; c < 128; c++) {
      const text = `a${String.fromCharCode(c)}B${String.fromCharCode(c)}${String.fromCharCode(c)}c`;
      expect(textKey(text)).toBe(unicodeKey(text));
    }
  });

  it('agrees with the Unicode rules on mixed text, inside and outside ASCII', () => {
    const samples = [
      '  What is the NORMAL pulse-rate (adult)?  ',
      'Give 5 mg/kg -- then reassess... [see case #12] {a|b} ~x^2 `code` "q" $10 @noon',
      'Café — naïve “quotes” ½ ﬁ',
      'Tab\tnew\nline\r\vform\ffeed',
    ];
    for (const s of samples) expect(textKey(s)).toBe(unicodeKey(s));
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 128;
    for (let n = 0; n < 2000; n++) {
      const s = Array.from({ length: 12 }, () => String.fromCharCode(rnd())).join('');
      expect(textKey(s)).toBe(unicodeKey(s));
    }
  });
});
