// The question bank's procedures of the questions router: search the
// bank, open one question with its history, edit, deactivate or reactivate, move it, and set the
// topic of one or several. Admin
// only, as the whole router; the rules of a change live in services/questionEdits.ts. School staff
// see national questions and their school's, and change only their school's.
import { TRPCError } from '@trpc/server';
import {
  bankSearchInput,
  moveQuestionInput,
  questionIdInput,
  setQuestionActiveInput,
  setTopicInput,
  updateQuestionInput,
} from '../../shared/schemas/questionBank';
import { canSee } from '../queries/contentVisibility';
import { findBankQuestion, questionHistory, searchBank } from '../queries/questionBank';
import { audienceOfScope } from '../services/contentAccess';
import { editQuestion, moveQuestion, setQuestionActive, setQuestionsTopic } from '../services/questionEdits';
import { adminProcedure } from '../trpc';

export const questionBankProcedures = {
  /** A page of current questions matching the search and filters, with the number of matches. */
  search: adminProcedure
    .input(bankSearchInput)
    .query(({ ctx, input }) => searchBank(ctx.db, input, audienceOfScope(ctx.scope))),

  /** One question (any version: a replaced one names its successor) and its change history. */
  byId: adminProcedure.input(questionIdInput).query(async ({ ctx, input }) => {
    const question = await findBankQuestion(ctx.db, input.id);
    if (!question || !canSee(audienceOfScope(ctx.scope), question.school_id)) throw new TRPCError({ code: 'NOT_FOUND', message: 'Question not found.' });
    return { ...question, history: await questionHistory(ctx.db, question.id) };
  }),

  update: adminProcedure
    .input(updateQuestionInput)
    .mutation(({ ctx, input }) => editQuestion(ctx.db, ctx.user, ctx.scope, input)),

  setActive: adminProcedure
    .input(setQuestionActiveInput)
    .mutation(({ ctx, input }) => setQuestionActive(ctx.db, ctx.user, ctx.scope, input.id, input.is_active)),

  move: adminProcedure
    .input(moveQuestionInput)
    .mutation(({ ctx, input }) => moveQuestion(ctx.db, ctx.user, ctx.scope, input)),

  /** Tags mock questions with a topic of their paper (null: untagged), all of them or none. */
  setTopic: adminProcedure
    .input(setTopicInput)
    .mutation(({ ctx, input }) => setQuestionsTopic(ctx.db, ctx.user, ctx.scope, input)),
};
