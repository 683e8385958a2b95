// The whole API: one router per domain, merged here.
import { adminRouter } from './routers/admin';
import { authRouter } from './routers/auth';
import { catalogRouter } from './routers/catalog';
import { classMocksRouter } from './routers/classMocks';
import { customTestsRouter } from './routers/customTests';
import { masteryRouter } from './routers/mastery';
import { notificationsRouter } from './routers/notifications';
import { offlineRouter } from './routers/offline';
import { profileRouter } from './routers/profile';
import { questionsRouter } from './routers/questions';
import { quizRouter } from './routers/quiz';
import { resultsRouter } from './routers/results';
import { reviewRouter } from './routers/review';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  questions: questionsRouter,
  catalog: catalogRouter,
  quiz: quizRouter,
  customTests: customTestsRouter,
  results: resultsRouter,
  review: reviewRouter,
  mastery: masteryRouter,
  notifications: notificationsRouter,
  offline: offlineRouter,
  admin: adminRouter,
  classMocks: classMocksRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
