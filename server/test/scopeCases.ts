// What the school scope sweep (server/routers/schoolScope.test.ts) sends to every admin procedure
// and admin REST path as staff of school A, about school B's students, results and sets. Every
// procedure and path needs an entry: the sweep fails on one without, so a new admin procedure
// cannot ship unscoped by accident.
import type { StaffRole } from '../../db/schema';

/** What the sweep made: two schools, a student of each with results, and school B's own things. */
export interface ScopeWorld {
  schoolA: { id: number; name: string };
  schoolB: { id: number; name: string };
  studentA: { id: number; email: string };
  studentB: { id: number; email: string };
  tutorB: { id: number; email: string };
  /** A practice set school B owns (content of its own). */
  setOfB: number;
  nationalMock: number;
  /** A free-text school of a user no school record matched. */
  unmatchedText: string;
}

/** Words only school B's rows carry: an answer to school A's staff must contain none of them. */
export const B_MARKERS = [/bravo/i, /kwame/i];

export type Status = 403 | 404;

export type ScopeCase =
  /** Names school B's objects: refused with this status per role, and nothing written. */
  | { refuse: Record<StaffRole, Status>; inputs: (w: ScopeWorld) => unknown[] }
  /** Answers about the caller's own school only: 200 without a word of school B's. */
  | { own: true; input?: (w: ScopeWorld) => unknown; tutor?: Status }
  /** Acts on the caller's own account only: the case tries school B's student's address instead. */
  | { self: true; input: (w: ScopeWorld) => unknown; status: number }
  /**
   * Content (programmes, sets, questions): which school owns it is the content rules' concern;
   * none of these read students or their answers.
   */
  | { content: true };

const BOTH_403 = { school_admin: 403, tutor: 403 } as const;
/** A school admin finds no such account of another school; a tutor may not act on accounts at all. */
const ACCOUNT = { school_admin: 404, tutor: 403 } as const;

export const PROCEDURE_CASES: Record<string, ScopeCase> = {
  'admin.me': { own: true },
  'admin.users': { own: true, input: () => ({}) },
  'admin.stats': { own: true },
  'admin.results': { own: true, input: () => ({}) },
  'admin.system': { refuse: BOTH_403, inputs: () => [undefined] },
  'admin.changeOwnEmail': {
    self: true,
    input: (w) => ({ email: w.studentB.email, password: 'not-the-password' }),
    status: 400,
  },
  'admin.reports.exportResults': { own: true, input: () => ({ format: 'csv', filter: {} }) },
  'admin.reports.itemAnalysis': {
    refuse: { school_admin: 404, tutor: 404 },
    inputs: (w) => [{ quiz_type: 'practice', quiz_id: w.setOfB }],
  },
  'admin.reports.classView': { own: true, input: (w) => ({ school: w.schoolB.name }) },
  'admin.accounts.resendVerification': { refuse: ACCOUNT, inputs: (w) => [{ user_id: w.studentB.id }] },
  'admin.accounts.verificationLink': { refuse: ACCOUNT, inputs: (w) => [{ user_id: w.studentB.id }] },
  'admin.accounts.resetLink': { refuse: ACCOUNT, inputs: (w) => [{ user_id: w.studentB.id }] },
  'admin.accounts.verify': { refuse: ACCOUNT, inputs: (w) => [{ user_id: w.studentB.id }] },
  'admin.setUserRole': {
    refuse: BOTH_403,
    inputs: (w) => [
      { id: w.studentB.id, admin: true },
      { id: w.tutorB.id, admin: false },
    ],
  },
  'admin.setStaffRole': {
    refuse: ACCOUNT,
    inputs: (w) => [
      { id: w.studentB.id, role: 'tutor' },
      { id: w.tutorB.id, role: 'student' },
      { id: w.tutorB.id, role: 'school_admin', school_id: w.schoolB.id },
      { id: w.studentA.id, role: 'school_admin', school_id: w.schoolB.id },
    ],
  },
  'admin.setUserActive': {
    refuse: ACCOUNT,
    inputs: (w) => [
      { id: w.studentB.id, active: false },
      { id: w.tutorB.id, active: false },
    ],
  },
  'admin.schools.list': { refuse: BOTH_403, inputs: () => [undefined] },
  'admin.schools.unmatched': { refuse: BOTH_403, inputs: () => [undefined] },
  'admin.schools.create': { refuse: BOTH_403, inputs: () => [{ name: 'Charlie Nursing College' }] },
  'admin.schools.update': {
    refuse: BOTH_403,
    inputs: (w) => [
      { id: w.schoolB.id, name: 'Hijacked', join_code: 'HIJACK1' },
      { id: w.schoolA.id, join_code: 'OURS123' },
    ],
  },
  'admin.schools.merge': {
    refuse: BOTH_403,
    inputs: (w) => [{ text: w.unmatchedText, school_id: w.schoolA.id }],
  },
  'admin.schools.createFromText': { refuse: BOTH_403, inputs: (w) => [{ text: w.unmatchedText }] },

  'admin.content': { content: true },
  'admin.createProgram': { content: true },
  'admin.updateProgram': { content: true },
  'admin.createPaper': { content: true },
  'admin.updatePaper': { content: true },
  'admin.createTopic': { content: true },
  'admin.updateTopic': { content: true },
  'admin.createPracticeSet': { content: true },
  'admin.updatePracticeSet': { content: true },
  'admin.createMockExamSet': { content: true },
  'admin.updateMockExamSet': { content: true },
  'admin.mockBlueprint': { content: true },
  'admin.setMockBlueprint': { content: true },
  'questions.format': { content: true },
  'questions.preview': { content: true },
  'questions.upload': { content: true },
  'questions.search': { content: true },
  'questions.byId': { content: true },
  'questions.update': { content: true },
  'questions.setActive': { content: true },
  'questions.move': { content: true },
  'questions.setTopic': { content: true },
};

/** The admin REST paths (`METHOD /path`, as Express holds them) and what each is swept with. */
export type RestCase = { own: true } | { refuse: Status } | { content: true };

export const REST_CASES: Record<string, RestCase> = {
  'GET /admin/users/': { own: true },
  'GET /admin/stats/': { own: true },
  'GET /admin/results/': { own: true },
  'GET /admin/system/': { refuse: 403 },
  'GET /admin/content/': { content: true },
  'POST /admin/programs/': { content: true },
  'PATCH /admin/programs/:id/': { content: true },
  'POST /admin/papers/': { content: true },
  'PATCH /admin/papers/:id/': { content: true },
  'POST /admin/topics/': { content: true },
  'PATCH /admin/topics/:id/': { content: true },
  'POST /admin/practice-sets/': { content: true },
  'PATCH /admin/practice-sets/:id/': { content: true },
  'POST /admin/mock-exams/': { content: true },
  'PATCH /admin/mock-exams/:id/': { content: true },
  'POST /admin/upload-questions/': { content: true },
  'GET /admin/upload-template/': { content: true },
};
