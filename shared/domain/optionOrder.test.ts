import { describe, expect, it } from 'vitest';
import {
  CANONICAL,
  LETTERS,
  orderOf,
  parseOptionOrders,
  randomOrder,
  rationaleOf,
  showOptions,
  storedOrderOf,
  toCanonical,
  toShown,
} from './optionOrder';

/** The 24 orders of A-D, by recursion (independent of the shuffle under test). */
function permutations(letters: string): string[] {
  if (letters.length <= 1) return [letters];
  return [...letters].flatMap((l, i) =>
    permutations(letters.slice(0, i) + letters.slice(i + 1)).map((rest) => l + rest),
  );
}
const everyOrder = () => permutations(CANONICAL);

/** A source that makes each Fisher-Yates step pick the given index. */
const picking = (picks: number[]) => {
  const sizes = [4, 3, 2];
  return () => (picks.shift()! + 0.5) / sizes.shift()!;
};

describe('option orders', () => {
  it('draws each of the 24 orders from one choice per step', () => {
    const drawn = new Set<string>();
    for (let a = 0; a < 4; a++)
      for (let b = 0; b < 3; b++) for (let c = 0; c < 2; c++) drawn.add(randomOrder(picking([a, b, c])));
    expect([...drawn].sort()).toEqual(everyOrder().sort());
  });

  it('maps a shown letter to its canonical one and back, for every order and letter', () => {
    for (const order of everyOrder()) {
      for (const shown of LETTERS) expect(toShown(order, toCanonical(order, shown))).toBe(shown);
      expect(toCanonical(order, 'A')).toBe(order[0]);
    }
  });

  it('shows the options and the key in the order given', () => {
    const q = { option_a: 'a', option_b: 'b', option_c: 'c', option_d: 'd', correct_answer: 'C' as const };
    expect(showOptions(q, 'CADB')).toEqual({
      option_a: 'c',
      option_b: 'a',
      option_c: 'd',
      option_d: 'b',
      correct_answer: 'A',
    });
    expect(showOptions(q, CANONICAL)).toBe(q);
  });

  it("moves each option's rationale with its option", () => {
    const q = {
      option_a: 'a',
      option_b: 'b',
      option_c: 'c',
      option_d: 'd',
      correct_answer: 'C' as const,
      rationale_a: 'why a',
      rationale_b: null,
      rationale_c: null,
      rationale_d: 'why d',
    };
    const shown = showOptions(q, 'CADB');
    expect(shown).toMatchObject({ option_b: 'a', rationale_b: 'why a', option_c: 'd', rationale_c: 'why d' });
    expect([rationaleOf(shown, 'A'), rationaleOf(shown, 'D')]).toEqual([null, null]);
    expect(rationaleOf({ rationale_a: '' }, 'A')).toBeNull();
  });

  it('reads stored orders and ignores what is not an order', () => {
    const orders = parseOptionOrders('{"7":"DCBA","8":"AAAA","9":5}');
    expect([...orders]).toEqual([[7, 'DCBA']]);
    expect(parseOptionOrders(null).size).toBe(0);
  });

  it("reads one question's order from the stored JSON as a full parse does", () => {
    const json = JSON.stringify({ 12: 'DCBA', 112: 'BADC', 1: 'CADB', 5: 'ABCA' });
    const parsed = parseOptionOrders(json);
    for (const id of [12, 112, 1, 5, 2, 11]) expect(storedOrderOf(json, id)).toBe(orderOf(parsed, id));
    expect(storedOrderOf(json, 112)).toBe('BADC');
    expect(storedOrderOf(null, 12)).toBe(CANONICAL);
  });
});
