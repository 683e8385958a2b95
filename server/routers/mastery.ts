// Mastery by topic for the student's dashboard (docs/learning.md): the student's own figures only.
import { masteryOf } from '../services/learning/mastery';
import { router } from '../trpc';
import { learnerProcedure } from './learnerProcedure';

export const masteryRouter = router({
  overview: learnerProcedure.query(({ ctx }) => masteryOf(ctx.db, ctx.user)),
});
