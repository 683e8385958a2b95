// The exam officer's reports under admin.reports: the results export, item analysis
// of a set, and the class view by topic. Read-only; the figures are explained in docs/reports.md.
// School staff (tutors too) get their own school's students' results and answers only.
import { classViewInput, exportResultsInput, itemAnalysisInput } from '../../shared/schemas/reports';
import { classView } from '../services/reports/classView';
import { exportResults } from '../services/reports/exportResults';
import { itemAnalysis } from '../services/reports/itemAnalysis';
import { scopedSchoolId } from '../services/staffScope';
import { adminProcedure, router } from '../trpc';

export const adminReportsRouter = router({
  /** A file of the filtered results list, base64 with its name and type, for a browser download. */
  exportResults: adminProcedure
    .input(exportResultsInput)
    .mutation(({ ctx, input }) => exportResults(ctx.db, input, scopedSchoolId(ctx.scope))),

  itemAnalysis: adminProcedure
    .input(itemAnalysisInput)
    .query(({ ctx, input }) => itemAnalysis(ctx.db, input, scopedSchoolId(ctx.scope))),

  classView: adminProcedure
    .input(classViewInput)
    .query(({ ctx, input }) => classView(ctx.db, input, scopedSchoolId(ctx.scope))),
});
