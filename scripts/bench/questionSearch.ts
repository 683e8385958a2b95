// The bench's question bank row (a search answers in under 100 ms at 20,000
// questions). fillBank writes the bank through the import's own insert (insertQuestions):
// 2 programs, 2 papers each, 5 topics a paper with 5 practice sets of 150 questions, and 2 mock
// exam sets of 625 per paper; one explanation in 20 left empty, 200 questions deactivated and 300
// edited through the bank's service (so older versions sit in the table too). questionSearch then
// sends typical searches of the Question Bank tab to the server, one admin at a time (a request
// waits for the one before it), so its p50 and p99 are what an admin waits for a page.
import type { DB } from '../../db/client';
import type { AnswerLetter } from '../../db/schema';
import { insertQuestions, type Placement } from '../../server/queries/questionImport';
import { textKey } from '../../server/services/import/textKey';
import type { ValidQuestion } from '../../server/queries/questionImport';
import { editQuestion, setQuestionActive } from '../../server/services/questionEdits';
import type { BankSearch } from '../../shared/schemas/questionBank';
import { measure, rotating, type Measurement, type Target } from './cannon';
import { each, trpcQuery } from './requests';
import { skipped, type Available } from './scenarios';

/** The size of the bank; the test fills a smaller one. */
export interface BankSize {
  perPracticeSet: number;
  perMockSet: number;
  deactivated: number;
  edited: number;
}
/** 2 × 2 × (5 × 5 × 150 + 2 × 625) = 20,000 questions. */
export const FULL_BANK: BankSize = { perPracticeSet: 150, perMockSet: 625, deactivated: 200, edited: 300 };

export interface Bank {
  programs: number[];
  papers: number[];
  topics: number[];
  practiceSets: number[];
  mockSets: number[];
  /** Current versions, after the edits. */
  questions: number;
}

const LETTERS: AnswerLetter[] = ['A', 'B', 'C', 'D'];
const SUBJECTS = ['patient', 'woman in labour', 'newborn', 'child', 'elderly man', 'post-operative patient'];
const SIGNS = [
  'fever',
  'bleeding',
  'dyspnoea',
  'oedema',
  'hypotension',
  'jaundice',
  'seizures',
  'dehydration',
];

function questionsFor(count: number, from: number, topicId: number | null): ValidQuestion[] {
  return Array.from({ length: count }, (_, j) => {
    const i = from + j;
    const text = `Question ${i}: a ${SUBJECTS[i % SUBJECTS.length]} presents with ${SIGNS[i % SIGNS.length]} and ${SIGNS[(i * 3 + 1) % SIGNS.length]}. What should the nurse do first?`;
    return {
      row: j + 2,
      question_text: text,
      option_a: `Assess airway, breathing and circulation (${i})`,
      option_b: `Give the prescribed drug at once (${i})`,
      option_c: `Call the doctor before anything else (${i})`,
      option_d: `Reassure and observe for an hour (${i})`,
      correct_answer: LETTERS[(i * 7 + 3) % 4],
      explanation: i % 20 === 0 ? '' : `Assessment comes first; case ${i}.`,
      topic_id: topicId,
      text_key: textKey(text),
    };
  });
}

async function fillCatalogue(db: DB, size: BankSize): Promise<Omit<Bank, 'questions'>> {
  const now = new Date().toISOString();
  const bank = { programs: [], papers: [], topics: [], practiceSets: [], mockSets: [] } as Omit<
    Bank,
    'questions'
  >;
  const insert = async (table: 'programs' | 'papers' | 'topics', row: Record<string, string | number>) => {
    const values = { description: '', created_at: now, ...row } as never;
    const { id } = await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
    bank[table].push(id);
    return id;
  };
  let next = 1;
  const add = async (p: Placement, title: string, count: number) => {
    const set = { title, timeLimitMinutes: 120 };
    const { id } = await insertQuestions(db, p, { newSet: set }, [questionsFor(count, next, p.topicId)]);
    next += count;
    (p.quizType === 'mock' ? bank.mockSets : bank.practiceSets).push(id);
  };
  // Names of their own: the bench's fixture already has a 'General Nursing' program.
  for (const program of ['Registered General Nursing', 'Registered Midwifery']) {
    const programId = await insert('programs', { name: program });
    for (let p = 1; p <= 2; p++) {
      const paperId = await insert('papers', { program_id: programId, name: `Paper ${p}` });
      for (let t = 1; t <= 5; t++) {
        const topicId = await insert('topics', { paper_id: paperId, name: `Topic ${t}` });
        for (let s = 1; s <= 5; s++) {
          await add(
            { quizType: 'practice', programId, paperId, topicId },
            `Practice ${s}`,
            size.perPracticeSet,
          );
        }
      }
      for (let m = 1; m <= 2; m++) {
        await add({ quizType: 'mock', programId, paperId, topicId: null }, `Mock ${m}`, size.perMockSet);
      }
    }
  }
  return bank;
}

const PLATFORM = { kind: 'platform' } as const;

/** Deactivates and edits questions spread over the bank (strides coprime with its size). */
async function churn(db: DB, adminId: number, ids: number[], size: BankSize): Promise<void> {
  const admin = await db.selectFrom('users').selectAll().where('id', '=', adminId).executeTakeFirstOrThrow();
  for (let i = 0; i < size.deactivated; i++) {
    await setQuestionActive(db, admin, PLATFORM, ids[(37 + i * 97) % ids.length], false);
  }
  for (let i = 0; i < size.edited; i++) {
    const id = ids[(11 + i * 61) % ids.length];
    const q = await db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await editQuestion(db, admin, PLATFORM, { ...q, explanation: `${q.explanation} Revised ${i}.` });
  }
}

/** Writes the bank beside whatever the database holds; `adminId` makes the changes. */
export async function fillBank(db: DB, adminId: number, size: BankSize = FULL_BANK): Promise<Bank> {
  const bank = await fillCatalogue(db, size);
  const rows = await db
    .selectFrom('questions')
    .select('id')
    .where((eb) =>
      eb.or([eb('practice_set_id', 'in', bank.practiceSets), eb('mock_exam_set_id', 'in', bank.mockSets)]),
    )
    .orderBy('id')
    .execute();
  await churn(
    db,
    adminId,
    rows.map((r) => r.id),
    size,
  );
  return { ...bank, questions: rows.length };
}

/** What an admin does on the Question Bank tab: browse, page, search text, and filter. */
export function bankSearches(bank: Bank): Array<Partial<BankSearch>> {
  return [
    {},
    { page: 400 },
    { search: 'dyspnoea' },
    { search: 'question 12345' },
    { search: 'zzz' },
    { program_id: bank.programs[1], search: 'newborn' },
    { paper_id: bank.papers[2], no_explanation: true },
    { topic_id: bank.topics[5] },
    { quiz_type: 'practice', set_id: bank.practiceSets[17] },
    { quiz_type: 'mock', status: 'inactive' },
  ];
}

export async function questionSearch(
  target: Target,
  adminToken: string,
  av: Available,
  bank: Bank,
  opts: { duration?: number } = {},
): Promise<Measurement> {
  const searches = bankSearches(bank);
  const name = `questions.search, ${bank.questions.toLocaleString('en')} questions (one admin, ${searches.length} kinds of search)`;
  if (!av.procedures.has('questions.search')) return skipped(name, 'missing questions.search');
  const search = rotating(searches);
  return measure(
    name,
    target,
    each(() => trpcQuery('questions.search', search(), adminToken)),
    { ...opts, connections: 1 },
  );
}
