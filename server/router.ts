// The whole API: one router per domain, merged here.
import { authRouter } from './routers/auth';
import { profileRouter } from './routers/profile';
import { questionsRouter } from './routers/questions';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  questions: questionsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
