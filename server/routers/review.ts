// Spaced review: the student's own deck, its daily limit on new cards, and
// "not sure" marks; the rules live in the reviewDeck service.
import { sessionIdInput } from '../../shared/schemas/quiz';
import { notSureInput, reviewCheckInput, reviewLimitInput, reviewRateInput } from '../../shared/schemas/review';
import {
  checkCard,
  dueCount,
  markNotSure,
  nextCard,
  notSureMarks,
  rateCard,
  setNewPerDay,
} from '../services/reviewDeck';
import { authedProcedure, router } from '../trpc';
import { learnerProcedure } from './learnerProcedure';

export const reviewRouter = router({
  dueCount: learnerProcedure.query(({ ctx }) => dueCount(ctx.db, ctx.user)),

  next: learnerProcedure.query(({ ctx }) => nextCard(ctx.db, ctx.user)),

  check: learnerProcedure
    .input(reviewCheckInput)
    .mutation(({ ctx, input }) => checkCard(ctx.db, ctx.user, input)),

  rate: learnerProcedure
    .input(reviewRateInput)
    .mutation(({ ctx, input }) => rateCard(ctx.db, ctx.user, input)),

  setNewPerDay: authedProcedure
    .input(reviewLimitInput)
    .mutation(({ ctx, input }) => setNewPerDay(ctx.db, ctx.user, input)),

  notSureMarks: authedProcedure
    .input(sessionIdInput)
    .query(({ ctx, input }) => notSureMarks(ctx.db, ctx.user, input.session_id)),

  markNotSure: authedProcedure
    .input(notSureInput)
    .mutation(({ ctx, input }) => markNotSure(ctx.db, ctx.user, input)),
});
