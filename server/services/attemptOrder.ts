// The order one attempt shows: a shuffled set gives each new session its own
// question order and option orders, drawn here and stored with the session so a resume, a save
// and the review all read the same ones.
import { randomInt } from 'node:crypto';
import { drawAttemptOrder, type RandomSource } from '../../shared/domain/optionOrder';

/** Unpredictable from the outside: a student cannot work out the next attempt's letters. */
export const secureRandom: RandomSource = () => randomInt(0, 2 ** 32) / 2 ** 32;

export interface AttemptOrder {
  questionIds: number[];
  /** JSON of { question id: order } for the session row; null when nothing is shuffled. */
  optionOrders: string | null;
  /** The same orders, for the answer to the start (not parsed back from the JSON). */
  orders: ReadonlyMap<number, string>;
}

export function arrangeAttempt(ids: number[], shuffle: boolean, random: RandomSource): AttemptOrder {
  const { questionIds, orders } = drawAttemptOrder(ids, shuffle, random);
  const optionOrders = orders.size > 0 ? JSON.stringify(Object.fromEntries(orders)) : null;
  return { questionIds, optionOrders, orders };
}

/**
 * A cache key for the questions of a session whatever their order: shuffled sessions of one set
 * share one cached copy (one per order would be one per student).
 */
export function contentKey(ids: readonly number[]): string {
  return [...ids].sort((a, b) => a - b).join(',');
}
