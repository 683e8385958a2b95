// SQL of the question import: where a new set may go, which questions the bank already holds,
// and the one transaction that writes a set with its questions.
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { Question, QuizType } from '../../db/schema';
import type { Header, RationaleHeader } from '../../shared/domain/questionFormat';
import { visibleTo, type Audience } from './contentVisibility';

/**
 * A checked row of a sheet: the seven columns and the topic as the questions table stores them, its
 * row and its text key.
 */
/** A checked row; the rationales are absent when the sheet has no such column. */
export type ValidQuestion = Pick<Question, Header | 'topic_id'> &
  Partial<Pick<Question, RationaleHeader>> & { row: number; text_key: string };

/**
 * Rows per insert and keys per lookup. Far under the bound-value limits (SQLite 32,766,
 * PostgreSQL 65,535), while 10,000 rows still take only 100 statements.
 */
const INSERT_CHUNK = 100;
const LOOKUP_CHUNK = 100;

export interface Placement {
  quizType: QuizType;
  programId: number;
  paperId: number;
  topicId: number | null;
}

/**
 * Why the program / paper / topic combination cannot hold a new set, or null when it can; another
 * school's programme is as absent as one that does not exist.
 */
export async function placementProblem(
  db: DB,
  p: Placement,
  audience: Audience,
): Promise<{ field: string; message: string } | null> {
  const program = await db
    .selectFrom('programs')
    .select('id')
    .where('id', '=', p.programId)
    .where(visibleTo(audience, 'programs.school_id'))
    .executeTakeFirst();
  if (!program) return { field: 'program_id', message: `There is no program with id ${p.programId}.` };
  const paper = await db
    .selectFrom('papers')
    .select(['id', 'program_id'])
    .where('id', '=', p.paperId)
    .executeTakeFirst();
  if (!paper) return { field: 'paper_id', message: `There is no paper with id ${p.paperId}.` };
  if (paper.program_id !== p.programId) {
    return { field: 'paper_id', message: 'The chosen paper does not belong to the chosen program.' };
  }
  if (p.quizType === 'mock') return null;
  if (p.topicId === null)
    return { field: 'topic_id', message: 'Choose a topic: a practice set belongs to a topic.' };
  const topic = await db
    .selectFrom('topics')
    .select(['id', 'paper_id'])
    .where('id', '=', p.topicId)
    .executeTakeFirst();
  if (!topic) return { field: 'topic_id', message: `There is no topic with id ${p.topicId}.` };
  if (topic.paper_id !== p.paperId)
    return { field: 'topic_id', message: 'The chosen topic does not belong to the chosen paper.' };
  return null;
}

/** The paper's name and its topics (inactive ones too), which an upload's topic cells may name. */
export async function topicsOfPaper(db: DB, paperId: number) {
  const paper = await db.selectFrom('papers').select('name').where('id', '=', paperId).executeTakeFirst();
  const topics = await db
    .selectFrom('topics')
    .select(['id', 'name'])
    .where('paper_id', '=', paperId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return { paperName: paper?.name ?? `paper ${paperId}`, topics };
}

export async function titleTaken(db: DB, p: Placement, title: string): Promise<boolean> {
  const row =
    p.quizType === 'mock'
      ? await db
          .selectFrom('mock_exam_sets')
          .select('id')
          .where('paper_id', '=', p.paperId)
          .where('title', '=', title)
          .executeTakeFirst()
      : await db
          .selectFrom('practice_sets')
          .select('id')
          .where('topic_id', '=', p.topicId as number)
          .where('title', '=', title)
          .executeTakeFirst();
  return row !== undefined;
}

const knownKeys = (db: DB, keys: string[]) =>
  db.selectFrom('questions').select('text_key').distinct().where('text_key', 'in', keys).execute();

/** The text keys among `keys` that questions already in the bank have. */
export async function keysInBank(db: DB, keys: string[]): Promise<Set<string>> {
  const unique = [...new Set(keys)];
  const found = new Set<string>();
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const rows = await knownKeys(db, unique.slice(i, i + LOOKUP_CHUNK));
    for (const row of rows) found.add(row.text_key);
  }
  return found;
}

export interface NewSet {
  title: string;
  timeLimitMinutes: number;
  /** The school the set is for; absent or null: national. */
  schoolId?: number | null;
}

/** Where an import writes: a new set, or the end of a set that exists. */
export type ImportTarget = { newSet: NewSet } | { setId: number };

export interface WrittenQuestions {
  id: number;
  /** Text keys of the file's questions that other sets already hold. */
  keysAlreadyInBank: Set<string>;
  /** Text keys left out because the set already holds their question (appending only). */
  keysAlreadyInSet: Set<string>;
  /** Questions the set holds now. */
  setTotal: number;
}

const setColumnOf = (type: QuizType) => (type === 'mock' ? 'mock_exam_set_id' : 'practice_set_id');

/**
 * The set `setId` of the placement's kind under its paper (mock) or topic (practice) that the
 * audience sees, if any.
 */
export async function setInPlacement(
  db: DB,
  p: Placement,
  setId: number,
  audience: Audience,
): Promise<{ id: number; title: string; school_id: number | null } | undefined> {
  return p.quizType === 'mock'
    ? db
        .selectFrom('mock_exam_sets')
        .select(['id', 'title', 'school_id'])
        .where('id', '=', setId)
        .where('paper_id', '=', p.paperId)
        .where(visibleTo(audience, 'mock_exam_sets.school_id'))
        .executeTakeFirst()
    : db
        .selectFrom('practice_sets')
        .select(['id', 'title', 'school_id'])
        .where('id', '=', setId)
        .where('topic_id', '=', p.topicId as number)
        .where(visibleTo(audience, 'practice_sets.school_id'))
        .executeTakeFirst();
}

/** The school a programme belongs to (null: national). */
export async function schoolOfProgram(db: DB, programId: number): Promise<number | null> {
  const row = await db
    .selectFrom('programs')
    .select('school_id')
    .where('id', '=', programId)
    .executeTakeFirst();
  return row?.school_id ?? null;
}

/** The school a set belongs to, which each of its questions takes. */
async function schoolOfSet(db: DB, type: QuizType, setId: number): Promise<number | null> {
  const row = await db
    .selectFrom(type === 'mock' ? 'mock_exam_sets' : 'practice_sets')
    .select('school_id')
    .where('id', '=', setId)
    .executeTakeFirst();
  return row?.school_id ?? null;
}

/** Text key, and the last position, of the questions a set holds. */
async function setContents(db: DB, type: QuizType, setId: number) {
  const rows = await db
    .selectFrom('questions')
    .select(['text_key', 'position'])
    .where(setColumnOf(type), '=', setId)
    .execute();
  return {
    keys: new Set(rows.map((r) => r.text_key)),
    lastPosition: rows.reduce((last, r) => Math.max(last, r.position), 0),
  };
}

async function createSet(trx: DB, p: Placement, set: NewSet, now: string): Promise<number> {
  const created =
    p.quizType === 'mock'
      ? await trx
          .insertInto('mock_exam_sets')
          .values({
            paper_id: p.paperId,
            title: set.title,
            description: '',
            time_limit_minutes: set.timeLimitMinutes,
            created_at: now,
            school_id: set.schoolId ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('practice_sets')
          .values({
            topic_id: p.topicId as number,
            title: set.title,
            created_at: now,
            school_id: set.schoolId ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
  return created.id;
}

/** What a question says, as the live row and the draft both store it. */
const contentOf = (q: ValidQuestion) => ({
  question_text: q.question_text,
  option_a: q.option_a,
  option_b: q.option_b,
  option_c: q.option_c,
  option_d: q.option_d,
  correct_answer: q.correct_answer,
  explanation: q.explanation,
  rationale_a: q.rationale_a ?? null,
  rationale_b: q.rationale_b ?? null,
  rationale_c: q.rationale_c ?? null,
  rationale_d: q.rationale_d ?? null,
});

export interface DraftAuthor {
  authorId: number;
  schoolId: number;
}

/** Questions of an upload as drafts waiting for review (question_drafts), in file order. */
async function insertDrafts(
  trx: DB,
  p: Placement,
  setId: number,
  chunk: ValidQuestion[],
  author: DraftAuthor,
  now: string,
) {
  await trx
    .insertInto('question_drafts')
    .values(
      chunk.map((q) => ({
        school_id: author.schoolId,
        author_id: author.authorId,
        status: 'submitted' as const,
        practice_set_id: p.quizType === 'practice' ? setId : null,
        mock_exam_set_id: p.quizType === 'mock' ? setId : null,
        topic_id: q.topic_id,
        ...contentOf(q),
        base_question_id: null,
        published_question_id: null,
        approved_by_id: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/**
 * Writes the questions into a new set, or appends them to a set that exists, in one transaction:
 * all of it is written, or none. The questions come in batches, each written before the next is
 * asked for; a batch source that throws rolls everything back (and the error comes out of this
 * call). Appending leaves out the questions the set already holds, so a file uploaded twice is
 * not doubled; appends to one set run one after another. Also returns the text keys of the new
 * questions that other sets already hold: one query in the database instead of a lookup round
 * trip per hundred keys (keysInBank, for dry runs).
 */
export async function insertQuestions(
  db: DB,
  p: Placement,
  target: ImportTarget,
  batches: Iterable<ValidQuestion[]>,
  /** A tutor's upload: the questions become submitted drafts of their school, not live rows. */
  drafts?: DraftAuthor,
): Promise<WrittenQuestions> {
  const lockKeys = 'setId' in target ? [`questions:${p.quizType}:${target.setId}`] : [];
  // Within the caller's transaction when there is one (seedIfEmpty loads the bank in one).
  return serialized(db, lockKeys, async (trx) => {
    const now = new Date().toISOString();
    const setId = 'setId' in target ? target.setId : await createSet(trx, p, target.newSet, now);
    const held = 'setId' in target ? await setContents(trx, p.quizType, setId) : null;
    const school_id = await schoolOfSet(trx, p.quizType, setId);
    const setColumn = setColumnOf(p.quizType);
    const keysAlreadyInSet = new Set<string>();
    let position = held?.lastPosition ?? 0;
    for (const batch of batches) {
      const fresh: ValidQuestion[] = [];
      for (const q of batch) {
        if (held?.keys.has(q.text_key)) keysAlreadyInSet.add(q.text_key);
        else fresh.push(q);
      }
      for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
        const chunk = fresh.slice(i, i + INSERT_CHUNK);
        if (drafts) {
          await insertDrafts(trx, p, setId, chunk, drafts, now);
          continue;
        }
        await trx
          .insertInto('questions')
          .values(
            chunk.map((q) => ({
              practice_set_id: p.quizType === 'practice' ? setId : null,
              mock_exam_set_id: p.quizType === 'mock' ? setId : null,
              topic_id: q.topic_id,
              position: ++position,
              ...contentOf(q),
              text_key: q.text_key,
              created_at: now,
              school_id,
            })),
          )
          .execute();
      }
    }
    const repeated = await trx
      .selectFrom('questions as added')
      .select('added.text_key')
      .distinct()
      .where(`added.${setColumn}`, '=', setId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('questions as held')
            .select('held.id')
            .whereRef('held.text_key', '=', 'added.text_key')
            .where((h) => h.or([h(`held.${setColumn}`, 'is', null), h(`held.${setColumn}`, '<>', setId)])),
        ),
      )
      .execute();
    const setTotal = await trx
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(setColumn, '=', setId)
      .executeTakeFirstOrThrow();
    return {
      id: setId,
      keysAlreadyInBank: new Set(repeated.map((r) => r.text_key)),
      keysAlreadyInSet,
      setTotal: Number(setTotal.n),
    };
  });
}

/** Text keys among `keys` that the set already holds (for a dry run of an append). */
export async function keysInSet(db: DB, type: QuizType, setId: number): Promise<Set<string>> {
  return (await setContents(db, type, setId)).keys;
}

/** A catalogue reference of the CLI: a numeric id, or a name matched in any case. */
function refFilter(ref: string): { id: number } | { name: string } {
  return /^\d+$/.test(ref) ? { id: Number(ref) } : { name: ref.trim().toLowerCase() };
}

export async function findProgramId(db: DB, ref: string): Promise<number | null> {
  const f = refFilter(ref);
  const row = await db
    .selectFrom('programs')
    .select('id')
    .where((eb) => ('id' in f ? eb('id', '=', f.id) : eb(eb.fn('lower', ['name']), '=', f.name)))
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findPaperId(db: DB, programId: number, ref: string): Promise<number | null> {
  const f = refFilter(ref);
  const row = await db
    .selectFrom('papers')
    .select('id')
    .where('program_id', '=', programId)
    .where((eb) => ('id' in f ? eb('id', '=', f.id) : eb(eb.fn('lower', ['name']), '=', f.name)))
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findTopicId(db: DB, paperId: number, ref: string): Promise<number | null> {
  const f = refFilter(ref);
  const row = await db
    .selectFrom('topics')
    .select('id')
    .where('paper_id', '=', paperId)
    .where((eb) => ('id' in f ? eb('id', '=', f.id) : eb(eb.fn('lower', ['name']), '=', f.name)))
    .executeTakeFirst();
  return row?.id ?? null;
}
