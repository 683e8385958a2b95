// SQL of the catalogue: programs > papers > topics > practice sets, and papers > mock exam sets.
// `activeOnly` is what students see: an item counts as active only if every ancestor is too, so
// deactivating a program hides its whole branch without touching the children's own flags.
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/client';
import type { Database } from '../../db/schema';
import { visibleTo, type Audience } from './contentVisibility';

/** What the catalogue (and a set's questions) is read from: cached reads last until one changes. */
export const CONTENT_TABLES = [
  'programs',
  'papers',
  'topics',
  'practice_sets',
  'mock_exam_sets',
  'questions',
  'mock_blueprint_topics',
] as const;

export interface Scope {
  activeOnly: boolean;
  /** Whose content: a school's sets sit under national or own programmes, so both are checked. */
  audience: Audience;
}

const bool = (v: number) => v === 1;

function programsQuery(db: DB, { activeOnly, audience }: Scope) {
  let q = db
    .selectFrom('programs')
    .select([
      'programs.id',
      'programs.name',
      'programs.description',
      'programs.is_active',
      'programs.created_at',
      'programs.school_id',
    ])
    .where(visibleTo(audience, 'programs.school_id'));
  if (activeOnly) q = q.where('programs.is_active', '=', 1);
  return q;
}

function papersQuery(db: DB, { activeOnly, audience }: Scope) {
  let q = db
    .selectFrom('papers')
    .innerJoin('programs', 'programs.id', 'papers.program_id')
    .select([
      'papers.id',
      'papers.name',
      'papers.description',
      'papers.program_id',
      'programs.name as program_name',
      'papers.is_active',
      'papers.created_at',
      'programs.school_id',
    ])
    .where(visibleTo(audience, 'programs.school_id'));
  if (activeOnly) q = q.where('papers.is_active', '=', 1).where('programs.is_active', '=', 1);
  return q;
}

function topicsQuery(db: DB, { activeOnly, audience }: Scope) {
  let q = db
    .selectFrom('topics')
    .innerJoin('papers', 'papers.id', 'topics.paper_id')
    .innerJoin('programs', 'programs.id', 'papers.program_id')
    .select([
      'topics.id',
      'topics.name',
      'topics.description',
      'topics.paper_id',
      'papers.name as paper_name',
      'papers.program_id',
      'topics.is_active',
      'topics.created_at',
      'programs.school_id',
    ])
    .where(visibleTo(audience, 'programs.school_id'));
  if (activeOnly) {
    q = q
      .where('topics.is_active', '=', 1)
      .where('papers.is_active', '=', 1)
      .where('programs.is_active', '=', 1);
  }
  return q;
}

function practiceSetsQuery(db: DB, { activeOnly, audience }: Scope) {
  let q = db
    .selectFrom('practice_sets')
    .innerJoin('topics', 'topics.id', 'practice_sets.topic_id')
    .innerJoin('papers', 'papers.id', 'topics.paper_id')
    .innerJoin('programs', 'programs.id', 'papers.program_id')
    .select((eb) => [
      'practice_sets.id',
      'practice_sets.title',
      'practice_sets.topic_id',
      'topics.name as topic_name',
      'papers.name as paper_name',
      'practice_sets.created_at',
      'practice_sets.is_active',
      'practice_sets.shuffle',
      'practice_sets.school_id',
      eb
        .selectFrom('questions')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('questions.practice_set_id', '=', 'practice_sets.id')
        .where('questions.is_active', '=', 1)
        .as('total_questions'),
    ])
    .where(visibleTo(audience, 'programs.school_id'))
    .where(visibleTo(audience, 'practice_sets.school_id'));
  if (activeOnly) {
    q = q
      .where('practice_sets.is_active', '=', 1)
      .where('topics.is_active', '=', 1)
      .where('papers.is_active', '=', 1)
      .where('programs.is_active', '=', 1)
      // Students never see a set without questions (an admin's new set waiting for its upload, or
      // one whose questions were all deactivated).
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('questions')
            .select('questions.id')
            .whereRef('questions.practice_set_id', '=', 'practice_sets.id')
            .where('questions.is_active', '=', 1),
        ),
      );
  }
  return q;
}

function mockSetsQuery(db: DB, { activeOnly, audience }: Scope) {
  let q = db
    .selectFrom('mock_exam_sets')
    .innerJoin('papers', 'papers.id', 'mock_exam_sets.paper_id')
    .innerJoin('programs', 'programs.id', 'papers.program_id')
    .select((eb) => [
      'mock_exam_sets.id',
      'mock_exam_sets.title',
      'mock_exam_sets.description',
      'mock_exam_sets.paper_id',
      'papers.name as paper_name',
      'programs.name as program_name',
      'mock_exam_sets.time_limit_minutes',
      'mock_exam_sets.is_active',
      'mock_exam_sets.created_at',
      'mock_exam_sets.shuffle',
      'mock_exam_sets.draw_count',
      'mock_exam_sets.school_id',
      eb
        .selectFrom('questions')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('questions.mock_exam_set_id', '=', 'mock_exam_sets.id')
        .where('questions.is_active', '=', 1)
        .as('total_questions'),
    ])
    .where(visibleTo(audience, 'programs.school_id'))
    .where(visibleTo(audience, 'mock_exam_sets.school_id'));
  if (activeOnly) {
    q = q
      .where('mock_exam_sets.is_active', '=', 1)
      .where('papers.is_active', '=', 1)
      .where('programs.is_active', '=', 1)
      .where(hasActiveQuestions(audience));
  }
  return q;
}

/**
 * A mock exam set a student can start has at least one active question: its own, or for a drawn
 * mock one tagged with a topic of its paper.
 */
const hasActiveQuestions = (audience: Audience) => (eb: ExpressionBuilder<Database, 'mock_exam_sets'>) =>
  eb.or([
    eb.exists(
      eb
        .selectFrom('questions')
        .select('questions.id')
        .whereRef('questions.mock_exam_set_id', '=', 'mock_exam_sets.id')
        .where('questions.is_active', '=', 1),
    ),
    eb.and([
      eb('mock_exam_sets.draw_count', 'is not', null),
      eb.exists(
        eb
          .selectFrom('questions')
          .innerJoin('topics', 'topics.id', 'questions.topic_id')
          .select('questions.id')
          .whereRef('topics.paper_id', '=', 'mock_exam_sets.paper_id')
          .where('topics.is_active', '=', 1)
          .where('questions.is_active', '=', 1)
          .where(visibleTo(audience, 'questions.school_id')),
      ),
    ]),
  ]);

type ProgramRow = Awaited<ReturnType<ReturnType<typeof programsQuery>['executeTakeFirstOrThrow']>>;
type PaperRow = Awaited<ReturnType<ReturnType<typeof papersQuery>['executeTakeFirstOrThrow']>>;
type TopicRow = Awaited<ReturnType<ReturnType<typeof topicsQuery>['executeTakeFirstOrThrow']>>;
type PracticeSetRow = Awaited<ReturnType<ReturnType<typeof practiceSetsQuery>['executeTakeFirstOrThrow']>>;
type MockSetRow = Awaited<ReturnType<ReturnType<typeof mockSetsQuery>['executeTakeFirstOrThrow']>>;

// The answer shapes students get (docs/api-contract.md).
export const toProgram = (r: ProgramRow) => ({ ...r, is_active: bool(r.is_active) });
export const toPaper = (r: PaperRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  program: r.program_id,
  program_name: r.program_name,
  is_active: bool(r.is_active),
  created_at: r.created_at,
  school_id: r.school_id,
});
export const toTopic = (r: TopicRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  paper: r.paper_id,
  paper_name: r.paper_name,
  is_active: bool(r.is_active),
  created_at: r.created_at,
  school_id: r.school_id,
});
export const toPracticeSet = (r: PracticeSetRow) => ({
  id: r.id,
  title: r.title,
  topic: r.topic_id,
  topic_name: r.topic_name,
  paper_name: r.paper_name,
  total_questions: Number(r.total_questions ?? 0),
  created_at: r.created_at,
  is_active: bool(r.is_active),
  // Each session gets its own question and option order.
  shuffle: bool(r.shuffle),
  school_id: r.school_id,
});
export const toMockSet = (r: MockSetRow) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  paper: r.paper_id,
  paper_name: r.paper_name,
  program_name: r.program_name,
  // A drawn mock's attempts have its draw count (fewer when the bank holds fewer: quiz.info says so).
  total_questions: r.draw_count ?? Number(r.total_questions ?? 0),
  time_limit_minutes: r.time_limit_minutes,
  is_active: bool(r.is_active),
  shuffle: bool(r.shuffle),
  // Null: the same questions every attempt; a number: each attempt drawn from the paper.
  draw_count: r.draw_count,
  school_id: r.school_id,
});
export type ProgramItem = ReturnType<typeof toProgram>;
export type PaperItem = ReturnType<typeof toPaper>;
export type TopicItem = ReturnType<typeof toTopic>;
/** The shape students get: whether a set is shuffled or drawn is the admins' setting alone. */
export function studentSet<T extends { shuffle: boolean; draw_count?: number | null }>(
  item: T,
): Omit<T, 'shuffle' | 'draw_count'> {
  const copy: Partial<T> = { ...item };
  delete copy.shuffle;
  delete copy.draw_count;
  return copy as Omit<T, 'shuffle' | 'draw_count'>;
}
export type PracticeSetItem = ReturnType<typeof toPracticeSet>;
export type MockSetItem = ReturnType<typeof toMockSet>;

/** The tables of the catalogue's items, each under the one its parent column names. */
export const PARENT_COLUMN = {
  programs: null,
  papers: 'program_id',
  topics: 'paper_id',
  practice_sets: 'topic_id',
  mock_exam_sets: 'paper_id',
} as const;
export type CatalogTable = keyof typeof PARENT_COLUMN;

/** The column an item is listed by and known by, unique among its siblings. */
export const LABEL_COLUMN = {
  programs: 'name',
  papers: 'name',
  topics: 'name',
  practice_sets: 'title',
  mock_exam_sets: 'title',
} as const;

/**
 * The list and the find of one kind of item: they differ from kind to kind only in the query and
 * the answer shape. A list is ordered by the label (then the id) and may be narrowed to one parent.
 */
function itemsOf<T extends CatalogTable, TB extends keyof Database, Row, Item>(kind: {
  table: T;
  query: (db: DB, scope: Scope) => SelectQueryBuilder<Database, TB, Row>;
  to: (row: Row) => Item;
}) {
  const column = (name: string) => sql.ref(`${kind.table}.${name}`);
  const parent = PARENT_COLUMN[kind.table];
  return {
    async list(db: DB, scope: Scope, parentId?: number): Promise<Item[]> {
      let q = kind.query(db, scope);
      if (parent && parentId !== undefined) q = q.where(column(parent), '=', parentId);
      const rows = await q.orderBy(column(LABEL_COLUMN[kind.table])).orderBy(column('id')).execute();
      return rows.map((row) => kind.to(row));
    },
    async find(db: DB, id: number, scope: Scope): Promise<Item | null> {
      const row = await kind.query(db, scope).where(column('id'), '=', id).executeTakeFirst();
      return row ? kind.to(row) : null;
    },
  };
}

const programs = itemsOf({ table: 'programs', query: programsQuery, to: toProgram });
export const listPrograms = (db: DB, scope: Scope) => programs.list(db, scope);
export const findProgram = programs.find;

export const { list: listPapers, find: findPaper } = itemsOf({
  table: 'papers',
  query: papersQuery,
  to: toPaper,
});

export const { list: listTopics, find: findTopic } = itemsOf({
  table: 'topics',
  query: topicsQuery,
  to: toTopic,
});

export const { list: listPracticeSets, find: findPracticeSet } = itemsOf({
  table: 'practice_sets',
  query: practiceSetsQuery,
  to: toPracticeSet,
});

export const { list: listMockSets, find: findMockSet } = itemsOf({
  table: 'mock_exam_sets',
  query: mockSetsQuery,
  to: toMockSet,
});

/**
 * Papers with how many mock exams a student can start under each (active, with questions), so
 * the mock wizard can say which papers have none instead of leading to an empty list.
 */
export async function withMockExamCounts<T extends { id: number }>(db: DB, papers: T[], audience: Audience) {
  if (papers.length === 0) return [];
  const rows = await db
    .selectFrom('mock_exam_sets')
    .select((eb) => ['mock_exam_sets.paper_id', eb.fn.countAll<number>().as('n')])
    .where(
      'mock_exam_sets.paper_id',
      'in',
      papers.map((p) => p.id),
    )
    .where('mock_exam_sets.is_active', '=', 1)
    .where(visibleTo(audience, 'mock_exam_sets.school_id'))
    .where(hasActiveQuestions(audience))
    .groupBy('mock_exam_sets.paper_id')
    .execute();
  const counts = new Map(rows.map((r) => [r.paper_id, Number(r.n)]));
  return papers.map((p) => ({ ...p, mock_exams: counts.get(p.id) ?? 0 }));
}

/**
 * What students can reach of the national bank (a visitor has no school): active programs and
 * topics, and the active questions of the sets they are offered (every ancestor active), practice
 * and mock alike. Read from the same lists the wizards show; a catalogue is hundreds of rows, and
 * callers cache the answer.
 */
export async function countBank(db: DB): Promise<{ questions: number; programs: number; topics: number }> {
  const active = { activeOnly: true, audience: { schoolId: null } };
  const sets = [...(await listPracticeSets(db, active)), ...(await listMockSets(db, active))];
  return {
    questions: sets.reduce((sum, set) => sum + set.total_questions, 0),
    programs: (await listPrograms(db, active)).length,
    topics: (await listTopics(db, active)).length,
  };
}
