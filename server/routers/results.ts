// A student's own results (/results and /quiz/result/{id}). Another student's result
// answers exactly like a missing one, so ids reveal nothing.
import { resultIdInput } from '../../shared/schemas/quiz';
import { percentileOf } from '../../shared/domain/percentile';
import { firstAttemptCounts } from '../queries/percentile';
import { findOwnResult, findOwnResultDetail, listOwnResults } from '../queries/results';
import { gradeExpiredSessionsOf } from '../services/quizSessions';
import { NO_SET } from '../services/learning/practiceLists';
import { authedProcedure, router } from '../trpc';
import { withheldOrMissing } from '../services/classMocks';

export const resultsRouter = router({
  list: authedProcedure.query(async ({ ctx }) => {
    // A mock abandoned past its deadline shows up graded, not missing.
    await gradeExpiredSessionsOf(ctx.db, ctx.user.id);
    return listOwnResults(ctx.db, ctx.user.id);
  }),

  byId: authedProcedure.input(resultIdInput).query(async ({ ctx, input }) => {
    await gradeExpiredSessionsOf(ctx.db, ctx.user.id);
    const detail = await findOwnResultDetail(ctx.db, ctx.user.id, input.id);
    if (!detail) throw await withheldOrMissing(ctx.db, ctx.user.id, input.id);
    return detail;
  }),

  /**
   * How the own mock result compares with the other students' first attempts at the set; null
   * for a practice result, one of no set, or while fewer than 30 students have one. A retake is
   * compared too.
   */
  percentile: authedProcedure.input(resultIdInput).query(async ({ ctx, input }) => {
    const result = await findOwnResult(ctx.db, ctx.user.id, input.id);
    if (!result) throw await withheldOrMissing(ctx.db, ctx.user.id, input.id);
    // A timed session of no set (quiz_id 0: a custom test, exam day) has no classmates' firsts.
    if (result.session.quiz_type !== 'mock' || result.session.quiz_id === NO_SET) return null;
    const counts = await firstAttemptCounts(ctx.db, result.session.quiz_id, ctx.user.id, result.percentage);
    return percentileOf(counts.lower, counts.takers, counts.viewerFirstSessionId !== result.session.id);
  }),
});
