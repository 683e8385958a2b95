// Never run or mounted: `tsc --noEmit` fails if any of these wrong route entries stops being a
// type error, so the route table's checks cannot quietly loosen.
import { appRouter } from '../router';
import { body, get, post, query, type RestRoute } from './shim';

const { admin, auth, catalog, notifications, quiz } = appRouter;

export const wrongEntries: RestRoute[] = [
  // @ts-expect-error a field the procedure does not take (papers take a programId)
  get('/exams/programs/:id/papers/', catalog.papers, ({ params }) => ({ paperId: params.id })),
  // @ts-expect-error one field too many beside the right ones
  post('/exams/quiz/:id/answer/', quiz.saveAnswer, (r) => ({
    ...r.body,
    session_id: r.params.id,
    flagged: 1,
  })),
  // @ts-expect-error a path id the path does not have
  get('/exams/programs/:id/papers/', catalog.papers, ({ params }) => ({ programId: params.programId })),
  // @ts-expect-error an input for a procedure that takes none
  post('/notifications/mark-all-read/', notifications.markAllRead, body),
  // @ts-expect-error an input for a procedure that takes none
  get('/admin/stats/', admin.stats, query),
  // @ts-expect-error no input for a procedure that needs one
  post('/auth/login/', auth.login),
  get('/auth/verify-email/:token/', auth.verificationLinkIsLive, ({ params }) => ({ token: params.token }), {
    // @ts-expect-error the answer is the procedure's: a boolean here
    send: (res, live) => res.json(live.length),
  }),
];
