// SQL of the admin's question bank: the search with its filters and pages, one question with where
// it sits and its topic, the writes of an edit (a new version) and of a topic change (in place),
// and the audit rows with their history. Only
// current versions are listed: an edited question's older rows stay for the sessions that hold
// them (docs/question-bank.md).
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/client';
import type { Database, NewQuestion, Question, QuestionEditAction, QuizType } from '../../db/schema';
import { BANK_PAGE_SIZE, UNTAGGED, type BankSearch } from '../../shared/schemas/questionBank';
import { visibleTo, type Audience } from './contentVisibility';
import { draftPeople } from './questionDrafts';
import { contains } from './textSearch';

type QuestionsEb = ExpressionBuilder<Database, 'questions'>;

/** Practice set ids under a paper or program; and mock set ids under a paper or program. */
function practiceSetsUnder(eb: QuestionsEb, f: BankSearch) {
  let q = eb
    .selectFrom('practice_sets')
    .innerJoin('topics', 'topics.id', 'practice_sets.topic_id')
    .innerJoin('papers', 'papers.id', 'topics.paper_id')
    .select('practice_sets.id');
  if (f.paper_id !== undefined) q = q.where('papers.id', '=', f.paper_id);
  if (f.program_id !== undefined) q = q.where('papers.program_id', '=', f.program_id);
  return q;
}

function mockSetsUnder(eb: QuestionsEb, f: BankSearch) {
  let q = eb
    .selectFrom('mock_exam_sets')
    .innerJoin('papers', 'papers.id', 'mock_exam_sets.paper_id')
    .select('mock_exam_sets.id');
  if (f.paper_id !== undefined) q = q.where('papers.id', '=', f.paper_id);
  if (f.program_id !== undefined) q = q.where('papers.program_id', '=', f.program_id);
  return q;
}

/** Where a question sits: by set when one is chosen, else by kind and the catalogue above it. */
function placeFilter(eb: QuestionsEb, f: BankSearch) {
  const practiceColumn = 'questions.practice_set_id';
  const mockColumn = 'questions.mock_exam_set_id';
  if (f.set_id !== undefined) {
    return eb(f.quiz_type === 'mock' ? mockColumn : practiceColumn, '=', f.set_id);
  }
  const kind: QuizType | null = f.quiz_type ?? null;
  const above = f.program_id !== undefined || f.paper_id !== undefined;
  if (!above) return eb(kind === 'mock' ? mockColumn : practiceColumn, 'is not', null);
  const practice = eb(practiceColumn, 'in', practiceSetsUnder(eb, f));
  const mock = eb(mockColumn, 'in', mockSetsUnder(eb, f));
  if (kind === 'practice') return practice;
  if (kind === 'mock') return mock;
  return eb.or([practice, mock]);
}

/** Current versions the audience sees matching the filters (no paging). */
function matching(db: DB, f: BankSearch, audience: Audience) {
  let q = db
    .selectFrom('questions')
    .where('questions.replaced_by_id', 'is', null)
    .where(visibleTo(audience, 'questions.school_id'));
  if (f.set_id !== undefined || f.quiz_type || f.paper_id || f.program_id) {
    q = q.where((eb) => placeFilter(eb, f));
  }
  // The question's own topic: a practice question's is its set's, a mock question's its tag.
  if (f.topic_id === UNTAGGED) q = q.where('questions.topic_id', 'is', null);
  else if (f.topic_id !== undefined) q = q.where('questions.topic_id', '=', f.topic_id);
  if (f.search) q = q.where(contains('questions.question_text', f.search));
  if (f.no_explanation) q = q.where('questions.explanation', '=', '');
  if (f.status !== 'all') q = q.where('questions.is_active', '=', f.status === 'active' ? 1 : 0);
  return q;
}

/** Where a question's set sits: the set and, through it, the paper. */
function withSetAndPaper(db: DB) {
  return db
    .selectFrom('questions')
    .leftJoin('practice_sets', 'practice_sets.id', 'questions.practice_set_id')
    .leftJoin('mock_exam_sets', 'mock_exam_sets.id', 'questions.mock_exam_set_id')
    .leftJoin('topics as set_topics', 'set_topics.id', 'practice_sets.topic_id')
    .leftJoin('papers', (j) =>
      j.on((eb) => eb('papers.id', '=', eb.fn.coalesce('mock_exam_sets.paper_id', 'set_topics.paper_id'))),
    );
}

/** A question with its set, its own topic (null: an untagged mock question), its paper and program. */
function placedQuestions(db: DB) {
  return withSetAndPaper(db)
    .leftJoin('topics', 'topics.id', 'questions.topic_id')
    .leftJoin('programs', 'programs.id', 'papers.program_id')
    .select((eb) => [
      'questions.id',
      'questions.question_text',
      'questions.option_a',
      'questions.option_b',
      'questions.option_c',
      'questions.option_d',
      'questions.correct_answer',
      'questions.explanation',
      'questions.position',
      'questions.is_active',
      'questions.replaced_by_id',
      'questions.practice_set_id',
      'questions.mock_exam_set_id',
      'questions.school_id',
      eb.fn.coalesce('practice_sets.title', 'mock_exam_sets.title').as('set_title'),
      'topics.id as topic_id',
      'topics.name as topic_name',
      'papers.id as paper_id',
      'papers.name as paper_name',
      'programs.id as program_id',
      'programs.name as program_name',
    ]);
}
type PlacedRow = Awaited<ReturnType<ReturnType<typeof placedQuestions>['executeTakeFirstOrThrow']>>;

export function toBankQuestion({ practice_set_id, mock_exam_set_id, ...r }: PlacedRow) {
  return {
    ...r,
    is_active: r.is_active === 1,
    quiz_type: (mock_exam_set_id === null ? 'practice' : 'mock') as QuizType,
    set_id: (mock_exam_set_id ?? practice_set_id) as number,
    set_title: r.set_title ?? '',
  };
}
export type BankQuestion = ReturnType<typeof toBankQuestion>;

/** The list's order: kind and set (practice first), then position; an edit keeps its place. */
interface OrderKey {
  id: number;
  mock_exam_set_id: number | null;
  practice_set_id: number | null;
  position: number;
}
function byBankOrder(a: OrderKey, b: OrderKey): number {
  return (
    (a.mock_exam_set_id ?? 0) - (b.mock_exam_set_id ?? 0) ||
    (a.practice_set_id ?? 0) - (b.practice_set_id ?? 0) ||
    a.position - b.position ||
    a.id - b.id
  );
}

/** The ids of one page and the number of matches. */
async function pageOfIds(
  db: DB,
  f: BankSearch,
  audience: Audience,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  if (f.search) {
    // A text search reads every question's text anyway: one scan gives the count and the order
    // keys, where ORDER BY ... LIMIT would walk the whole list index again for a rare match.
    const keys = await matching(db, f, audience)
      .select([
        'questions.id',
        'questions.mock_exam_set_id',
        'questions.practice_set_id',
        'questions.position',
      ])
      .execute();
    keys.sort(byBankOrder);
    return { ids: keys.slice(offset, offset + BANK_PAGE_SIZE).map((k) => k.id), total: keys.length };
  }
  const [{ n }] = await matching(db, f, audience)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .execute();
  const total = Number(n);
  // Past the last match there is no page to look for.
  if (total <= offset) return { ids: [], total };
  const page = await matching(db, f, audience)
    .select('questions.id')
    .orderBy(sql`coalesce(questions.mock_exam_set_id, 0)`)
    .orderBy(sql`coalesce(questions.practice_set_id, 0)`)
    .orderBy('questions.position')
    .orderBy('questions.id')
    .limit(BANK_PAGE_SIZE)
    .offset(offset)
    .execute();
  return { ids: page.map((r) => r.id), total };
}

/**
 * One page of the bank and the number of matches. Ordered by kind, set and position, so an edited
 * question (a new row in the same set and position) keeps its place in the list.
 */
export async function searchBank(db: DB, f: BankSearch, audience: Audience) {
  const { ids, total } = await pageOfIds(db, f, audience, (f.page - 1) * BANK_PAGE_SIZE);
  const rows = ids.length ? await placedQuestions(db).where('questions.id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, toBankQuestion(r)]));
  return {
    items: ids.map((id) => byId.get(id)!),
    total,
    page: f.page,
    page_size: BANK_PAGE_SIZE,
  };
}

export async function findBankQuestion(db: DB, id: number): Promise<BankQuestion | null> {
  const row = await placedQuestions(db).where('questions.id', '=', id).executeTakeFirst();
  return row ? toBankQuestion(row) : null;
}

export function findQuestionRow(db: DB, id: number): Promise<Question | undefined> {
  return db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The next position at the end of a set (after every row it ever held). */
export async function nextPosition(db: DB, type: QuizType, setId: number): Promise<number> {
  const column = type === 'mock' ? 'mock_exam_set_id' : 'practice_set_id';
  const row = await db
    .selectFrom('questions')
    .select((eb) => eb.fn.max('position').as('last'))
    .where(column, '=', setId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertQuestionVersion(db: DB, row: NewQuestion): Promise<number> {
  const { id } = await db.insertInto('questions').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Retires a current version in favour of `newId`; false when it was replaced meanwhile. */
export async function retireQuestion(db: DB, id: number, newId: number): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('questions')
    .set({ is_active: 0, replaced_by_id: newId })
    .where('id', '=', id)
    .where('replaced_by_id', 'is', null)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export async function setActiveFlag(db: DB, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('questions')
    .set({ is_active: active ? 1 : 0 })
    .where('id', '=', id)
    .where('replaced_by_id', 'is', null)
    .execute();
}

export interface SetRef {
  id: number;
  title: string;
  paper_id: number;
  /** A practice set's topic, which its questions take; null for a mock set. */
  topic_id: number | null;
  /** Null: national; else the school whose own set it is. */
  school_id: number | null;
}

export function findSetOfKind(db: DB, type: QuizType, id: number): Promise<SetRef | undefined> {
  if (type === 'mock') {
    return db
      .selectFrom('mock_exam_sets')
      .select(['id', 'title', 'school_id', 'paper_id', sql<number | null>`null`.as('topic_id')])
      .where('id', '=', id)
      .executeTakeFirst();
  }
  return db
    .selectFrom('practice_sets')
    .innerJoin('topics', 'topics.id', 'practice_sets.topic_id')
    .select([
      'practice_sets.id',
      'practice_sets.title',
      'practice_sets.school_id',
      'topics.paper_id',
      'practice_sets.topic_id',
    ])
    .where('practice_sets.id', '=', id)
    .executeTakeFirst();
}

export type Changes = Record<string, { old: string | boolean; new: string | boolean }>;

/** An audit row: the version written (or changed), the one it replaced, who, what and when. */
export interface NewEdit {
  question_id: number;
  previous_question_id: number | null;
  admin_user_id: number;
  action: QuestionEditAction;
  changes: Changes;
  edited_at: string;
  /** The reviewed draft the change published. */
  draft_id?: number;
}

export async function insertEdit(db: DB, row: NewEdit): Promise<void> {
  await insertEdits(db, [row]);
}

export async function insertEdits(db: DB, rows: NewEdit[]): Promise<void> {
  await db
    .insertInto('question_edits')
    .values(rows.map((row) => ({ ...row, changes: JSON.stringify(row.changes) })))
    .execute();
}

/** The history shows this many changes, newest first. */
export const HISTORY_LIMIT = 20;

/**
 * The changes of a question and of every version before it: the chain of edits and moves is
 * walked back through the audit rows' previous versions.
 */
export async function questionHistory(db: DB, id: number) {
  const rows = await db
    .withRecursive('chain(id)', (qb) =>
      qb
        .selectFrom('questions')
        .select('questions.id')
        .where('questions.id', '=', id)
        .union(
          qb
            .selectFrom('question_edits')
            .innerJoin('chain', 'chain.id', 'question_edits.question_id')
            .select('question_edits.previous_question_id as id')
            .where('question_edits.previous_question_id', 'is not', null)
            .$narrowType<{ id: number }>(),
        ),
    )
    .selectFrom('question_edits')
    .leftJoin('users', 'users.id', 'question_edits.admin_user_id')
    .select([
      'question_edits.id',
      'question_edits.question_id',
      'question_edits.action',
      'question_edits.changes',
      'question_edits.edited_at',
      'question_edits.draft_id',
      'users.full_name as admin_name',
      'users.email as admin_email',
    ])
    .where('question_edits.question_id', 'in', (eb) => eb.selectFrom('chain').select('chain.id'))
    .orderBy('question_edits.edited_at', 'desc')
    .orderBy('question_edits.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  // A change a reviewed draft published: who wrote it and who asked for changes before the
  // approval (the approver is the change's admin).
  const people = await draftPeople(
    db,
    rows.flatMap((r) => (r.draft_id === null ? [] : [r.draft_id])),
  );
  return rows.map((r) => ({
    ...r,
    changes: JSON.parse(r.changes) as Changes,
    written_by: r.draft_id === null ? null : (people.get(r.draft_id)?.author ?? null),
    reviewed_by: r.draft_id === null ? [] : (people.get(r.draft_id)?.reviewers ?? []),
  }));
}

/** The questions `ids` with their paper, for a change of topic (inside its transaction). */
export function questionsWithPaper(db: DB, ids: number[]) {
  return withSetAndPaper(db)
    .select([
      'questions.id',
      'questions.replaced_by_id',
      'questions.mock_exam_set_id',
      'questions.topic_id',
      'questions.school_id',
      'papers.id as paper_id',
    ])
    .where('questions.id', 'in', ids)
    .orderBy('questions.id')
    .execute();
}

/** A topic with its paper's name. */
export function findTopic(db: DB, id: number) {
  return db
    .selectFrom('topics')
    .innerJoin('papers', 'papers.id', 'topics.paper_id')
    .select(['topics.id', 'topics.name', 'topics.paper_id', 'papers.name as paper_name'])
    .where('topics.id', '=', id)
    .executeTakeFirst();
}

/** Names of the topics `ids`. */
export async function topicNames(db: DB, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('topics').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Tags current versions with a topic (null: untagged), in place: the topic is not part of what a
 * session showed, so it needs no new version.
 */
export async function setTopicOf(db: DB, ids: number[], topicId: number | null): Promise<void> {
  await db
    .updateTable('questions')
    .set({ topic_id: topicId })
    .where('id', 'in', ids)
    .where('replaced_by_id', 'is', null)
    .execute();
}
