// A shuffled set's order for one offline attempt, drawn on the phone (online the server draws
// it): questions in a new order, each question's options too. Answers go to the server in the
// question's own letters, as the review shows them.
import {
  CANONICAL,
  drawAttemptOrder,
  showOptions,
  toCanonical,
  type Letter,
} from '@shared/domain/optionOrder';
import type { DownloadedSet } from './downloads';

type Question = DownloadedSet['questions'][number];

export interface AttemptOrder {
  questionIds: number[];
  /** Question id -> the canonical letters in the order shown ("CADB"). */
  optionOrders: Record<number, string>;
}

export function drawOrder(set: DownloadedSet, random: () => number = Math.random): AttemptOrder {
  const ids = set.questions.map((q) => q.id);
  const { questionIds, orders } = drawAttemptOrder(ids, set.shuffle, random);
  // A plain object: the progress is kept on the phone as it is.
  return { questionIds, optionOrders: Object.fromEntries(orders) };
}

/** The questions as this attempt shows them: its order, its letters (the key included). */
export function arranged(set: DownloadedSet, order: AttemptOrder): Question[] {
  const byId = new Map(set.questions.map((q) => [q.id, q]));
  // A question missing from the stored copy (a newer download) is skipped, not shown broken.
  return order.questionIds.flatMap((id) => {
    const q = byId.get(id);
    return q ? [showOptions(q, order.optionOrders[id] ?? CANONICAL)] : [];
  });
}

export function canonicalAnswer(order: AttemptOrder, questionId: number, shown: Letter): Letter {
  return toCanonical(order.optionOrders[questionId] ?? CANONICAL, shown);
}
