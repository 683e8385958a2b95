// A student's class mocks: the list with where each stands, and the start of the one attempt.
// Answers, flags, resume and submit go through the quiz router like any mock.
import { classMockIdInput } from '../../shared/schemas/classMocks';
import { startClassMock, studentClassMocks } from '../services/classMocks';
import { authedProcedure, enforceRateLimits, router } from '../trpc';
import { learnerProcedure } from './learnerProcedure';

export const classMocksRouter = router({
  list: authedProcedure.query(({ ctx }) => studentClassMocks(ctx.db, ctx.user)),

  start: learnerProcedure.input(classMockIdInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['quizStart', `user:${ctx.user.id}`]]);
    return startClassMock(ctx.db, ctx.user, input.id);
  }),
});
