// "Create a test" and what is left to do (docs/learning.md): the student's own figures and pools
// only, every read keyed by the caller's id. The sessions it starts are resumed, saved and
// submitted through the quiz procedures like any other.
import { customCountInput, customStartInput } from '../../shared/schemas/customTests';
import { countPool, startCustomTest, whatIsLeft } from '../services/customTests';
import { enforceRateLimits, router } from '../trpc';
import { learnerProcedure } from './learnerProcedure';

export const customTestsRouter = router({
  /** Per programme, paper and topic: questions in the bank, and how many the student has seen. */
  left: learnerProcedure.query(({ ctx }) => whatIsLeft(ctx.db, ctx.user)),

  /** The builder's live count of the chosen pool. */
  count: learnerProcedure
    .input(customCountInput)
    .query(({ ctx, input }) => countPool(ctx.db, ctx.user, input)),

  start: learnerProcedure.input(customStartInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['quizStart', `user:${ctx.user.id}`]]);
    return startCustomTest(ctx.db, ctx.user, input);
  }),
});
