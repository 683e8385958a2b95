// The school scope sweep: staff of school A (a school admin, then a tutor) call every staff
// procedure and every admin REST path with inputs that name school B's students, staff, results,
// invitations and content. Each must be refused (403 for what the role may not do at all, 404 for
// another school's object) or answer about school A alone, and no call may change a row. The
// procedures (all whose meta access is 'admin') and paths are read from the router and the Express
// stack: one without a case in server/test/scopeCases.ts fails the sweep. National content is
// refused to school staff with 403. The positive side follows: A's staff see A's students, results
// and content, the platform admin sees both schools.
import type { inferRouterOutputs } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../db/schema';
import { restRouter } from '../rest/index';
import { restRoutes } from '../rest/routes';
import { appRouter, type AppRouter } from '../router';
import { NATIONAL_READ_ONLY } from '../services/contentAccess';
import type { ProcedureMeta } from '../trpc';
import { insertInvitation } from '../queries/invitations';
import { takeQuiz } from '../test/attempts';
import { fingerprint } from '../test/fingerprint';
import {
  insertMockSet,
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
  makeCatalog,
  rpc,
  signInAdmin,
} from '../test/fixtures';
import { signUpAndIn, startTestServer, type TestServer } from '../test/harness';
import { csvFile, goodRows } from '../test/importFiles';
import {
  B_MARKERS,
  draftInput,
  NATIONAL_CASES,
  PROCEDURE_CASES,
  REST_CASES,
  type ScopeCase,
  type ScopeWorld,
} from '../test/scopeCases';
import { insertSchool, signInSchoolStaff } from '../test/schools';

type Admin = inferRouterOutputs<AppRouter>['admin'];
type Bank = inferRouterOutputs<AppRouter>['questions'];
type Enrol = inferRouterOutputs<AppRouter>['enrol'];
type Rpc = ReturnType<typeof rpc>;

const PROCEDURES = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: string; meta?: ProcedureMeta } }
>;
/** Every procedure that needs staff rights, whatever its namespace: its meta says so. */
const ADMIN_PROCEDURES = Object.keys(PROCEDURES).filter((n) => PROCEDURES[n]._def.meta?.access === 'admin');

let t: TestServer;
let w: ScopeWorld;
let platform: Rpc;
const staffA = {} as Record<StaffRole, Rpc>;

const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await startTestServer();
  const cat = await makeCatalog(t.db);
  const schoolA = await insertSchool(t.db, 'Alpha Nursing Training College');
  const schoolB = await insertSchool(t.db, 'Bravo Midwifery Training College');
  platform = rpc(t, await signInAdmin(t));
  const a = await signUpAndIn(t, {
    email: 'abena@alpha.example',
    full_name: 'Abena Owusu',
    school: schoolA.name,
  });
  const b = await signUpAndIn(t, {
    email: 'kwame@bravo.example',
    full_name: 'Kwame Bravo',
    school: schoolB.name,
  });
  await signUpAndIn(t, {
    email: 'yaw@unlisted.example',
    full_name: 'Yaw Unlisted',
    school: 'Unlisted Health Academy',
  });
  await takeQuiz(rpc(t, a.access), cat, 'mock', 'A');
  await takeQuiz(rpc(t, b.access), cat, 'mock', 'B');
  await takeQuiz(rpc(t, b.access), cat, 'practice', 'C');
  const tutorOfB = await signInSchoolStaff(t, {
    schoolId: schoolB.id,
    role: 'tutor',
    email: 'tutor@bravo.example',
  });
  staffA.school_admin = await signInSchoolStaff(t, {
    schoolId: schoolA.id,
    role: 'school_admin',
    email: 'head@alpha.example',
  });
  staffA.tutor = await signInSchoolStaff(t, {
    schoolId: schoolA.id,
    role: 'tutor',
    email: 'tutor@alpha.example',
  });
  /** Hands content to a school, its questions with it. */
  const own = async (table: 'programs' | 'practice_sets' | 'mock_exam_sets', id: number, school: number) => {
    await t.db.updateTable(table).set({ school_id: school }).where('id', '=', id).execute();
    if (table !== 'programs') {
      const column = table === 'practice_sets' ? 'practice_set_id' : 'mock_exam_set_id';
      await t.db.updateTable('questions').set({ school_id: school }).where(column, '=', id).execute();
    }
  };
  const programB = await insertProgram(t.db, 'Bravo bridging');
  await own('programs', programB.id, schoolB.id);
  const paperB = await insertPaper(t.db, programB.id, 'Bravo paper');
  const topicB = await insertTopic(t.db, paperB.id, 'Bravo topic');
  const setUnderB = await insertPracticeSet(t.db, topicB.id, 'Bravo bridging set');
  await insertQuestions(t.db, { practice_set_id: setUnderB.id }, 1, 'Bravo bridging ');
  await own('practice_sets', setUnderB.id, schoolB.id);
  const setOfB = await insertPracticeSet(t.db, cat.topic.id, 'Bravo revision');
  const [questionOfB] = await insertQuestions(t.db, { practice_set_id: setOfB.id }, 2, 'Bravo ');
  await own('practice_sets', setOfB.id, schoolB.id);
  const mockOfB = await insertMockSet(t.db, cat.paper.id, 'Bravo mock');
  const [mockQuestionOfB] = await insertQuestions(t.db, { mock_exam_set_id: mockOfB.id }, 2, 'Bravo mock ');
  await own('mock_exam_sets', mockOfB.id, schoolB.id);
  const setOfA = await insertPracticeSet(t.db, cat.topic.id, 'Alpha revision');
  const [questionOfA] = await insertQuestions(t.db, { practice_set_id: setOfA.id }, 2, 'Alpha ');
  await own('practice_sets', setOfA.id, schoolA.id);
  const invitation = await insertInvitation(t.db, {
    school_id: schoolB.id,
    email: 'kwame.junior@bravo.example',
    full_name: 'Kwame Junior',
    program_of_study: 'General Nursing',
    token_hash: 'a'.repeat(64),
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    invited_by: null,
  });
  const classMock = await platform.mutate<{ id: number }>('admin.classMocks.create', {
    mock_exam_set_id: mockOfB.id,
    opens_at: '2030-01-07T09:00:00Z',
    closes_at: '2030-01-07T11:00:00Z',
    school_id: schoolB.id,
  });
  const draft = await tutorOfB.mutate<{ id: number }>(
    'questionDrafts.save',
    draftInput(setOfB.id, 'Bravo draft: which option is right?'),
  );
  expect((await tutorOfB.mutate('questionDrafts.submit', { id: draft.data.id })).status).toBe(200);
  w = {
    schoolA,
    schoolB,
    studentA: { id: await userId(a.email), email: a.email },
    studentB: { id: await userId(b.email), email: b.email },
    tutorB: { id: await userId('tutor@bravo.example'), email: 'tutor@bravo.example' },
    programB: programB.id,
    paperB: paperB.id,
    topicB: topicB.id,
    setOfB: setOfB.id,
    questionOfB: questionOfB.id,
    mockOfB: mockOfB.id,
    mockQuestionOfB: mockQuestionOfB.id,
    setOfA: setOfA.id,
    questionOfA: questionOfA.id,
    national: {
      program: cat.program.id,
      paper: cat.paper.id,
      topic: cat.topic.id,
      practiceSet: cat.practiceSet.id,
      mockSet: cat.mockSet.id,
      question: cat.practiceQuestions[0].id,
      mockQuestion: cat.mockQuestions[0].id,
    },
    nationalMock: cat.mockSet.id,
    invitationOfB: invitation.id,
    classMockOfB: classMock.data.id,
    draftOfB: draft.data.id,
    fileBase64: csvFile(goodRows(2)).toString('base64'),
    unmatchedText: 'Unlisted Health Academy',
  };
});

afterAll(async () => {
  await t?.close();
});

/** Text of an answer as school A's staff would read it: an exported file decoded, an echoed filter left out. */
function readable(data: unknown): string {
  const file = data as { base64?: string } | undefined;
  if (file?.base64) return Buffer.from(file.base64, 'base64').toString('utf8');
  return JSON.stringify(data ?? null, (key, value: unknown) => (key === 'filter' ? undefined : value));
}

function call(api: Rpc, name: string, input: unknown) {
  return PROCEDURES[name]._def.type === 'query' ? api.query(name, input) : api.mutate(name, input);
}

describe('every admin procedure and REST path has a scope case', () => {
  it('covers each procedure of the router, and names none it lacks', () => {
    expect(ADMIN_PROCEDURES.length).toBeGreaterThan(40);
    const missing = ADMIN_PROCEDURES.filter((n) => !(n in PROCEDURE_CASES));
    expect(missing, 'admin procedures without a case in server/test/scopeCases.ts').toEqual([]);
    expect(Object.keys(PROCEDURE_CASES).filter((n) => !ADMIN_PROCEDURES.includes(n))).toEqual([]);
  });

  it('covers each admin path of the REST shim', () => {
    const paths: string[] = [];
    interface Layer {
      route?: { path: string; methods: Record<string, boolean> };
      handle: { stack?: Layer[] };
    }
    const walk = (stack: Layer[]) => {
      for (const layer of stack) {
        if (layer.route)
          for (const m of Object.keys(layer.route.methods))
            paths.push(`${m.toUpperCase()} ${layer.route.path}`);
        else if (layer.handle.stack) walk(layer.handle.stack);
      }
    };
    const noBodies = () => (_req: unknown, _res: unknown, next: () => void) => next();
    walk((restRouter(t.deps, noBodies) as unknown as { stack: Layer[] }).stack);
    // Paths under /admin/, and any other a staff-only procedure answers.
    const staffOnly = restRoutes
      .filter((r) => r.procedure && ADMIN_PROCEDURES.includes(r.procedure))
      .map((r) => r.key);
    const admin = paths.filter((p) => p.split(' ')[1].startsWith('/admin/') || staffOnly.includes(p));
    expect(staffOnly.filter((p) => !admin.includes(p))).toEqual([]);
    expect(admin.length).toBeGreaterThan(10);
    expect(
      admin.filter((p) => !(p in REST_CASES)),
      'admin paths without a case',
    ).toEqual([]);
    expect(Object.keys(REST_CASES).filter((p) => !admin.includes(p))).toEqual([]);
  });
});

/** A call as a failure names it; a file's base64 left out. */
const labelOf = (name: string, input: unknown) =>
  `${name} ${JSON.stringify(input, (key, value: unknown) => (key === 'file_base64' ? '…' : value))}`;

const casesOf = (c: ScopeCase | ScopeCase[]) => (Array.isArray(c) ? c : [c]);

/** An answer with its ids left out, to compare one naming B's object with one naming none. */
const withoutIds = (res: { status: number; data?: unknown; error?: { message: string } }) =>
  JSON.stringify([res.status, res.error?.message ?? null, res.data ?? null]).replace(/\d+/g, 'N');

describe.each(['school_admin', 'tutor'] as const)('a %s of school A', (role) => {
  it('is refused school B’s objects, or answers about school A alone, and writes nothing', async () => {
    const api = staffA[role];
    let checked = 0;
    for (const [name, cases] of Object.entries(PROCEDURE_CASES)) {
      for (const c of casesOf(cases)) {
        if ('likeMissing' in c) {
          for (const [ofB, missing] of c.pairs(w)) {
            const before = await fingerprint(t.db);
            const res = await call(api, name, ofB);
            const label = labelOf(name, ofB);
            expect(await fingerprint(t.db), label).toEqual(before);
            expect(res.status === 200 ? (res.data as { success?: boolean }).success : false, label).toBe(
              false,
            );
            expect(withoutIds(res), label).toBe(withoutIds(await call(api, name, missing)));
            for (const marker of B_MARKERS)
              expect(readable(res.data ?? res.error), label).not.toMatch(marker);
            checked++;
          }
          continue;
        }
        const calls: Array<{ input: unknown; status: number }> =
          'refuse' in c
            ? c.inputs(w).map((input) => ({ input, status: c.refuse[role] }))
            : 'self' in c
              ? [{ input: c.input(w), status: c.status }]
              : [{ input: c.input?.(w), status: (role === 'tutor' && c.tutor) || 200 }];
        for (const { input, status } of calls) {
          const before = await fingerprint(t.db);
          const res = await call(api, name, input);
          const label = labelOf(name, input);
          expect(res.status, label).toBe(status);
          if (status === 200)
            for (const marker of B_MARKERS) expect(readable(res.data), label).not.toMatch(marker);
          else expect(res.error?.message, label).toMatch(/\w{3}/);
          expect(await fingerprint(t.db), label).toEqual(before);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('may use national content but not change it: 403, and nothing written', async () => {
    for (const [name, inputs] of Object.entries(NATIONAL_CASES)) {
      for (const input of inputs(w)) {
        const before = await fingerprint(t.db);
        const res = await call(staffA[role], name, input);
        const label = labelOf(name, input);
        // An upload answers in its own shape, refusal included.
        if (res.status === 200)
          expect(res.data, label).toMatchObject({ success: false, error_code: 'not_allowed' });
        else expect([res.status, res.error?.message], label).toEqual([403, NATIONAL_READ_ONLY]);
        expect(await fingerprint(t.db), label).toEqual(before);
      }
    }
  });

  it('gets the same over the REST paths', async () => {
    for (const [key, c] of Object.entries(REST_CASES)) {
      const [method, pattern] = key.split(' ');
      const path = 'id' in c && c.id ? pattern.replace(':id', String(c.id(w))) : pattern;
      const body = 'body' in c ? c.body?.(w) : undefined;
      const form = 'form' in c ? c.form?.(w) : undefined;
      const before = await fingerprint(t.db);
      const res = form
        ? await postForm(path, form, staffA[role].token ?? '')
        : await t.api(method, `/api${path}`, { token: staffA[role].token, body });
      const status = 'refuse' in c ? (typeof c.refuse === 'number' ? c.refuse : c.refuse[role]) : 200;
      expect(res.status, key).toBe(status);
      for (const marker of B_MARKERS) expect(JSON.stringify(res.body), key).not.toMatch(marker);
      expect(await fingerprint(t.db), key).toEqual(before);
    }
  });
});

/** The upload's multipart form: the question file and the other fields. */
async function postForm(path: string, fields: Record<string, unknown>, token: string) {
  const { file_base64, file_name, ...rest } = fields;
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(String(file_base64), 'base64')]), String(file_name));
  for (const [k, v] of Object.entries(rest)) if (v != null) form.append(k, String(v));
  const res = await fetch(`${t.url}/api${path}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('what each side sees', () => {
  it('school A’s staff see A’s students, staff and results; the platform admin sees both schools', async () => {
    const emails = async (api: Rpc) =>
      (await api.query<Admin['users']>('admin.users', {})).data.map((u) => u.email).sort();
    expect(await emails(staffA.tutor)).toEqual([
      'abena@alpha.example',
      'head@alpha.example',
      'tutor@alpha.example',
    ]);
    expect(await emails(platform)).toEqual(
      expect.arrayContaining([
        'abena@alpha.example',
        'kwame@bravo.example',
        'tutor@bravo.example',
        'yaw@unlisted.example',
      ]),
    );

    const results = async (api: Rpc) =>
      (await api.query<Admin['results']>('admin.results', {})).data.map((r) => r.session.user_email).sort();
    expect(await results(staffA.school_admin)).toEqual(['abena@alpha.example']);
    expect(await results(platform)).toEqual([
      'abena@alpha.example',
      'kwame@bravo.example',
      'kwame@bravo.example',
    ]);

    const stats = (await staffA.tutor.query<Admin['stats']>('admin.stats')).data;
    expect(stats).toMatchObject({
      total_users: 1,
      total_quiz_sessions: 1,
      mock_results: 1,
      practice_results: 0,
      avg_score: 40,
    });
    expect((await platform.query<Admin['stats']>('admin.stats')).data.mock_results).toBe(2);

    const me = (await staffA.tutor.query<Admin['me']>('admin.me')).data;
    expect(me).toEqual({ role: 'tutor', school: { id: w.schoolA.id, name: w.schoolA.name } });
    expect((await platform.query<Admin['me']>('admin.me')).data).toEqual({
      role: 'platform_admin',
      school: null,
    });
  });

  it('school A’s staff see national content and A’s own in the admin area; the platform admin sees B’s too', async () => {
    const titles = async (api: Rpc) =>
      (await api.query<Admin['content']>('admin.content')).data.practiceSets.map((s) => s.title).sort();
    expect(await titles(staffA.tutor)).toEqual(['Alpha revision', 'Practice Set 1']);
    expect(await titles(platform)).toEqual(
      ['Alpha revision', 'Bravo bridging set', 'Bravo revision', 'Practice Set 1'].sort(),
    );
    const bank = async (api: Rpc, search: string) =>
      (await api.query<Bank['search']>('questions.search', { search })).data.items.map((q) => q.id);
    expect(await bank(staffA.school_admin, 'Alpha')).toContain(w.questionOfA);
    expect(await bank(platform, 'Bravo')).toEqual(expect.arrayContaining([w.questionOfB, w.mockQuestionOfB]));
    const invitations = (await platform.query<Enrol['invitations']>('enrol.invitations', {})).data;
    expect(invitations.map((i) => i.id)).toContain(w.invitationOfB);
  });

  it('counts only A’s students in item analysis, the class view’s choices and the export', async () => {
    const attempts = async (api: Rpc) =>
      (
        await api.query<Admin['reports']['itemAnalysis']>('admin.reports.itemAnalysis', {
          quiz_type: 'mock',
          quiz_id: w.nationalMock,
        })
      ).data.attempts;
    expect([await attempts(staffA.tutor), await attempts(platform)]).toEqual([1, 2]);

    const schools = async (api: Rpc) =>
      (await api.query<Admin['reports']['classView']>('admin.reports.classView', {})).data.schools;
    expect(await schools(staffA.school_admin)).toEqual([w.schoolA.name]);
    expect(await schools(platform)).toEqual([w.schoolA.name, w.schoolB.name, 'Unlisted Health Academy']);

    const file = await staffA.tutor.mutate<Admin['reports']['exportResults']>('admin.reports.exportResults', {
      format: 'csv',
      filter: {},
    });
    expect(file.data.rows).toBe(1);
    expect(readable(file.data)).toContain('abena@alpha.example');
  });
});
