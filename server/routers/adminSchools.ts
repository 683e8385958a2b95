// admin.schools: schools management, the platform admin's alone (services/schoolsAdmin.ts).
import {
  createSchoolInput,
  mergeSchoolTextInput,
  schoolFromTextInput,
  updateSchoolInput,
} from '../../shared/schemas/schools';
import { listSchoolsWithCounts, unmatchedSchoolTexts } from '../queries/schoolsAdmin';
import { createSchool, mergeSchoolText, schoolFromText, updateSchool } from '../services/schoolsAdmin';
import { platformAdminProcedure, router } from '../trpc';

export const adminSchoolsRouter = router({
  /** Every school with its numbers of students and staff. */
  list: platformAdminProcedure.query(({ ctx }) => listSchoolsWithCounts(ctx.db)),

  /** What users typed as their school that matched no school, with how many typed each. */
  unmatched: platformAdminProcedure.query(({ ctx }) => unmatchedSchoolTexts(ctx.db)),

  create: platformAdminProcedure
    .input(createSchoolInput)
    .mutation(({ ctx, input }) => createSchool(ctx.db, input)),

  update: platformAdminProcedure
    .input(updateSchoolInput)
    .mutation(({ ctx, input }) => updateSchool(ctx.db, input)),

  /** Links the users who typed `text` to a school; their typed text stays as they wrote it. */
  merge: platformAdminProcedure
    .input(mergeSchoolTextInput)
    .mutation(({ ctx, input }) => mergeSchoolText(ctx.db, input.text, input.school_id)),

  /** A new school named as typed, with the users who typed it. */
  createFromText: platformAdminProcedure
    .input(schoolFromTextInput)
    .mutation(({ ctx, input }) => schoolFromText(ctx.db, input.text, input.region)),
});
