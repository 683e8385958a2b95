// A student's own results (SPEC 2 /results and /quiz/result/{id}). Another student's result
// answers exactly like a missing one, so ids reveal nothing.
import { TRPCError } from '@trpc/server';
import { resultIdInput } from '../../shared/schemas/quiz';
import { findOwnResultDetail, listOwnResults } from '../queries/results';
import { gradeExpiredSessionsOf } from '../services/quizSessions';
import { authedProcedure, router } from '../trpc';

export const resultsRouter = router({
  list: authedProcedure.query(async ({ ctx }) => {
    // A mock abandoned past its deadline shows up graded, not missing.
    await gradeExpiredSessionsOf(ctx.db, ctx.user.id);
    return listOwnResults(ctx.db, ctx.user.id);
  }),

  byId: authedProcedure.input(resultIdInput).query(async ({ ctx, input }) => {
    await gradeExpiredSessionsOf(ctx.db, ctx.user.id);
    const detail = await findOwnResultDetail(ctx.db, ctx.user.id, input.id);
    if (!detail) throw new TRPCError({ code: 'NOT_FOUND', message: 'Result not found' });
    return detail;
  }),
});
