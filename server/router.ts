// The whole API: one router per domain, merged here.
import { adminRouter } from './routers/admin';
import { authRouter } from './routers/auth';
import { catalogRouter } from './routers/catalog';
import { classMocksRouter } from './routers/classMocks';
import { customTestsRouter } from './routers/customTests';
import { enrolRouter } from './routers/enrol';
import { masteryRouter } from './routers/mastery';
import { notificationsRouter } from './routers/notifications';
import { offlineRouter } from './routers/offline';
import { profileRouter } from './routers/profile';
import { questionDraftsRouter } from './routers/questionDrafts';
import { questionsRouter } from './routers/questions';
import { quizRouter } from './routers/quiz';
import { resultsRouter } from './routers/results';
import { reviewRouter } from './routers/review';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  questions: questionsRouter,
  questionDrafts: questionDraftsRouter,
  catalog: catalogRouter,
  quiz: quizRouter,
  customTests: customTestsRouter,
  results: resultsRouter,
  review: reviewRouter,
  mastery: masteryRouter,
  notifications: notificationsRouter,
  offline: offlineRouter,
  admin: adminRouter,
  enrol: enrolRouter,
  classMocks: classMocksRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
