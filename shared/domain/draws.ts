// Exams drawn from the bank (drawn mocks and the exam-day simulation): how many questions each
// part of the bank gives, and which ones. Pure, so the server's draw and its tests share it.
import type { RandomSource } from './optionOrder';

/**
 * Splits `total` over parts in proportion to their sizes (largest remainder: each part gets the
 * whole part of its share, and the seats left go to the largest fractions, ties to the larger part
 * and then to the earlier one). A part never gets more than it holds; when the parts hold `total`
 * or fewer, each gives all it has.
 */
export function spreadAsBank<K>(total: number, sizes: ReadonlyMap<K, number>): Map<K, number> {
  const parts = [...sizes].filter(([, n]) => n > 0);
  const held = parts.reduce((sum, [, n]) => sum + n, 0);
  const out = new Map<K, number>([...sizes].map(([k]) => [k, 0]));
  if (held <= total) {
    for (const [k, n] of parts) out.set(k, n);
    return out;
  }
  const shares = parts.map(([k, n], i) => ({ k, n, i, exact: (total * n) / held }));
  let left = total;
  for (const s of shares) {
    out.set(s.k, Math.floor(s.exact));
    left -= Math.floor(s.exact);
  }
  const byRemainder = [...shares].sort(
    (a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || b.n - a.n || a.i - b.i,
  );
  for (const s of byRemainder.slice(0, left)) out.set(s.k, (out.get(s.k) ?? 0) + 1);
  return out;
}

/** A question a draw may take, and whether this student has answered it in a graded session. */
export interface Candidate {
  id: number;
  seen: boolean;
}

/**
 * `count` of `items` at random, each subset and order equally likely: the first `count` steps of a
 * Fisher-Yates shuffle, so a draw of 180 from 10,000 asks the random source 180 times, not 10,000.
 */
export function sample<T>(items: readonly T[], count: number, random: RandomSource): T[] {
  const out = [...items];
  const n = Math.max(0, Math.min(count, out.length));
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (out.length - i));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.slice(0, n);
}

/** `count` of the candidates: those not yet seen first, chosen at random among equals. */
export function pickUnseenFirst(
  candidates: readonly Candidate[],
  count: number,
  random: RandomSource,
): number[] {
  const unseen = candidates.filter((c) => !c.seen).map((c) => c.id);
  const seen = candidates.filter((c) => c.seen).map((c) => c.id);
  const fresh = sample(unseen, count, random);
  return [...fresh, ...sample(seen, count - fresh.length, random)];
}

/** Candidates grouped by a key (topic, paper), each group in the order given. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** How many of each group a draw asks for, and the group sizes: the ids drawn, group by group. */
export function drawGroups<K>(
  groups: ReadonlyMap<K, readonly Candidate[]>,
  counts: ReadonlyMap<K, number>,
  random: RandomSource,
): number[] {
  return [...groups].flatMap(([k, candidates]) => pickUnseenFirst(candidates, counts.get(k) ?? 0, random));
}

/** A timed exam of fewer questions than planned keeps the planned pace, in whole minutes (at least 1). */
export function scaledMinutes(minutes: number, planned: number, drawn: number): number {
  if (drawn >= planned || planned <= 0) return minutes;
  return Math.max(1, Math.ceil((minutes * drawn) / planned));
}
