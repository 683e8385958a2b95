// Class mocks as staff schedule and watch them: school staff act on their own school's only (any
// other answers as missing), the platform admin on any school's.
import { classMockIdInput, createClassMockInput, updateClassMockInput } from '../../shared/schemas/classMocks';
import {
  cancelClassMock,
  classMockBoard,
  listClassMocks,
  releaseByHand,
  scheduleClassMock,
  schoolsToSchedule,
  updateClassMock,
} from '../services/classMocks';
import { adminProcedure, router } from '../trpc';

export const adminClassMocksRouter = router({
  create: adminProcedure
    .input(createClassMockInput)
    .mutation(({ ctx, input }) => scheduleClassMock(ctx.db, ctx.scope, ctx.user, input)),

  update: adminProcedure
    .input(updateClassMockInput)
    .mutation(({ ctx, input }) => updateClassMock(ctx.db, ctx.scope, input)),

  cancel: adminProcedure
    .input(classMockIdInput)
    .mutation(({ ctx, input }) => cancelClassMock(ctx.db, ctx.scope, input.id)),

  list: adminProcedure.query(({ ctx }) => listClassMocks(ctx.db, ctx.scope)),

  /** The schools the schedule form offers: the staff member's own, or every one for the platform admin. */
  schools: adminProcedure.query(({ ctx }) => schoolsToSchedule(ctx.db, ctx.scope)),

  // Polled every few seconds by the live board while it is open: one grouped query.
  board: adminProcedure
    .input(classMockIdInput)
    .query(({ ctx, input }) => classMockBoard(ctx.db, ctx.scope, input.id)),

  release: adminProcedure
    .input(classMockIdInput)
    .mutation(({ ctx, input }) => releaseByHand(ctx.db, ctx.scope, input.id)),
});
