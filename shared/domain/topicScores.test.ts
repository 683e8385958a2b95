import { describe, expect, it } from 'vitest';
import { scoresByTopic } from './topicScores';

const one = (topic_id: number | null, topic_name: string | null, right: boolean) => ({
  topic_id,
  topic_name,
  correct: right ? 1 : 0,
  asked: 1,
});

describe('score per topic', () => {
  it('sums per topic, weakest first, ties by more asked then name, Untagged last even at 0%', () => {
    const rows = scoresByTopic([
      one(null, null, false),
      one(2, 'Wound care', true),
      one(1, 'Fluid balance', true),
      one(2, 'Wound care', false),
      one(3, 'Anatomy', false),
      one(3, 'Anatomy', true),
      one(1, 'Fluid balance', false),
      one(4, 'Pharmacology', true),
      one(4, 'Pharmacology', true),
      one(4, 'Pharmacology', false),
      one(4, 'Pharmacology', false),
    ]);
    expect(rows).toEqual([
      { topic_id: 4, topic_name: 'Pharmacology', correct: 2, asked: 4, percentage: 50 },
      { topic_id: 3, topic_name: 'Anatomy', correct: 1, asked: 2, percentage: 50 },
      { topic_id: 1, topic_name: 'Fluid balance', correct: 1, asked: 2, percentage: 50 },
      { topic_id: 2, topic_name: 'Wound care', correct: 1, asked: 2, percentage: 50 },
      { topic_id: null, topic_name: 'Untagged', correct: 0, asked: 1, percentage: 0 },
    ]);
  });

  it('orders by the exact share, not the rounded percentage, and takes summed counts', () => {
    const rows = scoresByTopic([
      { topic_id: 1, topic_name: 'A', correct: 2, asked: 3 }, // 66.7%
      { topic_id: 2, topic_name: 'B', correct: 199, asked: 300 }, // 66.3%
    ]);
    expect(rows.map((r) => [r.topic_name, r.percentage])).toEqual([
      ['B', 66],
      ['A', 67],
    ]);
    expect(scoresByTopic([])).toEqual([]);
  });
});
