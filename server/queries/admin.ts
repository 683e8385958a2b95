// SQL of the admin dashboard: users, platform statistics, every result with filters.
import type { DB } from '../../db/client';
import type { ResultsFilter } from '../../shared/schemas/admin';
import { accountStateOf } from '../../shared/domain/accountState';
import { resultsQuery, toResult } from './results';
import { schoolUserIds } from './schoolScope';
import { contains } from './textSearch';

/** The results screen shows the newest this many; older ones stay in the database. */
export const ADMIN_RESULTS_LIMIT = 1000;

/** Every user, or with a school a school's students and staff (`schoolId` null: the platform). */
export async function listUsers(db: DB, search: string | undefined, schoolId: number | null) {
  let q = db.selectFrom('users').select((eb) => [
    'users.id',
    'users.full_name',
    'users.email',
    'users.date_of_birth',
    'users.gender',
    'users.region_of_institution',
    'users.program_of_study',
    'users.school',
    'users.bio',
    'users.avatar',
    'users.is_active',
    'users.is_staff',
    'users.is_superuser',
    'users.email_verified_at',
    'users.created_at',
    'users.school_id',
    'users.staff_role',
    eb
      .selectFrom('quiz_sessions')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('quiz_sessions.user_id', '=', 'users.id')
      .as('sessions_taken'),
  ]);
  if (schoolId !== null) q = q.where('users.id', 'in', schoolUserIds(db, schoolId, { staff: true }));
  if (search) {
    q = q.where((eb) =>
      eb.or([
        contains('users.full_name', search),
        contains('users.email', search),
        contains('users.school', search),
      ]),
    );
  }
  const users = await q.orderBy('users.created_at', 'desc').orderBy('users.id', 'desc').execute();

  // Each user's latest result, in one query rather than one per user.
  const latest = await db
    .selectFrom('quiz_results')
    .innerJoin('quiz_sessions', 'quiz_sessions.id', 'quiz_results.session_id')
    .select([
      'quiz_results.id',
      'quiz_results.user_id',
      'quiz_results.percentage',
      'quiz_results.created_at',
      'quiz_sessions.quiz_name',
    ])
    .where((eb) =>
      eb(
        'quiz_results.id',
        '=',
        eb
          .selectFrom('quiz_results as newer')
          .select((e) => e.fn.max('newer.id').as('id'))
          .whereRef('newer.user_id', '=', 'quiz_results.user_id'),
      ),
    )
    .$if(schoolId !== null, (r) =>
      r.where('quiz_results.user_id', 'in', schoolUserIds(db, schoolId!, { staff: true })),
    )
    .execute();
  const lastByUser = new Map(latest.map(({ user_id, ...r }) => [user_id, r]));

  return users.map(({ created_at, sessions_taken, email_verified_at, ...u }) => {
    const admin = u.is_staff === 1 || u.is_superuser === 1;
    return {
      ...u,
      is_active: u.is_active === 1,
      is_staff: u.is_staff === 1,
      is_superuser: u.is_superuser === 1,
      role: admin ? ('admin' as const) : ('student' as const),
      state: accountStateOf({ is_active: u.is_active, email_verified_at }),
      date_joined: created_at,
      sessions_taken: Number(sessions_taken ?? 0),
      last_result: lastByUser.get(u.id) ?? null,
    };
  });
}

/** The bank's questions: an edit's older versions, kept for the sessions that showed them, are not counted. */
async function countCurrentQuestions(db: DB): Promise<number> {
  const row = await db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('replaced_by_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function countRows(
  db: DB,
  table: 'programs' | 'papers' | 'topics' | 'mock_exam_sets' | 'practice_sets',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Averages to one decimal, as the dashboard shows them; 0 when there is nothing to average. */
const oneDecimal = (v: number | string | null) => (v === null ? 0 : Math.round(Number(v) * 10) / 10);

/**
 * The dashboard's figures: over every user (`schoolId` null), or over one school's students; the
 * content counts are the bank's either way.
 */
export async function platformStats(db: DB, schoolId: number | null) {
  const scoped = schoolId === null ? null : schoolUserIds(db, schoolId);
  const sessions = await db
    .selectFrom('quiz_sessions')
    .select((eb) => ['quiz_type', eb.fn.countAll<number>().as('n')])
    .$if(scoped !== null, (q) => q.where('user_id', 'in', scoped!))
    .groupBy('quiz_type')
    .execute();
  const results = await db
    .selectFrom('quiz_results')
    .innerJoin('quiz_sessions', 'quiz_sessions.id', 'quiz_results.session_id')
    .select((eb) => [
      'quiz_sessions.quiz_type',
      eb.fn.countAll<number>().as('n'),
      eb.fn.avg<number | string | null>('quiz_results.percentage').as('avg'),
    ])
    .$if(scoped !== null, (q) => q.where('quiz_results.user_id', 'in', scoped!))
    .groupBy('quiz_sessions.quiz_type')
    .execute();
  const overall = await db
    .selectFrom('quiz_results')
    .select((eb) => eb.fn.avg<number | string | null>('percentage').as('avg'))
    .$if(scoped !== null, (q) => q.where('user_id', 'in', scoped!))
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(scoped !== null, (q) => q.where('id', 'in', scoped!))
    .executeTakeFirstOrThrow();
  const sessionsOf = (type: string) => Number(sessions.find((s) => s.quiz_type === type)?.n ?? 0);
  const resultsOf = (type: string) => results.find((r) => r.quiz_type === type);
  return {
    total_users: Number(users.n),
    total_questions: await countCurrentQuestions(db),
    total_quiz_sessions: sessions.reduce((n, s) => n + Number(s.n), 0),
    avg_score: oneDecimal(overall.avg),
    mock_sessions: sessionsOf('mock'),
    practice_sessions: sessionsOf('practice'),
    mock_results: Number(resultsOf('mock')?.n ?? 0),
    practice_results: Number(resultsOf('practice')?.n ?? 0),
    mock_avg_score: oneDecimal(resultsOf('mock')?.avg ?? null),
    practice_avg_score: oneDecimal(resultsOf('practice')?.avg ?? null),
    total_programs: await countRows(db, 'programs'),
    total_papers: await countRows(db, 'papers'),
    total_topics: await countRows(db, 'topics'),
    total_mock_sets: await countRows(db, 'mock_exam_sets'),
    total_practice_sets: await countRows(db, 'practice_sets'),
  };
}

/** Results with the program and paper their set belongs to, narrowed by the admin's filters, newest first. */
export function filteredResultsQuery(db: DB, filter: ResultsFilter, schoolId: number | null) {
  let q = resultsQuery(db)
    .leftJoin('mock_exam_sets', (j) =>
      j.onRef('mock_exam_sets.id', '=', 'quiz_sessions.quiz_id').on('quiz_sessions.quiz_type', '=', 'mock'),
    )
    .leftJoin('practice_sets', (j) =>
      j
        .onRef('practice_sets.id', '=', 'quiz_sessions.quiz_id')
        .on('quiz_sessions.quiz_type', '=', 'practice'),
    )
    .leftJoin('topics', 'topics.id', 'practice_sets.topic_id')
    .leftJoin('papers', (j) =>
      j.on((eb) => eb('papers.id', '=', eb.fn.coalesce('mock_exam_sets.paper_id', 'topics.paper_id'))),
    )
    .leftJoin('programs', 'programs.id', 'papers.program_id')
    .select([
      'users.email as user_email',
      'programs.id as program_id',
      'programs.name as program_name',
      'papers.id as paper_id',
      'papers.name as paper_name',
    ]);
  if (schoolId !== null) q = q.where('quiz_results.user_id', 'in', schoolUserIds(db, schoolId));
  if (filter.quiz_type) q = q.where('quiz_sessions.quiz_type', '=', filter.quiz_type);
  if (filter.program_id) q = q.where('programs.id', '=', filter.program_id);
  if (filter.paper_id) q = q.where('papers.id', '=', filter.paper_id);
  if (filter.set_id) q = q.where('quiz_sessions.quiz_id', '=', filter.set_id);
  return q.orderBy('quiz_results.created_at', 'desc').orderBy('quiz_results.id', 'desc');
}

/** Every student's results (or one school's) with the program and paper their set belongs to, newest first. */
export async function listAllResults(db: DB, filter: ResultsFilter, schoolId: number | null) {
  const rows = await filteredResultsQuery(db, filter, schoolId).limit(ADMIN_RESULTS_LIMIT).execute();
  return rows.map((r) => {
    const result = toResult(r);
    return {
      ...result,
      session: {
        ...result.session,
        user_email: r.user_email,
        program_id: r.program_id,
        program_name: r.program_name,
        paper_id: r.paper_id,
        paper_name: r.paper_name,
      },
    };
  });
}

export async function lastBackup(db: DB) {
  const row = await db
    .selectFrom('backups')
    .select(['created_at', 'size_bytes', 'file_path'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}
