import { describe, expect, it } from 'vitest';
import type { DownloadedSet } from './downloads';
import { arranged, canonicalAnswer, drawOrder } from './offlineOrder';

const question = (id: number, key: 'A' | 'B' | 'C' | 'D') => ({
  id,
  question_text: `Q${id}`,
  option_a: `${id}a`,
  option_b: `${id}b`,
  option_c: `${id}c`,
  option_d: `${id}d`,
  correct_answer: key,
  explanation: '',
  rationale_a: null,
  rationale_b: null,
  rationale_c: null,
  rationale_d: null,
});
const set = (shuffle: boolean): DownloadedSet => ({
  id: 1,
  title: 'Set',
  shuffle,
  downloaded_at: '2026-11-26T10:00:00.000Z',
  questions: [question(11, 'A'), question(12, 'B'), question(13, 'C'), question(14, 'D')],
});

/** A fixed sequence, so the draw is the same on every run. */
function seeded(values: number[]) {
  let i = 0;
  return () => values[i++ % values.length];
}

describe('an offline attempt of a shuffled set', () => {
  it('keeps an unshuffled set in its own order and letters', () => {
    const order = drawOrder(set(false), seeded([0.9]));
    expect(arranged(set(false), order)).toEqual(set(false).questions);
    expect(canonicalAnswer(order, 12, 'B')).toBe('B');
  });

  it('shows its own order, and the shown key goes to the server as the canonical key', () => {
    const order = drawOrder(set(true), seeded([0.1, 0.7, 0.3, 0.9, 0.5]));
    const shown = arranged(set(true), order);
    expect(shown.map((q) => q.id).sort()).toEqual([11, 12, 13, 14]);
    expect(shown.map((q) => q.id)).not.toEqual([11, 12, 13, 14]);
    for (const q of shown) {
      const original = set(true).questions.find((o) => o.id === q.id)!;
      // The option under the shown key is the right one, and it maps back to the stored key.
      const field = `option_${q.correct_answer.toLowerCase()}` as 'option_a';
      expect(q[field]).toBe(original[`option_${original.correct_answer.toLowerCase()}` as 'option_a']);
      expect(canonicalAnswer(order, q.id, q.correct_answer)).toBe(original.correct_answer);
    }
    expect(Object.values(order.optionOrders).some((o) => o !== 'ABCD')).toBe(true);
  });
});
