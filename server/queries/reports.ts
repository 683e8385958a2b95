// SQL of the exam officer's reports (docs/reports.md): the results export, the first attempts
// of a set with their answers (item analysis), and the answers per topic (class view). Only
// students' attempts count in the figures: an admin trying a set out is not a taker.
import type { DB } from '../../db/client';
import type { QuizType } from '../../db/schema';
import type { ResultsFilter } from '../../shared/schemas/admin';
import type { ClassViewFilter } from '../../shared/schemas/reports';
import { filteredResultsQuery } from './admin';
import { schoolUserIds } from './schoolScope';
import { sameText } from './textSearch';

/** The rows of the results export: the list's filters, with each student's profile fields. */
export function exportRows(db: DB, filter: ResultsFilter, limit: number, schoolId: number | null) {
  return filteredResultsQuery(db, filter, schoolId)
    .select(['users.school', 'users.program_of_study'])
    .limit(limit)
    .execute();
}
export type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

/**
 * Sessions of a set that were graded (submitted, or closed by the clock), students' only: every
 * student's, or one school's (`schoolId`).
 */
function gradedStudentSessions(db: DB, type: QuizType, setId: number, schoolId: number | null) {
  return db
    .selectFrom('quiz_sessions')
    .innerJoin('quiz_results', 'quiz_results.session_id', 'quiz_sessions.id')
    .innerJoin('users', 'users.id', 'quiz_sessions.user_id')
    .where('quiz_sessions.quiz_type', '=', type)
    .where('quiz_sessions.quiz_id', '=', setId)
    .where('users.is_staff', '=', 0)
    .where('users.is_superuser', '=', 0)
    .$if(schoolId !== null, (q) => q.where('quiz_sessions.user_id', 'in', schoolUserIds(db, schoolId!)));
}

/**
 * Each student's first graded session of the set. A student has one unfinished session of a set
 * at a time (quizSessions.startQuiz), so the lowest session id is the first one taken.
 */
function firstAttemptsQuery(db: DB, type: QuizType, setId: number, schoolId: number | null) {
  return gradedStudentSessions(db, type, setId, schoolId).where((eb) =>
    eb(
      'quiz_sessions.id',
      '=',
      eb
        .selectFrom('quiz_sessions as earlier')
        .innerJoin('quiz_results as earlier_result', 'earlier_result.session_id', 'earlier.id')
        .select((e) => e.fn.min('earlier.id').as('id'))
        .whereRef('earlier.user_id', '=', 'quiz_sessions.user_id')
        .where('earlier.quiz_type', '=', type)
        .where('earlier.quiz_id', '=', setId),
    ),
  );
}

export function firstAttempts(db: DB, type: QuizType, setId: number, schoolId: number | null) {
  return firstAttemptsQuery(db, type, setId, schoolId)
    .select([
      'quiz_sessions.id as session_id',
      'quiz_sessions.question_ids',
      'quiz_results.id as result_id',
      'quiz_results.correct_answers',
      'quiz_results.total_questions',
    ])
    .orderBy('quiz_results.id')
    .execute();
}

/** The saved (and so graded) answers of those first attempts. */
export function firstAttemptAnswers(db: DB, type: QuizType, setId: number, schoolId: number | null) {
  return db
    .selectFrom('session_answers')
    .select(['session_id', 'question_id', 'selected_answer'])
    .where('session_id', 'in', firstAttemptsQuery(db, type, setId, schoolId).select('quiz_sessions.id'))
    .execute();
}

/** The school a set belongs to (null: national), or undefined when there is no such set. */
export async function setSchoolId(db: DB, type: QuizType, setId: number): Promise<number | null | undefined> {
  const table = type === 'mock' ? 'mock_exam_sets' : 'practice_sets';
  const row = await db.selectFrom(table).select('school_id').where('id', '=', setId).executeTakeFirst();
  return row === undefined ? undefined : row.school_id;
}

/** Questions by id with their key, topic and where they sit in their set, deleted ones absent. */
export function questionsForAnalysis(db: DB, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('questions')
    .leftJoin('topics', 'topics.id', 'questions.topic_id')
    .select([
      'questions.id',
      'questions.position',
      'questions.question_text',
      'questions.correct_answer',
      'questions.topic_id',
      'topics.name as topic_name',
    ])
    .where('questions.id', 'in', ids)
    .execute();
}


/**
 * Per topic, the answers students gave in graded sessions of any kind and how many were right,
 * each counted under the topic of the question version answered; untagged questions have none.
 */
export function answersByTopic(db: DB, filter: ClassViewFilter, schoolId: number | null) {
  let q = db
    .selectFrom('session_answers')
    .innerJoin('quiz_sessions', 'quiz_sessions.id', 'session_answers.session_id')
    .innerJoin('quiz_results', 'quiz_results.session_id', 'quiz_sessions.id')
    .innerJoin('users', 'users.id', 'quiz_sessions.user_id')
    .innerJoin('questions', 'questions.id', 'session_answers.question_id')
    .innerJoin('topics', 'topics.id', 'questions.topic_id')
    .innerJoin('papers', 'papers.id', 'topics.paper_id')
    .innerJoin('programs', 'programs.id', 'papers.program_id')
    .where('users.is_staff', '=', 0)
    .where('users.is_superuser', '=', 0);
  if (schoolId !== null) q = q.where('quiz_sessions.user_id', 'in', schoolUserIds(db, schoolId));
  if (filter.school) q = q.where(sameText('users.school', filter.school));
  if (filter.program_of_study) q = q.where(sameText('users.program_of_study', filter.program_of_study));
  return q
    .select((eb) => [
      'topics.id as topic_id',
      'topics.name as topic_name',
      'papers.name as paper_name',
      'programs.name as program_name',
      eb.fn.countAll<number | string>().as('answers'),
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when('session_answers.selected_answer', '=', eb.ref('questions.correct_answer'))
            .then(1)
            .else(0)
            .end(),
        )
        .as('correct'),
      eb.fn.count<number | string>('quiz_sessions.user_id').distinct().as('students'),
    ])
    .groupBy(['topics.id', 'topics.name', 'papers.name', 'programs.name'])
    .execute();
}

/** How many students gave each spelling of a profile field. */
function spellings(db: DB, column: 'school' | 'program_of_study', schoolId: number | null) {
  return db
    .selectFrom('users')
    .select((eb) => [eb.ref(column).as('text'), eb.fn.countAll<number | string>().as('n')])
    .where('is_staff', '=', 0)
    .where('is_superuser', '=', 0)
    .$if(schoolId !== null, (q) => q.where('id', 'in', schoolUserIds(db, schoolId!)))
    .where(column, 'is not', null)
    .groupBy(column)
    .execute();
}

/**
 * The values students gave, one per spelling that differs only in case or spaces (the filter
 * matches them all): the most used spelling, ties by sort order. Sorted.
 */
async function choicesOf(
  db: DB,
  column: 'school' | 'program_of_study',
  schoolId: number | null,
): Promise<string[]> {
  const rows = (await spellings(db, column, schoolId))
    .map((r) => ({ text: (r.text ?? '').trim(), n: Number(r.n) }))
    .filter((r) => r.text)
    .sort((a, b) => b.n - a.n || a.text.localeCompare(b.text));
  const byKey = new Map<string, string>();
  for (const { text } of rows) if (!byKey.has(text.toLowerCase())) byKey.set(text.toLowerCase(), text);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

/** The schools and programs of study students (of one school, or all) have given, for the class view's filters. */
export async function profileChoices(db: DB, schoolId: number | null) {
  return {
    schools: await choicesOf(db, 'school', schoolId),
    programs_of_study: await choicesOf(db, 'program_of_study', schoolId),
  };
}
