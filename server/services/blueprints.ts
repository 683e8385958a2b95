// An admin makes a mock drawn (a blueprint: questions, minutes, counts per topic or spread as the
// bank is) or fixed again, and sets a programme's exam-day size. The draws themselves: draws.ts.
import type { DB } from '../../db/client';
import { plural } from '../../shared/domain/display';
import type { MockBlueprintInput } from '../../shared/schemas/admin';
import { fieldError } from '../errors';
import { activeTopicsOfPaper, blueprintTopics, writeBlueprint } from '../queries/draws';
import { questionsPerTopic } from './draws';

/** A mock with its paper and owner: its attempts draw from national questions and its school's. */
interface DrawnMock {
  id: number;
  paper: number;
  school_id: number | null;
}
const audienceOfMock = (mock: DrawnMock) => ({ schoolId: mock.school_id });

/**
 * A drawn mock's editor: each active topic of its paper with the active questions it holds and
 * its count in the blueprint (0 when not counted), and the paper's untagged mock questions,
 * which only a spread draws.
 */
export async function blueprintOf(db: DB, mock: DrawnMock & { draw_count: number | null }) {
  const [topics, counts, rows] = await Promise.all([
    activeTopicsOfPaper(db, mock.paper),
    questionsPerTopic(db, mock.paper, audienceOfMock(mock)),
    blueprintTopics(db, mock.id),
  ]);
  const asked = new Map(rows.map((r) => [r.topic_id, r.question_count]));
  return {
    id: mock.id,
    draw_count: mock.draw_count,
    spread: mock.draw_count !== null && rows.length === 0,
    topics: topics.map((t) => ({
      topic_id: t.id,
      name: t.name,
      available: counts.get(t.id) ?? 0,
      question_count: asked.get(t.id) ?? 0,
    })),
    untagged_available: counts.get(null) ?? 0,
  };
}

const drawsFewer = (what: string, held: number, asked: number) =>
  `${what} holds ${plural(held, 'active question')}: an attempt draws ${held} of the ${asked} asked.`;

/**
 * Checks the blueprint against the mock's paper and writes it. A topic of another paper (or an
 * inactive one) is refused; a topic asked for more than it holds is written with a warning (the
 * bank grows, and an attempt meanwhile draws what the topic holds).
 */
export async function saveBlueprint(
  db: DB,
  mock: DrawnMock,
  input: MockBlueprintInput,
): Promise<string[]> {
  const warnings: string[] = [];
  if (input.draw_count !== null && !input.topics.length) {
    const counts = await questionsPerTopic(db, mock.paper, audienceOfMock(mock));
    const held = [...counts.values()].reduce((a, b) => a + b, 0);
    if (held < input.draw_count) {
      warnings.push(drawsFewer('The paper', held, input.draw_count));
    }
  }
  if (input.draw_count !== null && input.topics.length) {
    const topics = new Map((await activeTopicsOfPaper(db, mock.paper)).map((t) => [t.id, t.name]));
    const counts = await questionsPerTopic(db, mock.paper, audienceOfMock(mock));
    for (const t of input.topics) {
      const name = topics.get(t.topic_id);
      if (name === undefined) {
        throw fieldError('topics', `Topic ${t.topic_id} is not an active topic of this mock's paper.`);
      }
      const held = counts.get(t.topic_id) ?? 0;
      if (held < t.question_count) {
        warnings.push(drawsFewer(name, held, t.question_count));
      }
    }
  }
  await writeBlueprint(db, mock.id, {
    draw_count: input.draw_count,
    time_limit_minutes: input.time_limit_minutes,
    topics: input.draw_count === null ? [] : input.topics,
  });
  return warnings;
}
