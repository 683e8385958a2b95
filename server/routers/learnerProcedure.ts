// Procedures that read the student's tallies or review deck: the sessions graded since their last
// read are written into both first (services/learning/backlog.ts).
import { writeWaitingLearningData } from '../services/learning/backlog';
import { authedProcedure } from '../trpc';

export const learnerProcedure = authedProcedure.use(async ({ ctx, next }) => {
  await writeWaitingLearningData(ctx.db, ctx.user.id);
  return next();
});
