// Per-attempt option orders, so two students side by side see different letters. An order is four
// canonical letters in the order they are shown: "CADB" shows option C as A, option A as B, and so
// on. Answers are stored canonical; only what a student sees or sends speaks in shown letters.
export type Letter = 'A' | 'B' | 'C' | 'D';
export const LETTERS: readonly Letter[] = ['A', 'B', 'C', 'D'];
/** The order of a question that is not shuffled. */
export const CANONICAL = 'ABCD';

/** A number in [0, 1), as Math.random gives; tests pass a seeded one. */
export type RandomSource = () => number;

/** Fisher-Yates on a copy: every permutation equally likely for a uniform source. */
export function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export const randomOrder = (random: RandomSource): string => shuffled(LETTERS, random).join('');

/**
 * One attempt's order: the questions shuffled and each question's options, or the set's own order
 * when it does not shuffle (no orders then). Drawn by the server online and by the phone for a
 * downloaded set.
 */
export function drawAttemptOrder(
  ids: readonly number[],
  shuffle: boolean,
  random: RandomSource,
): { questionIds: number[]; orders: Map<number, string> } {
  if (!shuffle) return { questionIds: [...ids], orders: new Map() };
  const questionIds = shuffled(ids, random);
  return { questionIds, orders: new Map(questionIds.map((id) => [id, randomOrder(random)])) };
}

/** The canonical letter behind a shown one. */
export function toCanonical(order: string, shown: Letter): Letter {
  return order[LETTERS.indexOf(shown)] as Letter;
}

/** The letter a canonical option is shown as. */
export function toShown(order: string, canonical: Letter): Letter {
  return LETTERS[order.indexOf(canonical)];
}

export function toShownOrNull(order: string, canonical: Letter | null): Letter | null {
  return canonical === null ? null : toShown(order, canonical);
}

interface Options {
  option_a: string;
  option_b: string;
  option_c: string;
  option_d: string;
}
interface Rationales {
  rationale_a: string | null;
  rationale_b: string | null;
  rationale_c: string | null;
  rationale_d: string | null;
}
const FIELD = { A: 'option_a', B: 'option_b', C: 'option_c', D: 'option_d' } as const;
const RATIONALE = { A: 'rationale_a', B: 'rationale_b', C: 'rationale_c', D: 'rationale_d' } as const;

/**
 * The question with its options in shown order (and its key and each option's rationale, if it
 * has them, under the shown letters).
 */
export function showOptions<T extends Options & { correct_answer?: Letter } & Partial<Rationales>>(
  question: T,
  order: string,
): T {
  if (order === CANONICAL) return question;
  const shown = { ...question };
  for (const letter of LETTERS) {
    const canonical = toCanonical(order, letter);
    shown[FIELD[letter]] = question[FIELD[canonical]];
    if (RATIONALE[canonical] in question) shown[RATIONALE[letter]] = question[RATIONALE[canonical]];
  }
  if (question.correct_answer) shown.correct_answer = toShown(order, question.correct_answer);
  return shown;
}

/**
 * The rationale of option `letter` (as the question is shown), or null when it has none: a mock's
 * question before submission, and a set downloaded before rationales existed, carry none.
 */
export function rationaleOf(question: object, letter: Letter): string | null {
  return (question as Partial<Rationales>)[RATIONALE[letter]] || null;
}

/** A session's stored orders by question id (a question without one is canonical). */
export function parseOptionOrders(json: string | null): ReadonlyMap<number, string> {
  const orders = new Map<number, string>();
  if (!json) return orders;
  const parsed: unknown = JSON.parse(json);
  if (!parsed || typeof parsed !== 'object') return orders;
  for (const [id, order] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof order === 'string' && isOrder(order)) orders.set(Number(id), order);
  }
  return orders;
}

/**
 * One question's order read straight from the stored JSON (written by JSON.stringify, so a key is
 * `"<id>":"`): a save needs one, and this is much faster than parsing them all (docs/performance.md).
 */
export function storedOrderOf(json: string | null, questionId: number): string {
  if (!json) return CANONICAL;
  const key = `"${questionId}":"`;
  const at = json.indexOf(key);
  const order = at < 0 ? '' : json.slice(at + key.length, at + key.length + 4);
  return isOrder(order) ? order : CANONICAL;
}

/** Four distinct letters of A-D. */
const ORDER = /^(?!.*(.).*\1)[ABCD]{4}$/;
const isOrder = (s: string) => ORDER.test(s);

export const orderOf = (orders: ReadonlyMap<number, string>, questionId: number) =>
  orders.get(questionId) ?? CANONICAL;
