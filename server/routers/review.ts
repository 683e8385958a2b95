// Spaced review (issue 19, point 3): the student's own deck and "not sure" marks; the rules live
// in the reviewDeck service.
import { sessionIdInput } from '../../shared/schemas/quiz';
import { notSureInput, reviewAnswerInput } from '../../shared/schemas/review';
import { answerCard, dueCount, markNotSure, nextCard, notSureMarks } from '../services/reviewDeck';
import { authedProcedure, router } from '../trpc';
import { learnerProcedure } from './learnerProcedure';

export const reviewRouter = router({
  dueCount: learnerProcedure.query(({ ctx }) => dueCount(ctx.db, ctx.user)),

  next: learnerProcedure.query(({ ctx }) => nextCard(ctx.db, ctx.user)),

  answer: learnerProcedure
    .input(reviewAnswerInput)
    .mutation(({ ctx, input }) => answerCard(ctx.db, ctx.user, input)),

  notSureMarks: authedProcedure
    .input(sessionIdInput)
    .query(({ ctx, input }) => notSureMarks(ctx.db, ctx.user, input.session_id)),

  markNotSure: authedProcedure
    .input(notSureInput)
    .mutation(({ ctx, input }) => markNotSure(ctx.db, ctx.user, input)),
});
