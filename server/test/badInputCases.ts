// What the bad-input sweep sends: hostile values, valid-shaped base inputs for the procedures we
// know (so that one bad field is tested with every other field right), and how a response is
// judged. Procedures added later get the generic treatment from their zod schema's shape.
import type { Fixture } from '../../scripts/bench/fixtures';
import { STUDENT } from './harness';

/** Values no field of this API should trip over (as JSON: NaN and Infinity cannot be sent raw). */
export const HOSTILE_VALUES: Array<[string, unknown]> = [
  ['null', null],
  ['boolean', true],
  ['empty object', {}],
  ['array of objects', [{}]],
  ['empty string', ''],
  ['SQL injection', "1' OR '1'='1"],
  ['SQL injection with DROP', "'; DROP TABLE users; --"],
  ['negative number', -1],
  ['zero', 0],
  ['float', 1.5],
  ['NaN as text', 'NaN'],
  // Past PostgreSQL's integer columns (2^31 - 1): SQLite would store it, PostgreSQL refuses it.
  ['2^31', 2 ** 31],
  ['beyond the safe integers', 2 ** 53 + 2],
  ['1e308', 1e308],
  ['huge string', 'x'.repeat(60_000)],
  // SQLite stores a NUL character; PostgreSQL's text cannot hold one.
  ['a NUL character', 'Ama\u0000 Mensah'],
  ['__proto__ object', JSON.parse('{"__proto__":{"is_staff":1,"is_superuser":1}}')],
];

/** GET inputs travel in the URL: keep them under Node's 16 KB header limit. */
export const QUERY_STRING_MAX = 4_000;

/** Path segments of REST routes with :id / :token. */
export const HOSTILE_SEGMENTS = [
  "1' OR '1'='1",
  '-1',
  '1.5',
  'NaN',
  '__proto__',
  '99999999999999999999',
  '2147483648',
  '0x10',
  'x'.repeat(3000),
  '%00',
];

/** The procedures anyone may call; every other one needs a token (a new public one must be added here on purpose). */
export const PUBLIC_PROCEDURES = new Set([
  'auth.register',
  'auth.login',
  'auth.refresh',
  'auth.logout',
  'auth.verifyEmail',
  'auth.verificationLinkIsLive',
  'auth.confirmEmailChange',
  'auth.resendVerification',
  'auth.requestPasswordReset',
  'auth.confirmPasswordReset',
  'catalog.figures',
  'enrol.invitation',
  'enrol.accept',
]);
export const ADMIN_NAMESPACES = ['admin.', 'questions.', 'enrol.'];

/** Valid-shaped inputs of the procedures known today. */
export function baseInputs(f: Fixture): Record<string, Record<string, unknown>> {
  const pw = { new_password1: 'Harmattan-Lagoon-43', new_password2: 'Harmattan-Lagoon-43' };
  return {
    'auth.register': { ...STUDENT, full_name: 'Efua Owusu', email: 'efua.owusu@example.com' },
    'auth.login': { email: f.students[0].email, password: 'wrong-password-1' },
    'auth.refresh': { refresh: 'not-a-token' },
    'auth.logout': { refresh: 'not-a-token' },
    'auth.verifyEmail': { token: 'not-a-token', password: 'wrong-password-1' },
    'auth.verificationLinkIsLive': { token: 'not-a-token' },
    'auth.confirmEmailChange': { token: 'not-a-token' },
    'auth.resendVerification': { email: f.students[0].email },
    'auth.requestPasswordReset': { email: f.students[0].email },
    'auth.confirmPasswordReset': { uid: 'MQ', token: 'not-a-token', ...pw },
    'auth.changePassword': { old_password: 'wrong-password-1', ...pw },
    'profile.update': { full_name: 'Student One', school: 'Korle Bu' },
    'profile.delete': { password: 'wrong-password-1' },
    'questions.preview': {
      file_name: 'q.csv',
      file_base64: 'bm90IGEgc3ByZWFkc2hlZXQ=',
      quiz_type: 'mock',
      program_id: f.programId,
      paper_id: f.paperId,
    },
    'enrol.preview': { file_name: 'class.csv', file_base64: 'bm90IGEgc3ByZWFkc2hlZXQ=', school_id: 1 },
    'enrol.upload': { file_name: 'class.csv', file_base64: 'bm90IGEgc3ByZWFkc2hlZXQ=', school_id: 1 },
    'enrol.invitations': { state: 'pending' },
    'enrol.resend': { id: 1 },
    'enrol.withdraw': { id: 1 },
    'enrol.invitation': { token: 'not-a-token' },
    'enrol.accept': { token: 'not-a-token', password1: pw.new_password1, password2: pw.new_password1 },
    'questions.search': { search: 'fever', program_id: f.programId, page: 1 },
    'questions.byId': { id: f.mockQuestionIds[0] },
    'questions.update': {
      id: f.mockQuestionIds[0],
      question_text: 'Which sign comes first?',
      option_a: 'Fever',
      option_b: 'Cough',
      option_c: 'Rash',
      option_d: 'Pain',
      correct_answer: 'A',
      explanation: '',
    },
    'questions.setActive': { id: f.mockQuestionIds[0], is_active: true },
    'questions.move': { id: f.mockQuestionIds[0], quiz_type: 'mock', set_id: f.mockSetId },
    // Untagged already: the valid-shaped input itself changes nothing.
    'questions.setTopic': { ids: [f.mockQuestionIds[0]], topic_id: null },
    'catalog.papers': { programId: f.programId },
    'catalog.topics': { paperId: f.paperId },
    'catalog.practiceSets': { topicId: f.topicId },
    'catalog.mockExams': { paperId: f.paperId },
    'catalog.trail': { programId: f.programId, paperId: f.paperId, topicId: f.topicId },
    'quiz.info': { quiz_type: 'mock', quiz_id: f.mockSetId },
    'quiz.start': { quiz_type: 'mock', quiz_id: f.mockSetId },
    'quiz.resume': { session_id: 1 },
    'quiz.saveAnswer': { session_id: 1, question_id: f.mockQuestionIds[0], selected_answer: 'A' },
    'quiz.setFlag': { session_id: 1, question_id: f.mockQuestionIds[0], flagged: true },
    'quiz.submit': { session_id: 1, answers: [], time_spent_minutes: 1 },
    'quiz.startTopicPractice': { topic_id: f.topicId },
    'quiz.startMistakesPractice': { result_id: 1 },
    'quiz.examDayInfo': { program_id: f.programId },
    'quiz.startExamDay': { program_id: f.programId },
    'customTests.count': { program_id: f.programId, pool: 'all', topic_ids: [f.topicId] },
    'customTests.start': {
      program_id: f.programId,
      pool: 'all',
      topic_ids: [f.topicId],
      question_count: 5,
      mode: 'tutor',
    },
    'offline.downloadSet': { quiz_type: 'practice', quiz_id: f.practiceSetId },
    'offline.submitAttempt': {
      client_id: '8a0e3c1f-5b7d-4f2a-9c6e-1d2b3a4c5e6f',
      set_id: f.practiceSetId,
      question_ids: [f.mockQuestionIds[0]],
      answers: [],
      started_at: '2026-11-26T10:00:00.000Z',
      finished_at: '2026-11-26T10:05:00.000Z',
    },
    'results.byId': { id: 1 },
    'results.percentile': { id: 1 },
    'admin.users': { search: 'ama' },
    'admin.results': { quiz_type: 'mock', program_id: f.programId },
    'admin.createProgram': { name: 'Midwifery', description: '' },
    'admin.updateProgram': { id: f.programId, name: 'General Nursing' },
    'admin.createPaper': { program_id: f.programId, name: 'Paper 2' },
    'admin.updatePaper': { id: f.paperId, name: 'Paper 1' },
    'admin.createTopic': { paper_id: f.paperId, name: 'Fluids' },
    'admin.updateTopic': { id: f.topicId, name: 'Vital signs' },
    'admin.createPracticeSet': { topic_id: f.topicId, title: 'Set 2' },
    'admin.updatePracticeSet': { id: f.practiceSetId, title: 'Vital signs practice' },
    'admin.createMockExamSet': { paper_id: f.paperId, title: 'Mock 2', time_limit_minutes: 60 },
    'admin.updateMockExamSet': { id: f.mockSetId, time_limit_minutes: 120 },
    'admin.mockBlueprint': { id: f.mockSetId },
    'admin.setMockBlueprint': { id: f.mockSetId, draw_count: 10, time_limit_minutes: 30, topics: [] },
    'admin.changeOwnEmail': { email: 'exams.officer@example.com', password: 'not-the-password' },
    'admin.setUserRole': { id: f.students[0].id, admin: false },
    'admin.setUserActive': { id: f.students[0].id, active: true },
    'admin.reports.exportResults': { format: 'csv', filter: { quiz_type: 'mock' } },
    'admin.reports.itemAnalysis': { quiz_type: 'mock', quiz_id: f.mockSetId },
    'admin.reports.classView': { school: 'Korle Bu', program_of_study: 'General Nursing' },
  };
}

/** Field names of a zod object schema, looking through optional/default/pipe wrappers. */
export function fieldsOf(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; s && depth < 6; depth++) {
    if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
    const def = s._zod?.def;
    s = (def?.innerType ?? def?.in ?? def?.schema) as typeof s;
  }
  return [];
}

const LEAK = /\n\s+at |node_modules|\/work\/|\.ts:\d+|SqliteError|SQLITE_|TypeError|ReferenceError/;

/** Why a response is not an acceptable answer to bad input (null when it is). */
export function badAnswer(status: number, body: unknown, opts: { allowOk: boolean }): string | null {
  if (status >= 500) return `server error ${status}`;
  if (!opts.allowOk && (status < 400 || status >= 500)) return `status ${status}, expected 4xx`;
  if (typeof body !== 'object' || body === null) return `not a JSON object: ${String(body).slice(0, 120)}`;
  const text = JSON.stringify(body);
  if (LEAK.test(text)) return `internals leak: ${text.slice(0, 300)}`;
  if (status >= 400) {
    const b = body as {
      error?: { message?: unknown };
      detail?: unknown;
      error_message?: unknown;
      message?: unknown;
    };
    const message =
      b.error?.message ?? b.detail ?? b.message ?? (typeof b.error === 'string' ? b.error : undefined);
    if (typeof message !== 'string' || message.trim().length < 3)
      return `no clear message: ${text.slice(0, 200)}`;
  }
  return null;
}
