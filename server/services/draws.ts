// Exams drawn from the bank rather than fixed: a drawn mock (a blueprint over its paper's topics)
// and the exam-day simulation (over a programme's papers). Each attempt's questions are drawn here
// at its start, the student's unseen questions first, and kept in the session (docs/draws.md).
import type { DB } from '../../db/client';
import { drawGroups, groupBy, spreadAsBank, type Candidate } from '../../shared/domain/draws';
import type { RandomSource } from '../../shared/domain/optionOrder';
import type { Audience } from '../queries/contentVisibility';
import { drawPool, type PoolRow } from '../queries/draws';

/**
 * A drawn mock's rule: how many questions from its paper, and how many per topic (none: spread);
 * drawn from the questions the audience sees.
 */
export interface MockBlueprint {
  paperId: number;
  count: number;
  topics: { topic_id: number; question_count: number }[];
  audience: Audience;
}

/** The groups a draw takes from, and how many each gives (never more than it holds). */
interface Plan {
  groups: Map<string, Candidate[]>;
  counts: Map<string, number>;
}

const UNTAGGED = 'untagged';
const topicKey = (row: PoolRow) => (row.topic_id === null ? UNTAGGED : String(row.topic_id));

function sizesOf<K>(groups: Map<K, readonly unknown[]>): Map<K, number> {
  return new Map([...groups].map(([k, list]) => [k, list.length]));
}

/** Spread over the topics (and the untagged questions) of the pool as the bank is. */
function spreadPlan(pool: PoolRow[], count: number, prefix = ''): Plan {
  const groups = groupBy(pool, (row) => prefix + topicKey(row));
  return { groups, counts: spreadAsBank(count, sizesOf(groups)) };
}

function mockPlan(pool: PoolRow[], b: MockBlueprint): Plan {
  if (!b.topics.length) return spreadPlan(pool, b.count);
  const wanted = new Map(b.topics.map((t) => [String(t.topic_id), t.question_count]));
  const groups = groupBy(
    pool.filter((row) => wanted.has(topicKey(row))),
    topicKey,
  );
  const counts = new Map([...wanted].map(([k, n]) => [k, Math.min(n, groups.get(k)?.length ?? 0)]));
  return { groups, counts };
}

/** Each paper's share by its questions, then within each paper spread over its topics. */
function examDayPlan(pool: PoolRow[], count: number): Plan {
  const byPaper = groupBy(pool, (row) => row.paper_id);
  const perPaper = spreadAsBank(count, sizesOf(byPaper));
  const plan: Plan = { groups: new Map(), counts: new Map() };
  for (const [paperId, rows] of byPaper) {
    const part = spreadPlan(rows, perPaper.get(paperId) ?? 0, `${paperId}:`);
    for (const [k, g] of part.groups) plan.groups.set(k, g);
    for (const [k, n] of part.counts) plan.counts.set(k, n);
  }
  return plan;
}

/** How many questions a draw of this plan gives. */
function heldBy(plan: Plan): number {
  let held = 0;
  for (const [k, n] of plan.counts) held += Math.min(n, plan.groups.get(k)?.length ?? 0);
  return held;
}

/** How many questions an attempt of the drawn mock gets now (its count, or fewer the paper holds). */
export async function mockDrawSize(db: DB, b: MockBlueprint): Promise<number> {
  return heldBy(mockPlan(await drawPool(db, [b.paperId], null, b.audience), b));
}

/** One attempt's questions of a drawn mock for this student, grouped by topic (shuffled later). */
export async function drawMock(
  db: DB,
  userId: number,
  b: MockBlueprint,
  random: RandomSource,
): Promise<number[]> {
  return drawGroups(...planned(mockPlan(await drawPool(db, [b.paperId], userId, b.audience), b)), random);
}

/** How many questions an exam day over these papers gets now (`count`, or fewer the bank holds). */
export async function examDaySize(db: DB, paperIds: number[], count: number, audience: Audience): Promise<number> {
  return heldBy(examDayPlan(await drawPool(db, paperIds, null, audience), count));
}

/** One exam day's questions for this student, grouped by paper and topic (shuffled later). */
export async function drawExamDay(
  db: DB,
  userId: number,
  paperIds: number[],
  count: number,
  audience: Audience,
  random: RandomSource,
): Promise<number[]> {
  return drawGroups(...planned(examDayPlan(await drawPool(db, paperIds, userId, audience), count)), random);
}

const planned = (plan: Plan) => [plan.groups, plan.counts] as const;

/** Active questions per topic of a paper (and untagged) the audience sees, for the blueprint editor. */
export async function questionsPerTopic(
  db: DB,
  paperId: number,
  audience: Audience,
): Promise<Map<number | null, number>> {
  const counts = new Map<number | null, number>();
  for (const row of await drawPool(db, [paperId], null, audience)) {
    counts.set(row.topic_id, (counts.get(row.topic_id) ?? 0) + 1);
  }
  return counts;
}
