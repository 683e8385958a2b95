// Mastery by topic (issue 19, point 1; docs/learning.md): per program, paper and topic, the share
// of the student's answers that were right across every graded practice and mock session, how
// many questions they have seen, and the three weakest topics to practise next.
import { readCacheOf, type DB } from '../../../db/client';
import { percentageOf } from '../../../shared/domain/grading';
import { CONTENT_TABLES } from '../../queries/catalog';
import { paperTree, topicTree } from '../../queries/mastery';
import { historyOf, questionPlacesCached, type QuestionHistory, type QuestionPlace } from './history';

/** A topic needs this many answers before it can be called weak: fewer say little. */
export const WEAK_TOPIC_MIN_ANSWERS = 5;
export const WEAKEST_SHOWN = 3;

/** Answers given, answers right, and distinct questions seen. */
interface Tally {
  answers: number;
  correct: number;
  seen: number;
}
const emptyTally = (): Tally => ({ answers: 0, correct: 0, seen: 0 });

function add(t: Tally, h: QuestionHistory) {
  t.answers += h.asked;
  t.correct += h.correct;
  t.seen++;
}

const figures = (t: Tally) => ({ ...t, percentage: percentageOf(t.correct, t.answers) });

function catalogueCached(db: DB) {
  return readCacheOf(db).get('learning:catalogue', CONTENT_TABLES, async () => {
    const [topics, papers] = await Promise.all([topicTree(db), paperTree(db)]);
    return {
      topics: new Map(topics.map((t) => [t.topic_id, t])),
      papers: new Map(papers.map((p) => [p.paper_id, p])),
    };
  });
}

/** Questions a topic session may serve, per topic. */
function servableCounts(places: ReadonlyMap<number, QuestionPlace>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const p of places.values()) {
    if (p.inActiveSet && p.topicId !== null) counts.set(p.topicId, (counts.get(p.topicId) ?? 0) + 1);
  }
  return counts;
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

export async function masteryOf(db: DB, userId: number) {
  const places = await questionPlacesCached(db);
  const [history, catalogue] = await Promise.all([historyOf(db, userId, places), catalogueCached(db)]);

  const byTopic = new Map<number, Tally>();
  const byPaper = new Map<number, Tally>();
  for (const [id, h] of history) {
    const place = places.get(id)!;
    if (place.paperId === null) continue;
    let paper = byPaper.get(place.paperId);
    if (!paper) byPaper.set(place.paperId, (paper = emptyTally()));
    add(paper, h);
    if (place.topicId === null) continue; // a mock's question: its paper's, no topic's
    let topic = byTopic.get(place.topicId);
    if (!topic) byTopic.set(place.topicId, (topic = emptyTally()));
    add(topic, h);
  }

  const totals = servableCounts(places);
  const topics = [...byTopic].flatMap(([topicId, tally]) => {
    const info = catalogue.topics.get(topicId);
    if (!info) return [];
    const open = info.topic_active === 1 && info.paper_active === 1 && info.program_active === 1;
    const total_questions = totals.get(topicId) ?? 0;
    return [{ info, row: { id: topicId, name: info.topic_name, ...figures(tally), total_questions }, open }];
  });

  const programs = new Map<number, { id: number; name: string; tally: Tally; papers: PaperRow[] }>();
  for (const [paperId, tally] of byPaper) {
    const info = catalogue.papers.get(paperId);
    if (!info) continue;
    let program = programs.get(info.program_id);
    if (!program) {
      program = { id: info.program_id, name: info.program_name, tally: emptyTally(), papers: [] };
      programs.set(info.program_id, program);
    }
    program.tally.answers += tally.answers;
    program.tally.correct += tally.correct;
    program.tally.seen += tally.seen;
    program.papers.push({
      id: paperId,
      name: info.paper_name,
      ...figures(tally),
      topics: topics
        .filter((t) => t.info.paper_id === paperId)
        .map((t) => t.row)
        .sort(byName),
    });
  }

  const weakest = topics
    .filter((t) => t.open && t.row.total_questions > 0 && t.row.answers >= WEAK_TOPIC_MIN_ANSWERS)
    .sort(
      (a, b) =>
        a.row.correct / a.row.answers - b.row.correct / b.row.answers ||
        b.row.answers - a.row.answers ||
        a.row.name.localeCompare(b.row.name),
    )
    .slice(0, WEAKEST_SHOWN)
    .map((t) => ({ ...t.row, paper_name: t.info.paper_name, program_name: t.info.program_name }));

  return {
    programs: [...programs.values()]
      .map((p) => ({ id: p.id, name: p.name, ...figures(p.tally), papers: p.papers.sort(byName) }))
      .sort(byName),
    weakest,
  };
}
export type Mastery = Awaited<ReturnType<typeof masteryOf>>;

interface PaperRow extends ReturnType<typeof figures> {
  id: number;
  name: string;
  topics: Array<{ id: number; name: string; total_questions: number } & ReturnType<typeof figures>>;
}
