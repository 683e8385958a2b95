// The duplicate-detection key of a question: the same question typed with different case,
// spacing or punctuation gets the same key.
export function textKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
