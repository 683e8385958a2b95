// The admin dashboard: every procedure is adminProcedure, so a
// student gets FORBIDDEN before any resolver runs. Content management lives in adminContent.ts.
import { changeOwnEmailInput, resultsFilterInput, usersInput } from '../../shared/schemas/admin';
import { listAllResults, listUsers, platformStats } from '../queries/admin';
import { examDaySizes } from '../queries/draws';
import { listMockSets, listPapers, listPracticeSets, listPrograms, listTopics } from '../queries/catalog';
import { audienceOfScope } from '../services/contentAccess';
import { changeOwnEmail } from '../services/ownAccount';
import { scopedSchoolId } from '../services/staffScope';
import { systemInfo } from '../services/systemInfo';
import { adminProcedure, enforceRateLimits, router } from '../trpc';
import { adminAccountsRouter } from './adminAccounts';
import { adminContentProcedures } from './adminContent';
import { adminReportsRouter } from './adminReports';
import { adminUserProcedures } from './adminUsers';

/** Programmes as admins see them: with their exam-day simulation's size. */
function withExamDaySize<T extends { id: number }>(
  programs: T[],
  sizes: { id: number; exam_day_questions: number; exam_day_minutes: number }[],
) {
  const byId = new Map(sizes.map((s) => [s.id, s]));
  return programs.map((p) => ({
    ...p,
    exam_day_questions: byId.get(p.id)?.exam_day_questions ?? 180,
    exam_day_minutes: byId.get(p.id)?.exam_day_minutes ?? 180,
  }));
}

export const adminRouter = router({
  users: adminProcedure.input(usersInput).query(({ ctx, input }) => listUsers(ctx.db, input.search)),

  stats: adminProcedure.query(({ ctx }) => platformStats(ctx.db)),

  results: adminProcedure.input(resultsFilterInput).query(({ ctx, input }) => listAllResults(ctx.db, input)),

  /**
   * Every item the caller sees (school staff: national and their school's), inactive ones
   * included, so an admin can reactivate them; each item's school_id says whose it is.
   */
  content: adminProcedure.query(async ({ ctx }) => {
    const seen = { activeOnly: false, audience: audienceOfScope(ctx.scope) };
    return {
      programs: withExamDaySize(await listPrograms(ctx.db, seen), await examDaySizes(ctx.db)),
      papers: await listPapers(ctx.db, seen),
      topics: await listTopics(ctx.db, seen),
      mockExamSets: await listMockSets(ctx.db, seen),
      practiceSets: await listPracticeSets(ctx.db, seen),
      /** The caller's school (null: the platform admin), whose items it may change. */
      viewer: { school_id: scopedSchoolId(ctx.scope) },
    };
  }),

  system: adminProcedure.query(({ ctx }) => systemInfo(ctx.db, ctx.env)),

  /** The admin's own sign-in e-mail (My Account); name and password use profile.update and auth.changePassword. */
  changeOwnEmail: adminProcedure.input(changeOwnEmailInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['passwordConfirmPerUser', `user:${ctx.user.id}`]]);
    return changeOwnEmail(ctx, ctx.user, input);
  }),

  reports: adminReportsRouter,

  accounts: adminAccountsRouter,

  ...adminContentProcedures,

  ...adminUserProcedures,
});
