// The duplicate-detection key of a question: the same question typed with different case,
// spacing or punctuation gets the same key.
/** Any character outside ASCII (astral ones as their surrogate halves). */
const NON_ASCII = /[\u0080-\uffff]/;
/** ASCII punctuation, symbols and white space: each run becomes one space, in a single pass. */
const ASCII_MARKS_AND_SPACE = /[!-/:-@[-`{-~\s]+/g;

export function textKey(text: string): string {
  // Plain ASCII (nearly every question) needs no Unicode normalisation, and its punctuation and
  // symbols (\p{P}, \p{S}) are exactly the ASCII punctuation characters: same key, several times faster.
  if (!NON_ASCII.test(text)) {
    return text.toLowerCase().replace(ASCII_MARKS_AND_SPACE, ' ').trim();
  }
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
