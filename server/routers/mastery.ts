// Mastery by topic for the student's dashboard (docs/learning.md): the student's own figures only.
import { masteryOf } from '../services/learning/mastery';
import { authedProcedure, router } from '../trpc';

export const masteryRouter = router({
  overview: authedProcedure.query(({ ctx }) => masteryOf(ctx.db, ctx.user.id)),
});
