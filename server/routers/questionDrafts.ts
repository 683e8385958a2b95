// Questions written and reviewed by a school's tutors (and admins): thin procedures over
// services/questionDrafts.ts. Every procedure is staff-only; the service scopes each to the
// caller's school.
import {
  approveInput,
  commentInput,
  draftIdInput,
  draftListInput,
  requestChangesInput,
  saveDraftInput,
} from '../../shared/schemas/questionDrafts';
import { questionIdInput } from '../../shared/schemas/questionBank';
import {
  approveDraft,
  commentOnDraft,
  draftEditOf,
  draftList,
  getDraft,
  requestChanges,
  saveDraft,
  submitDraft,
} from '../services/questionDrafts';
import { needsReview } from '../services/reports/needsReview';
import { adminProcedure, router } from '../trpc';

export const questionDraftsRouter = router({
  list: adminProcedure.input(draftListInput).query(({ ctx, input }) => draftList(ctx.db, ctx, input.list)),
  get: adminProcedure.input(draftIdInput).query(({ ctx, input }) => getDraft(ctx.db, ctx, input.id)),
  save: adminProcedure.input(saveDraftInput).mutation(({ ctx, input }) => saveDraft(ctx.db, ctx, input)),
  /** A draft editing a live question, to be reviewed before the bank shows it. */
  editLive: adminProcedure
    .input(questionIdInput)
    .mutation(({ ctx, input }) => draftEditOf(ctx.db, ctx, input.id)),
  submit: adminProcedure.input(draftIdInput).mutation(({ ctx, input }) => submitDraft(ctx.db, ctx, input.id)),
  requestChanges: adminProcedure
    .input(requestChangesInput)
    .mutation(({ ctx, input }) => requestChanges(ctx.db, ctx, input)),
  approve: adminProcedure.input(approveInput).mutation(({ ctx, input }) => approveDraft(ctx.db, ctx, input)),
  comment: adminProcedure
    .input(commentInput)
    .mutation(({ ctx, input }) => commentOnDraft(ctx.db, ctx, input)),
  /** Live questions that item analysis or students' flags single out, with why. */
  needsReview: adminProcedure.query(({ ctx }) => needsReview(ctx.db, ctx.scope)),
});
