// The original REST paths (docs/api-contract.md) and the tRPC procedure that answers each one
// (docs/decisions/rest-shim.md). An entry is: method, path, procedure, how the procedure's input is
// made of the request (left out when it takes none), and where the answer differs from the
// procedure's JSON with status 200. The types check each input against its procedure's own.
// The multipart upload and the template download are in upload.ts.
import { appRouter } from '../router';
import { body, del, get, patch, post, put, query, type RestRoute } from './shim';

const { admin, auth, catalog, enrol, notifications, profile, quiz, results } = appRouter;

const created = { status: 201 };
/** Where a mailed link that is expired, used or malformed lands. */
const INVALID_LINK = '/email-verified?status=invalid';

export const restRoutes: RestRoute[] = [
  // Exam paths first: during an exam nearly every request is one of them, and Express tries each
  // route in order (no two paths overlap, so the order changes no answer).
  get('/exams/programs/', catalog.programs),
  get('/exams/programs/:id/papers/', catalog.papers, ({ params }) => ({ programId: params.id })),
  get('/exams/papers/:id/topics/', catalog.topics, ({ params }) => ({ paperId: params.id })),
  get('/exams/topics/:id/practice-sets/', catalog.practiceSets, ({ params }) => ({ topicId: params.id })),
  get('/exams/papers/:id/mock-exams/', catalog.mockExams, ({ params }) => ({ paperId: params.id })),
  post('/exams/quiz/start/', quiz.start, body),
  get('/exams/quiz/:id/', quiz.resume, ({ params }) => ({ session_id: params.id })),
  post('/exams/quiz/:id/answer/', quiz.saveAnswer, (r) => ({ ...r.body, session_id: r.params.id })),
  post('/exams/quiz/:id/flag/', quiz.setFlag, (r) => ({ ...r.body, session_id: r.params.id })),
  post('/exams/quiz/:id/submit/', quiz.submit, (r) => ({ ...r.body, session_id: r.params.id })),
  get('/exams/results/', results.list),
  get('/exams/results/:id/', results.byId, ({ params }) => ({ id: params.id })),
  get('/notifications/', notifications.list),
  post('/notifications/mark-all-read/', notifications.markAllRead),

  post('/auth/login/', auth.login, body),
  post('/auth/registration/', auth.register, body, created),
  // The key alone verifies nothing: the password of the registration to activate comes with it.
  post('/auth/registration/verify-email/', auth.verifyEmail, ({ body }) => ({
    token: body.key ?? body.token,
    password: body.password,
  })),
  post('/auth/registration/resend-email/', auth.resendVerification, body),
  post('/auth/logout/', auth.logout, body),
  post('/auth/password/reset/', auth.requestPasswordReset, body),
  post('/auth/password/reset/confirm/', auth.confirmPasswordReset, body),
  post('/auth/password/change/', auth.changePassword, body),
  post('/token/refresh/', auth.refresh, body),
  // The page a mailed class-list invitation opens: whose it is, then the password that accepts it.
  get('/auth/invitation/:token/', enrol.invitation, ({ params }) => ({ token: params.token })),
  post('/auth/invitation/accept/', enrol.accept, body),
  get('/profile/', profile.get),
  put('/profile/', profile.update, body),
  patch('/profile/', profile.update, body),
  del('/profile/', profile.delete, body),
  // Verification links mailed before they opened the password page: send a live one there. A
  // refused or malformed token lands on the same page as an expired one.
  get('/auth/verify-email/:token/', auth.verificationLinkIsLive, ({ params }) => ({ token: params.token }), {
    send: (res, live, { params }) =>
      res.redirect(302, live ? `/verify-email/${encodeURIComponent(params.token)}` : INVALID_LINK),
    fail: (res) => res.redirect(302, INVALID_LINK),
  }),
  // The link mailed to an admin's new address: apply it, then land on the confirmation page.
  get('/auth/confirm-email/:token/', auth.confirmEmailChange, ({ params }) => ({ token: params.token }), {
    send: (res) => res.redirect(302, '/email-verified?status=email-changed'),
    fail: (res) => res.redirect(302, INVALID_LINK),
  }),

  get('/admin/users/', admin.users, query),
  get('/admin/stats/', admin.stats),
  get('/admin/results/', admin.results, query),
  get('/admin/content/', admin.content),
  get('/admin/system/', admin.system),
  post('/admin/programs/', admin.createProgram, body, created),
  patch('/admin/programs/:id/', admin.updateProgram, (r) => ({ ...r.body, id: r.params.id })),
  post('/admin/papers/', admin.createPaper, body, created),
  patch('/admin/papers/:id/', admin.updatePaper, (r) => ({ ...r.body, id: r.params.id })),
  post('/admin/topics/', admin.createTopic, body, created),
  patch('/admin/topics/:id/', admin.updateTopic, (r) => ({ ...r.body, id: r.params.id })),
  post('/admin/practice-sets/', admin.createPracticeSet, body, created),
  patch('/admin/practice-sets/:id/', admin.updatePracticeSet, (r) => ({ ...r.body, id: r.params.id })),
  post('/admin/mock-exams/', admin.createMockExamSet, body, created),
  patch('/admin/mock-exams/:id/', admin.updateMockExamSet, (r) => ({ ...r.body, id: r.params.id })),
];
