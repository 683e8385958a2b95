// The duplicate-detection key of a question: the same question typed with different case,
// spacing or punctuation gets the same key.

/** Marks a character that separates words: not a character of a key (those are all ASCII). */
const SEPARATOR = 0xff;

/**
 * Each ASCII character's part in a key: its lower-case code, or SEPARATOR for punctuation, symbols
 * and white space (within ASCII exactly \p{P}, \p{S} and \s). Control characters stay, as in the
 * Unicode rules.
 */
const ASCII_KEY_CODE = new Uint8Array(128).map((_, code) => {
  const char = String.fromCharCode(code);
  return /[!-/:-@[-`{-~\s]/.test(char) ? SEPARATOR : char.toLowerCase().charCodeAt(0);
});

/** Where the ASCII path writes a key; grown for a longer text. */
let scratch = Buffer.alloc(1024);

/**
 * The key of plain ASCII text (nearly every question) in one pass over its characters, or null
 * when it holds anything else. Same key as the Unicode rules below; the ASCII path before this made
 * four passes (a non-ASCII test, lower-casing, a replace and a trim), several times slower on a
 * large upload (docs/performance.md).
 */
function asciiKey(text: string): string | null {
  if (scratch.length < text.length) scratch = Buffer.alloc(text.length);
  let length = 0;
  let gap = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) return null;
    const keyCode = ASCII_KEY_CODE[code];
    if (keyCode === SEPARATOR) {
      // One space between words, none before the first or after the last.
      gap = length > 0;
      continue;
    }
    if (gap) {
      scratch[length++] = 32;
      gap = false;
    }
    scratch[length++] = keyCode;
  }
  return scratch.toString('latin1', 0, length);
}

export function textKey(text: string): string {
  return (
    asciiKey(text) ??
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\p{P}\p{S}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
