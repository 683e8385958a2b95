// SQL of the catalogue: programs > papers > topics > practice sets, and papers > mock exam sets.
// `activeOnly` is what students see: an item counts as active only if every ancestor is too, so
// deactivating a program hides its whole branch without touching the children's own flags.
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/client';
import type { Database } from '../../db/schema';

/** What the catalogue (and a set's questions) is read from: cached reads last until one changes. */
export const CONTENT_TABLES = [
  'programs',
  'papers',
  'topics',
  'practice_sets',
  'mock_exam_sets',
  'questions',
] as const;

export interface Scope {
  activeOnly: boolean;
}

const bool = (v: number) => v === 1;

function programsQuery(db: DB, { activeOnly }: Scope) {
  let q = db
    .selectFrom('programs')
    .select([
      'programs.id',
      'programs.name',
      'programs.description',
      'programs.is_active',
      'programs.created_at',
    ]);
  if (activeOnly) q = q.where('programs.is_active', '=', 1);
  return q;
}

function papersQuery(db: DB, { activeOnly }: Scope) {
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
    ]);
  if (activeOnly) q = q.where('papers.is_active', '=', 1).where('programs.is_active', '=', 1);
  return q;
}

function topicsQuery(db: DB, { activeOnly }: Scope) {
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
    ]);
  if (activeOnly) {
    q = q
      .where('topics.is_active', '=', 1)
      .where('papers.is_active', '=', 1)
      .where('programs.is_active', '=', 1);
  }
  return q;
}

function practiceSetsQuery(db: DB, { activeOnly }: Scope) {
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
      eb
        .selectFrom('questions')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('questions.practice_set_id', '=', 'practice_sets.id')
        .where('questions.is_active', '=', 1)
        .as('total_questions'),
    ]);
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

function mockSetsQuery(db: DB, { activeOnly }: Scope) {
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
      eb
        .selectFrom('questions')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('questions.mock_exam_set_id', '=', 'mock_exam_sets.id')
        .where('questions.is_active', '=', 1)
        .as('total_questions'),
    ]);
  if (activeOnly) {
    q = q
      .where('mock_exam_sets.is_active', '=', 1)
      .where('papers.is_active', '=', 1)
      .where('programs.is_active', '=', 1)
      .where(hasActiveQuestions);
  }
  return q;
}

/** A mock exam set a student can start has at least one active question. */
function hasActiveQuestions(eb: ExpressionBuilder<Database, 'mock_exam_sets'>) {
  return eb.exists(
    eb
      .selectFrom('questions')
      .select('questions.id')
      .whereRef('questions.mock_exam_set_id', '=', 'mock_exam_sets.id')
      .where('questions.is_active', '=', 1),
  );
}

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
});
export const toTopic = (r: TopicRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  paper: r.paper_id,
  paper_name: r.paper_name,
  is_active: bool(r.is_active),
  created_at: r.created_at,
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
});
export const toMockSet = (r: MockSetRow) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  paper: r.paper_id,
  paper_name: r.paper_name,
  program_name: r.program_name,
  total_questions: Number(r.total_questions ?? 0),
  time_limit_minutes: r.time_limit_minutes,
  is_active: bool(r.is_active),
  shuffle: bool(r.shuffle),
});
export type ProgramItem = ReturnType<typeof toProgram>;
export type PaperItem = ReturnType<typeof toPaper>;
export type TopicItem = ReturnType<typeof toTopic>;
/** The shape students get: whether a set is shuffled is the admins' setting alone. */
export function studentSet<T extends { shuffle: boolean }>(item: T): Omit<T, 'shuffle'> {
  const copy: Partial<T> = { ...item };
  delete copy.shuffle;
  return copy as Omit<T, 'shuffle'>;
}
export type PracticeSetItem = ReturnType<typeof toPracticeSet>;
export type MockSetItem = ReturnType<typeof toMockSet>;

export async function listPrograms(db: DB, scope: Scope): Promise<ProgramItem[]> {
  const rows = await programsQuery(db, scope).orderBy('programs.name').orderBy('programs.id').execute();
  return rows.map(toProgram);
}

export async function findProgram(db: DB, id: number, scope: Scope): Promise<ProgramItem | null> {
  const row = await programsQuery(db, scope).where('programs.id', '=', id).executeTakeFirst();
  return row ? toProgram(row) : null;
}

export async function listPapers(db: DB, scope: Scope, programId?: number): Promise<PaperItem[]> {
  let q = papersQuery(db, scope);
  if (programId !== undefined) q = q.where('papers.program_id', '=', programId);
  const rows = await q.orderBy('papers.name').orderBy('papers.id').execute();
  return rows.map(toPaper);
}

export async function findPaper(db: DB, id: number, scope: Scope): Promise<PaperItem | null> {
  const row = await papersQuery(db, scope).where('papers.id', '=', id).executeTakeFirst();
  return row ? toPaper(row) : null;
}

export async function listTopics(db: DB, scope: Scope, paperId?: number): Promise<TopicItem[]> {
  let q = topicsQuery(db, scope);
  if (paperId !== undefined) q = q.where('topics.paper_id', '=', paperId);
  const rows = await q.orderBy('topics.name').orderBy('topics.id').execute();
  return rows.map(toTopic);
}

export async function findTopic(db: DB, id: number, scope: Scope): Promise<TopicItem | null> {
  const row = await topicsQuery(db, scope).where('topics.id', '=', id).executeTakeFirst();
  return row ? toTopic(row) : null;
}

export async function listPracticeSets(db: DB, scope: Scope, topicId?: number): Promise<PracticeSetItem[]> {
  let q = practiceSetsQuery(db, scope);
  if (topicId !== undefined) q = q.where('practice_sets.topic_id', '=', topicId);
  const rows = await q.orderBy('practice_sets.title').orderBy('practice_sets.id').execute();
  return rows.map(toPracticeSet);
}

export async function findPracticeSet(db: DB, id: number, scope: Scope): Promise<PracticeSetItem | null> {
  const row = await practiceSetsQuery(db, scope).where('practice_sets.id', '=', id).executeTakeFirst();
  return row ? toPracticeSet(row) : null;
}

export async function listMockSets(db: DB, scope: Scope, paperId?: number): Promise<MockSetItem[]> {
  let q = mockSetsQuery(db, scope);
  if (paperId !== undefined) q = q.where('mock_exam_sets.paper_id', '=', paperId);
  const rows = await q.orderBy('mock_exam_sets.title').orderBy('mock_exam_sets.id').execute();
  return rows.map(toMockSet);
}

export async function findMockSet(db: DB, id: number, scope: Scope): Promise<MockSetItem | null> {
  const row = await mockSetsQuery(db, scope).where('mock_exam_sets.id', '=', id).executeTakeFirst();
  return row ? toMockSet(row) : null;
}

/**
 * Papers with how many mock exams a student can start under each (active, with questions), so
 * the mock wizard can say which papers have none instead of leading to an empty list.
 */
export async function withMockExamCounts<T extends { id: number }>(db: DB, papers: T[]) {
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
    .where(hasActiveQuestions)
    .groupBy('mock_exam_sets.paper_id')
    .execute();
  const counts = new Map(rows.map((r) => [r.paper_id, Number(r.n)]));
  return papers.map((p) => ({ ...p, mock_exams: counts.get(p.id) ?? 0 }));
}

/**
 * What students can reach of the bank: active programs and topics, and the active questions of
 * the sets they are offered (every ancestor active), practice and mock alike. Read from the same
 * lists the wizards show; a catalogue is hundreds of rows, and callers cache the answer.
 */
export async function countBank(db: DB): Promise<{ questions: number; programs: number; topics: number }> {
  const active = { activeOnly: true };
  const sets = [...(await listPracticeSets(db, active)), ...(await listMockSets(db, active))];
  return {
    questions: sets.reduce((sum, set) => sum + set.total_questions, 0),
    programs: (await listPrograms(db, active)).length,
    topics: (await listTopics(db, active)).length,
  };
}
