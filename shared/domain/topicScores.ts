// Scores per topic of a result or a set: questions asked and answered right, summed per topic of
// the question version asked. Weakest first, so the top row says what to revise; questions with
// no topic are one "Untagged" row, always last, since they say nothing about a topic.
import { percentageOf } from './grading';

export const UNTAGGED = 'Untagged';

export interface TopicScore {
  /** null: the untagged questions. */
  topic_id: number | null;
  topic_name: string;
  correct: number;
  asked: number;
  percentage: number;
}

/** One question's contribution: asked once and right or not, or summed over several attempts. */
export interface TopicCount {
  topic_id: number | null;
  topic_name: string | null;
  correct: number;
  asked: number;
}

export function scoresByTopic(counts: Iterable<TopicCount>): TopicScore[] {
  const byTopic = new Map<number | null, TopicScore>();
  for (const c of counts) {
    let row = byTopic.get(c.topic_id);
    if (!row) {
      const topic_name = c.topic_id === null ? UNTAGGED : (c.topic_name ?? UNTAGGED);
      row = { topic_id: c.topic_id, topic_name, correct: 0, asked: 0, percentage: 0 };
      byTopic.set(c.topic_id, row);
    }
    row.correct += c.correct;
    row.asked += c.asked;
  }
  const share = (r: TopicScore) => (r.asked === 0 ? 0 : r.correct / r.asked);
  return [...byTopic.values()]
    .map((r) => ({ ...r, percentage: percentageOf(r.correct, r.asked) }))
    .sort(
      (a, b) =>
        Number(a.topic_id === null) - Number(b.topic_id === null) ||
        share(a) - share(b) ||
        b.asked - a.asked ||
        a.topic_name.localeCompare(b.topic_name),
    );
}
