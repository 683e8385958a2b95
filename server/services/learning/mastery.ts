// Mastery by topic (docs/learning.md): per program, paper and topic, the share
// of the student's answers that were right across every graded session of any kind, how many
// questions they have seen, and the three weakest topics to practise next.
import { readCacheOf, type DB } from '../../../db/client';
import type { User } from '../../../db/schema';
import { percentageOf } from '../../../shared/domain/grading';
import { CONTENT_TABLES } from '../../queries/catalog';
import {
  bankCountsByTopic,
  paperTree,
  servableCountsByTopic,
  talliesByTopic,
  topicTree,
} from '../../queries/mastery';

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

function add(into: Tally, t: Tally) {
  into.answers += t.answers;
  into.correct += t.correct;
  into.seen += t.seen;
}

function addTo(tallies: Map<number, Tally>, key: number, t: Tally) {
  let into = tallies.get(key);
  if (!into) tallies.set(key, (into = emptyTally()));
  add(into, t);
}

const figures = (t: Tally) => ({ ...t, percentage: percentageOf(t.correct, t.answers) });

/** Names, flags and question counts of the catalogue, shared by all students until it changes. */
function catalogueCached(db: DB) {
  return readCacheOf(db).get('learning:catalogue', CONTENT_TABLES, async () => {
    const [topics, papers, servable, bank] = await Promise.all([
      topicTree(db),
      paperTree(db),
      servableCountsByTopic(db),
      bankCountsByTopic(db),
    ]);
    // Per topic, the national count and each school's own.
    const counts = (
      rows: Array<{ topic_id: number | null; school_id: number | null; n: number | string }>,
    ) => {
      const byTopic = new Map<number | null, Map<number | null, number>>();
      for (const c of rows) {
        let bySchool = byTopic.get(c.topic_id);
        if (!bySchool) byTopic.set(c.topic_id, (bySchool = new Map()));
        bySchool.set(c.school_id, Number(c.n));
      }
      return byTopic;
    };
    return {
      topics: new Map(topics.map((t) => [t.topic_id, t])),
      papers: new Map(papers.map((p) => [p.paper_id, p])),
      servable: counts(servable),
      bank: counts(bank),
    };
  });
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/** A topic's questions a student of `schoolId` may meet: the national ones and their school's. */
function countFor(
  counts: Map<number | null, Map<number | null, number>>,
  topicId: number,
  schoolId: number | null,
) {
  const bySchool = counts.get(topicId);
  return (bySchool?.get(null) ?? 0) + (schoolId === null ? 0 : (bySchool?.get(schoolId) ?? 0));
}

export async function masteryOf(db: DB, user: Pick<User, 'id' | 'school_id'>) {
  const [rows, catalogue] = await Promise.all([talliesByTopic(db, user.id), catalogueCached(db)]);

  const byTopic = new Map<number, Tally>();
  const byPaper = new Map<number, Tally>();
  for (const r of rows) {
    if (r.paper_id === null) continue;
    const tally = { answers: Number(r.answers), correct: Number(r.correct), seen: Number(r.seen) };
    addTo(byPaper, r.paper_id, tally);
    // A topic can come in two rows, its practice and its mock questions; an untagged question
    // counts to its paper only.
    if (r.topic_id !== null) addTo(byTopic, r.topic_id, tally);
  }

  const topics = [...byTopic].flatMap(([topicId, tally]) => {
    const info = catalogue.topics.get(topicId);
    if (!info) return [];
    // Practise serves the topic's practice sets, so a topic tagged only on mock questions has none.
    const open =
      info.topic_active === 1 &&
      info.paper_active === 1 &&
      info.program_active === 1 &&
      countFor(catalogue.servable, topicId, user.school_id) > 0;
    const total_questions = countFor(catalogue.bank, topicId, user.school_id);
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
    add(program.tally, tally);
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
    .filter((t) => t.open && t.row.answers >= WEAK_TOPIC_MIN_ANSWERS)
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
