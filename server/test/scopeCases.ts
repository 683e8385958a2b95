// What the school scope sweep (server/routers/schoolScope.test.ts) sends to every staff procedure
// and admin REST path as staff of school A, about school B's students, results, invitations and
// content. Every procedure and path needs an entry: the sweep fails on one without, so a new staff
// procedure cannot ship unscoped by accident.
import type { StaffRole } from '../../db/schema';

/** What the sweep made: two schools, a student of each with results, and school B's own things. */
export interface ScopeWorld {
  schoolA: { id: number; name: string };
  schoolB: { id: number; name: string };
  studentA: { id: number; email: string };
  studentB: { id: number; email: string };
  tutorB: { id: number; email: string };
  /** School B's own content: a programme with its paper and topic, and sets under national parents. */
  programB: number;
  paperB: number;
  topicB: number;
  /** A practice set school B owns (under the national topic), and one of its questions. */
  setOfB: number;
  questionOfB: number;
  /** A mock set school B owns (under the national paper), and one of its questions. */
  mockOfB: number;
  mockQuestionOfB: number;
  /** School A's own practice set (under the national topic) and one of its questions. */
  setOfA: number;
  questionOfA: number;
  /** National content, which school staff use but may not change. */
  national: {
    program: number;
    paper: number;
    topic: number;
    practiceSet: number;
    mockSet: number;
    question: number;
    mockQuestion: number;
  };
  nationalMock: number;
  /** An invitation school B's admin sent. */
  invitationOfB: number;
  /** A class mock scheduled for school B (of B's mock set, not yet open). */
  classMockOfB: number;
  /** A question draft school B's tutor wrote into B's set and submitted for review. */
  draftOfB: number;
  /** A small, valid question file as base64. */
  fileBase64: string;
  /** A free-text school of a user no school record matched. */
  unmatchedText: string;
}

/** Words only school B's rows carry: an answer to school A's staff must contain none of them. */
export const B_MARKERS = [/bravo/i, /kwame/i];

/** An id no row has: another school's object must be answered as this one is. */
export const MISSING_ID = 999_999;

/** 400 where a create names a school of its own (a field error), 403 and 404 as the access rule says. */
export type Status = 400 | 403 | 404;

export type ScopeCase =
  /** Names school B's objects: refused with this status per role, and nothing written. */
  | { refuse: Record<StaffRole, Status>; inputs: (w: ScopeWorld) => unknown[] }
  /** Answers about the caller's own school only: 200 without a word of school B's. */
  | { own: true; input?: (w: ScopeWorld) => unknown; tutor?: Status }
  /** Acts on the caller's own account only: the case tries school B's student's address instead. */
  | { self: true; input: (w: ScopeWorld) => unknown; status: number }
  /**
   * Names school B's object where the procedure answers a missing one with a field error (a
   * create's parent, an upload's set): each pair's first input (naming B's) must get the very
   * answer its second (naming MISSING_ID) gets, ids aside, so B's object does not show.
   */
  | { likeMissing: true; pairs: (w: ScopeWorld) => Array<[unknown, unknown]> };

const BOTH_403 = { school_admin: 403, tutor: 403 } as const;
const BOTH_404 = { school_admin: 404, tutor: 404 } as const;
/** A school admin finds no such account of another school; a tutor may not act on accounts at all. */
const ACCOUNT = { school_admin: 404, tutor: 403 } as const;
/** A school admin finds no such school or invitation of another school; a tutor may not enrol at all. */
const ENROL = { school_admin: 404, tutor: 403 } as const;

/** A question upload into a placement, with a small valid file. */
const uploadInput = (w: ScopeWorld, fields: Record<string, unknown>) => ({
  file_name: 'bank.csv',
  file_base64: w.fileBase64,
  quiz_type: 'practice',
  program_id: w.national.program,
  paper_id: w.national.paper,
  topic_id: w.national.topic,
  ...fields,
});

/** A question's text, options and key as the bank's editor and the review form send them. */
const questionContent = (text: string) => ({
  question_text: text,
  option_a: 'One',
  option_b: 'Two',
  option_c: 'Three',
  option_d: 'Four',
  correct_answer: 'A',
  explanation: '',
});

/** Edits a question as the bank's editor sends it. */
const editInput = (id: number) => ({ id, ...questionContent('Rewritten: which option is right?') });

/** A class mock's window, well in the future so that it can still be changed. */
const WINDOW = { opens_at: '2030-01-07T09:00:00Z', closes_at: '2030-01-07T11:00:00Z' };

/** A question draft as the review form sends it, into a practice set. */
export const draftInput = (setId: number, text = 'Drafted: which option is right?') => ({
  ...questionContent(text),
  quiz_type: 'practice',
  set_id: setId,
  topic_id: null,
});

const UPLOAD_CASE: ScopeCase = {
  likeMissing: true,
  pairs: (w) => [
    [uploadInput(w, { set_id: w.setOfB }), uploadInput(w, { set_id: MISSING_ID })],
    [
      uploadInput(w, { program_id: w.programB, paper_id: w.paperB, topic_id: w.topicB }),
      uploadInput(w, { program_id: MISSING_ID, paper_id: MISSING_ID, topic_id: MISSING_ID }),
    ],
    [
      uploadInput(w, { quiz_type: 'mock', topic_id: null, set_id: w.mockOfB, title: null }),
      uploadInput(w, { quiz_type: 'mock', topic_id: null, set_id: MISSING_ID, title: null }),
    ],
  ],
};

/** Each staff procedure's case (or several), by its name in the router. */
export const PROCEDURE_CASES: Record<string, ScopeCase | ScopeCase[]> = {
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

  'admin.content': { own: true },
  'admin.createProgram': {
    refuse: { school_admin: 400, tutor: 403 },
    inputs: (w) => [{ name: 'Hijacked programme', school_id: w.schoolB.id }],
  },
  'admin.updateProgram': {
    refuse: BOTH_404,
    inputs: (w) => [
      { id: w.programB, name: 'Hijacked' },
      { id: w.programB, is_active: false },
    ],
  },
  'admin.createPaper': {
    likeMissing: true,
    pairs: (w) => [
      [
        { program_id: w.programB, name: 'Paper 9' },
        { program_id: MISSING_ID, name: 'Paper 9' },
      ],
    ],
  },
  'admin.updatePaper': { refuse: BOTH_404, inputs: (w) => [{ id: w.paperB, name: 'Hijacked' }] },
  'admin.createTopic': {
    likeMissing: true,
    pairs: (w) => [
      [
        { paper_id: w.paperB, name: 'Topic 9' },
        { paper_id: MISSING_ID, name: 'Topic 9' },
      ],
    ],
  },
  'admin.updateTopic': { refuse: BOTH_404, inputs: (w) => [{ id: w.topicB, is_active: false }] },
  'admin.createPracticeSet': [
    {
      likeMissing: true,
      pairs: (w) => [
        [
          { topic_id: w.topicB, title: 'Set 9' },
          { topic_id: MISSING_ID, title: 'Set 9' },
        ],
      ],
    },
    {
      refuse: { school_admin: 400, tutor: 400 },
      inputs: (w) => [{ topic_id: w.national.topic, title: 'Set 9', school_id: w.schoolB.id }],
    },
  ],
  'admin.updatePracticeSet': {
    refuse: BOTH_404,
    inputs: (w) => [
      { id: w.setOfB, title: 'Hijacked' },
      { id: w.setOfB, is_active: false, shuffle: true },
    ],
  },
  'admin.createMockExamSet': [
    {
      likeMissing: true,
      pairs: (w) => [
        [
          { paper_id: w.paperB, title: 'Mock 9', time_limit_minutes: 30 },
          { paper_id: MISSING_ID, title: 'Mock 9', time_limit_minutes: 30 },
        ],
      ],
    },
    {
      refuse: { school_admin: 400, tutor: 400 },
      inputs: (w) => [
        { paper_id: w.national.paper, title: 'Mock 9', time_limit_minutes: 30, school_id: w.schoolB.id },
      ],
    },
  ],
  'admin.updateMockExamSet': {
    refuse: BOTH_404,
    inputs: (w) => [{ id: w.mockOfB, time_limit_minutes: 5, is_active: false }],
  },
  'admin.mockBlueprint': { refuse: BOTH_404, inputs: (w) => [{ id: w.mockOfB }] },
  'admin.setMockBlueprint': {
    refuse: BOTH_404,
    inputs: (w) => [
      { id: w.mockOfB, draw_count: null, time_limit_minutes: 30 },
      { id: w.mockOfB, draw_count: 1, time_limit_minutes: 30 },
    ],
  },
  'questions.format': { own: true },
  'questions.preview': UPLOAD_CASE,
  'questions.upload': UPLOAD_CASE,
  'questions.search': [
    { own: true, input: () => ({}) },
    { own: true, input: () => ({ search: 'Bravo' }) },
    { own: true, input: (w) => ({ quiz_type: 'practice', set_id: w.setOfB }) },
    { own: true, input: (w) => ({ program_id: w.programB }) },
  ],
  'questions.byId': { refuse: BOTH_404, inputs: (w) => [{ id: w.questionOfB }, { id: w.mockQuestionOfB }] },
  'questions.update': { refuse: BOTH_404, inputs: (w) => [editInput(w.questionOfB)] },
  'questions.setActive': { refuse: BOTH_404, inputs: (w) => [{ id: w.questionOfB, is_active: false }] },
  'questions.move': [
    {
      refuse: BOTH_404,
      inputs: (w) => [{ id: w.questionOfB, quiz_type: 'practice', set_id: w.setOfA }],
    },
    {
      likeMissing: true,
      pairs: (w) => [
        [
          { id: w.questionOfA, quiz_type: 'practice', set_id: w.setOfB },
          { id: w.questionOfA, quiz_type: 'practice', set_id: MISSING_ID },
        ],
      ],
    },
  ],
  'questions.setTopic': {
    refuse: BOTH_404,
    inputs: (w) => [
      { ids: [w.mockQuestionOfB], topic_id: null },
      { ids: [w.mockQuestionOfB], topic_id: w.national.topic },
    ],
  },

  'enrol.schools': { own: true },
  'enrol.preview': {
    refuse: ENROL,
    inputs: (w) => [{ file_name: 'class.csv', file_base64: w.fileBase64, school_id: w.schoolB.id }],
  },
  'enrol.upload': {
    refuse: ENROL,
    inputs: (w) => [{ file_name: 'class.csv', file_base64: w.fileBase64, school_id: w.schoolB.id }],
  },
  'enrol.invitations': [
    { own: true, input: () => ({}) },
    {
      refuse: BOTH_404,
      inputs: (w) => [{ school_id: w.schoolB.id }, { school_id: w.schoolB.id, state: 'pending' }],
    },
  ],
  'enrol.resend': { refuse: ENROL, inputs: (w) => [{ id: w.invitationOfB }] },
  'enrol.withdraw': { refuse: ENROL, inputs: (w) => [{ id: w.invitationOfB }] },

  'admin.classMocks.list': { own: true },
  'admin.classMocks.schools': { own: true },
  'admin.classMocks.create': {
    refuse: BOTH_404,
    inputs: (w) => [
      { mock_exam_set_id: w.nationalMock, ...WINDOW, school_id: w.schoolB.id },
      { mock_exam_set_id: w.mockOfB, ...WINDOW },
    ],
  },
  'admin.classMocks.update': {
    refuse: BOTH_404,
    inputs: (w) => [{ id: w.classMockOfB, mock_exam_set_id: w.nationalMock, ...WINDOW }],
  },
  'admin.classMocks.cancel': { refuse: BOTH_404, inputs: (w) => [{ id: w.classMockOfB }] },
  'admin.classMocks.board': { refuse: BOTH_404, inputs: (w) => [{ id: w.classMockOfB }] },
  'admin.classMocks.release': { refuse: BOTH_404, inputs: (w) => [{ id: w.classMockOfB }] },

  'questionDrafts.list': [
    { own: true, input: () => ({ list: 'all' }) },
    { own: true, input: () => ({ list: 'to_review' }) },
  ],
  'questionDrafts.needsReview': { own: true },
  'questionDrafts.get': { refuse: BOTH_404, inputs: (w) => [{ id: w.draftOfB }] },
  'questionDrafts.save': [
    { refuse: BOTH_404, inputs: (w) => [{ id: w.draftOfB, ...draftInput(w.setOfA) }] },
    {
      likeMissing: true,
      pairs: (w) => [[draftInput(w.setOfB), draftInput(MISSING_ID)]],
    },
  ],
  'questionDrafts.editLive': { refuse: BOTH_404, inputs: (w) => [{ id: w.questionOfB }] },
  'questionDrafts.submit': { refuse: BOTH_404, inputs: (w) => [{ id: w.draftOfB }] },
  'questionDrafts.requestChanges': {
    refuse: BOTH_404,
    inputs: (w) => [{ id: w.draftOfB, body: 'Please fix the key.' }],
  },
  'questionDrafts.approve': { refuse: BOTH_404, inputs: (w) => [{ id: w.draftOfB, body: '' }] },
  'questionDrafts.comment': { refuse: BOTH_404, inputs: (w) => [{ id: w.draftOfB, body: 'Looks fine.' }] },
};

/**
 * National content changed by school staff: 403 for both roles and nothing written (an upload
 * answers with its own shape: refused as not allowed).
 */
export const NATIONAL_CASES: Record<string, (w: ScopeWorld) => unknown[]> = {
  'admin.updateProgram': (w) => [{ id: w.national.program, name: 'Renamed' }],
  'admin.createPaper': (w) => [{ program_id: w.national.program, name: 'Paper 9' }],
  'admin.updatePaper': (w) => [{ id: w.national.paper, is_active: false }],
  'admin.createTopic': (w) => [{ paper_id: w.national.paper, name: 'Topic 9' }],
  'admin.updateTopic': (w) => [{ id: w.national.topic, name: 'Renamed' }],
  'admin.updatePracticeSet': (w) => [{ id: w.national.practiceSet, is_active: false }],
  'admin.updateMockExamSet': (w) => [{ id: w.national.mockSet, shuffle: true }],
  'admin.setMockBlueprint': (w) => [{ id: w.national.mockSet, draw_count: null, time_limit_minutes: 5 }],
  'questions.update': (w) => [editInput(w.national.question)],
  'questions.setActive': (w) => [{ id: w.national.question, is_active: false }],
  'questions.move': (w) => [{ id: w.national.question, quiz_type: 'practice', set_id: w.setOfA }],
  'questions.setTopic': (w) => [{ ids: [w.national.mockQuestion], topic_id: null }],
  'questions.upload': (w) => [uploadInput(w, { set_id: w.national.practiceSet })],
  'questions.preview': (w) => [uploadInput(w, { set_id: w.national.practiceSet })],
};

/** The admin REST paths (`METHOD /path`, as Express holds them) and what each is swept with. */
export type RestCase =
  | { own: true }
  | {
      refuse: Status | Record<StaffRole, Status>;
      /** The `:id` of the path. */
      id?: (w: ScopeWorld) => number;
      /** A JSON body, or the fields of a multipart form with the question file. */
      body?: (w: ScopeWorld) => Record<string, unknown>;
      form?: (w: ScopeWorld) => Record<string, unknown>;
    };

/** A create naming B's parent answers as one naming a missing parent does: a field error. */
export const REST_CASES: Record<string, RestCase> = {
  'GET /admin/users/': { own: true },
  'GET /admin/stats/': { own: true },
  'GET /admin/results/': { own: true },
  'GET /admin/system/': { refuse: 403 },
  'GET /admin/content/': { own: true },
  'POST /admin/programs/': {
    refuse: { school_admin: 400, tutor: 403 },
    body: (w) => ({ name: 'Hijacked programme', school_id: w.schoolB.id }),
  },
  'PATCH /admin/programs/:id/': { refuse: 404, id: (w) => w.programB, body: () => ({ name: 'Hijacked' }) },
  'POST /admin/papers/': { refuse: 400, body: (w) => ({ program_id: w.programB, name: 'Paper 9' }) },
  'PATCH /admin/papers/:id/': { refuse: 404, id: (w) => w.paperB, body: () => ({ name: 'Hijacked' }) },
  'POST /admin/topics/': { refuse: 400, body: (w) => ({ paper_id: w.paperB, name: 'Topic 9' }) },
  'PATCH /admin/topics/:id/': { refuse: 404, id: (w) => w.topicB, body: () => ({ is_active: false }) },
  'POST /admin/practice-sets/': { refuse: 400, body: (w) => ({ topic_id: w.topicB, title: 'Set 9' }) },
  'PATCH /admin/practice-sets/:id/': {
    refuse: 404,
    id: (w) => w.setOfB,
    body: () => ({ title: 'Hijacked' }),
  },
  'POST /admin/mock-exams/': {
    refuse: 400,
    body: (w) => ({ paper_id: w.paperB, title: 'Mock 9', time_limit_minutes: 30 }),
  },
  'PATCH /admin/mock-exams/:id/': { refuse: 404, id: (w) => w.mockOfB, body: () => ({ is_active: false }) },
  'POST /admin/upload-questions/': { refuse: 400, form: (w) => uploadInput(w, { set_id: w.setOfB }) },
  'GET /admin/upload-template/': { own: true },
};
