// Offline practice (docs/offline.md): the rules live in the offlineAttempts service.
import { downloadSetInput, offlineAttemptInput } from '../../shared/schemas/offline';
import { downloadPracticeSet, submitOfflineAttempt } from '../services/offlineAttempts';
import { enforceRateLimits, router, studentProcedure } from '../trpc';

export const offlineRouter = router({
  // A mutation, not a query: a download is an act (the student chose it), never refetched by a cache.
  downloadSet: studentProcedure
    .input(downloadSetInput)
    .mutation(({ ctx, input }) => downloadPracticeSet(ctx.db, ctx.user, input)),

  submitAttempt: studentProcedure
    // A whole 1,000-question sheet at about 50 bytes an answer.
    .meta({ access: 'user', maxBodyBytes: 64 * 1024, bodyLane: 'answers' })
    .input(offlineAttemptInput)
    .mutation(async ({ ctx, input }) => {
      // Counted as a start: a script cannot churn out graded sessions through it either.
      await enforceRateLimits(ctx, [['quizStart', `user:${ctx.user.id}`]]);
      return submitOfflineAttempt(ctx.db, ctx.user, input);
    }),
});
