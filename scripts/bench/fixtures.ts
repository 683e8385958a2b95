// Test data written straight into a fresh database with Kysely: one program, paper and topic, a
// practice set, a mock exam set, and a pool of verified students who all share one argon2 hash
// (hashing thousands of passwords would take minutes and measure nothing). Tokens are signed
// with the server's JWT secret, with the refresh-token family row that findSessionUser requires.
import type { DB } from '../../db/client';
import type { AnswerLetter, NewQuestion, NewUser } from '../../db/schema';
import { hashPassword } from '../../server/services/passwords';
import { tokenHash } from '../../server/queries/authTokens';
import { randomToken } from '../../server/services/secrets';
import type { TokenSigner } from '../../server/services/tokens';

export const STUDENT_PASSWORD = 'Harmattan-Lagoon-42';
/** Long enough for the longest bench run; the app's own access tokens live 15 minutes. */
const BENCH_TOKEN_TTL_SECONDS = 4 * 60 * 60;
/** SQLite binds at most 32,766 values per statement: 500 rows of ~15 columns stays well under. */
const CHUNK = 500;
const LETTERS: AnswerLetter[] = ['A', 'B', 'C', 'D'];

export interface Student {
  id: number;
  email: string;
  /** Signed for the bench; the load tests sign in over HTTP instead. */
  access: string;
  /** The student's (or school admin's) school; null without schools. */
  schoolId: number | null;
}

export interface FixtureSchool {
  id: number;
  name: string;
  /** A school admin of this school (staff_role 'school_admin'), with a signed token. */
  admin: Student;
}

export interface Fixture {
  programId: number;
  paperId: number;
  topicId: number;
  practiceSetId: number;
  mockSetId: number;
  mockQuestionIds: number[];
  /** question id -> the key, to check grading independently of the server. */
  key: Map<number, AnswerLetter>;
  students: Student[];
  /** The platform admin (staff, no school). */
  admin: Student;
  /** With opts.schools: the schools, whose students are consecutive blocks of `students`. */
  schools: FixtureSchool[];
}

/** The key of question i: varied, so that an answer sheet of all 'A' scores about a quarter. */
export function keyOf(i: number): AnswerLetter {
  return LETTERS[(i * 7 + 3) % 4];
}

function question(i: number, set: { mock?: number; practice?: number }, now: string): NewQuestion {
  const text = `Question ${i}: a patient on the ward presents with symptoms ${i} (fever, cough, fatigue). Which nursing action comes first?`;
  return {
    practice_set_id: set.practice ?? null,
    mock_exam_set_id: set.mock ?? null,
    position: i,
    question_text: text,
    option_a: `Check the vital signs and record them (${i})`,
    option_b: `Give the prescribed medication at once (${i})`,
    option_c: `Call the doctor on duty before anything else (${i})`,
    option_d: `Reassure the patient and wait for an hour (${i})`,
    correct_answer: keyOf(i),
    explanation: `The first step is assessment; option ${keyOf(i)} is the safe choice in case ${i}.`,
    text_key: text.toLowerCase(),
    created_at: now,
  };
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function prepareFixture(
  db: DB,
  signer: TokenSigner,
  opts: {
    students: number;
    mockQuestions: number;
    practiceQuestions?: number;
    timeLimitMinutes?: number;
    /** Split the students into this many schools, each with a school admin. */
    schools?: number;
  },
): Promise<Fixture> {
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(STUDENT_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const program = await trx
      .insertInto('programs')
      .values({ name: 'General Nursing', description: 'RGN', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paper = await trx
      .insertInto('papers')
      .values({ program_id: program.id, name: 'Paper 1', description: 'Basic nursing', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topic = await trx
      .insertInto('topics')
      .values({ paper_id: paper.id, name: 'Vital signs', description: '', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const practice = await trx
      .insertInto('practice_sets')
      .values({ topic_id: topic.id, title: 'Vital signs practice', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mock = await trx
      .insertInto('mock_exam_sets')
      .values({
        paper_id: paper.id,
        title: `Mock exam (${opts.mockQuestions} questions)`,
        description: 'Timed mock',
        time_limit_minutes: opts.timeLimitMinutes ?? 120,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const practiceRows = Array.from({ length: opts.practiceQuestions ?? 20 }, (_, i) =>
      question(i + 1, { practice: practice.id }, now),
    );
    await insertChunks(practiceRows, (c) => trx.insertInto('questions').values(c).execute());
    const mockRows = Array.from({ length: opts.mockQuestions }, (_, i) =>
      question(i + 1, { mock: mock.id }, now),
    );
    await insertChunks(mockRows, (c) => trx.insertInto('questions').values(c).execute());
    const mockQs = await trx
      .selectFrom('questions')
      .select(['id', 'correct_answer'])
      .where('mock_exam_set_id', '=', mock.id)
      .orderBy('position')
      .execute();

    const schoolRows = Array.from({ length: opts.schools ?? 0 }, (_, k) => ({
      name: `Load Test Nursing Training College ${k + 1}`,
      region: 'Greater Accra',
      join_code: null,
      created_at: now,
    }));
    const schools = schoolRows.length
      ? await trx.insertInto('schools').values(schoolRows).returning(['id', 'name']).execute()
      : [];
    const user = (
      email: string,
      name: string,
      staff: number,
      school?: { id: number; name: string },
    ): NewUser => ({
      full_name: name,
      email,
      password_hash: passwordHash,
      date_of_birth: '2002-01-01',
      gender: 'Female',
      region_of_institution: 'Greater Accra',
      program_of_study: 'General Nursing',
      school: school?.name ?? 'Korle Bu Nursing and Midwifery Training College',
      school_id: school?.id ?? null,
      staff_role: staff && school ? 'school_admin' : null,
      bio: '',
      avatar: null,
      is_staff: staff,
      is_superuser: staff,
      email_verified_at: now,
      last_login: null,
      created_at: now,
    });
    // Student i belongs to school floor(i * schools / students): consecutive blocks.
    const schoolOf = (i: number) => schools[Math.floor((i * schools.length) / opts.students)];
    const userRows = Array.from({ length: opts.students }, (_, i) =>
      user(`student${i + 1}@bench.example`, `Student ${i + 1}`, 0, schoolOf(i)),
    );
    userRows.push(user('admin@bench.example', 'Bench Admin', 1));
    for (const [k, school] of schools.entries())
      userRows.push(user(`admin@school${k + 1}.bench.example`, `School Admin ${k + 1}`, 1, school));
    await insertChunks(userRows, (c) => trx.insertInto('users').values(c).execute());
    const users = await trx
      .selectFrom('users')
      .select(['id', 'email', 'is_staff', 'school_id'])
      .orderBy('id')
      .execute();

    // One refresh-token family per user, as a sign-in would leave; the access token names it.
    const signed: Student[] = [];
    const families: Array<{ user_id: number; family_id: string }> = [];
    for (const u of users) {
      const family = randomToken(16);
      families.push({ user_id: u.id, family_id: family });
      signed.push({
        id: u.id,
        email: u.email,
        access: await signer.sign('access', u.id, family, BENCH_TOKEN_TTL_SECONDS),
        schoolId: u.school_id,
      });
    }
    const expires = new Date(Date.now() + BENCH_TOKEN_TTL_SECONDS * 1000).toISOString();
    await insertChunks(families, (c) =>
      trx
        .insertInto('refresh_tokens')
        .values(
          c.map((f) => ({
            ...f,
            token_hash: tokenHash(randomToken()),
            expires_at: expires,
            rotated_at: null,
            revoked_at: null,
            created_at: now,
          })),
        )
        .execute(),
    );
    const adminId = users.find((u) => u.is_staff === 1 && u.school_id === null)?.id;
    return {
      programId: program.id,
      paperId: paper.id,
      topicId: topic.id,
      practiceSetId: practice.id,
      mockSetId: mock.id,
      mockQuestionIds: mockQs.map((q) => q.id),
      key: new Map(mockQs.map((q) => [q.id, q.correct_answer])),
      students: signed.filter((_, i) => users[i].is_staff === 0),
      admin: signed.find((s) => s.id === adminId) as Student,
      schools: schools.map((school) => ({
        ...school,
        admin: signed.find((s, i) => users[i].is_staff === 1 && s.schoolId === school.id) as Student,
      })),
    };
  });
}
