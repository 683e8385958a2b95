// The admin dashboard: every procedure is adminProcedure (or narrower), so a student gets
// FORBIDDEN before any resolver runs; school staff get their own school's students only
// (ctx.scope). Content management lives in adminContent.ts.
import { changeOwnEmailInput, resultsFilterInput, usersInput } from '../../shared/schemas/admin';
import { listAllResults, listUsers, platformStats } from '../queries/admin';
import { examDaySizes } from '../queries/draws';
import { listMockSets, listPapers, listPracticeSets, listPrograms, listTopics } from '../queries/catalog';
import { audienceOfScope } from '../services/contentAccess';
import { changeOwnEmail } from '../services/ownAccount';
import { findSchool } from '../queries/schools';
import { scopedSchoolId } from '../services/staffScope';
import { systemInfo } from '../services/systemInfo';
import { adminProcedure, enforceRateLimits, platformAdminProcedure, router } from '../trpc';
import { adminAccountsRouter } from './adminAccounts';
import { adminClassMocksRouter } from './adminClassMocks';
import { adminContentProcedures } from './adminContent';
import { adminReportsRouter } from './adminReports';
import { adminSchoolsRouter } from './adminSchools';
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
  /** Who the admin area is for: the platform admin, or a school's admin or tutor (and the school). */
  me: adminProcedure.query(async ({ ctx }) => {
    const schoolId = scopedSchoolId(ctx.scope);
    const school = schoolId === null ? undefined : await findSchool(ctx.db, schoolId);
    return {
      role: ctx.scope.kind === 'school' ? ctx.scope.role : ('platform_admin' as const),
      school: school ? { id: school.id, name: school.name } : null,
    };
  }),

  users: adminProcedure
    .input(usersInput)
    .query(({ ctx, input }) => listUsers(ctx.db, input.search, scopedSchoolId(ctx.scope))),

  stats: adminProcedure.query(({ ctx }) => platformStats(ctx.db, scopedSchoolId(ctx.scope))),

  results: adminProcedure
    .input(resultsFilterInput)
    .query(({ ctx, input }) => listAllResults(ctx.db, input, scopedSchoolId(ctx.scope))),

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

  system: platformAdminProcedure.query(({ ctx }) => systemInfo(ctx.db, ctx.env)),

  /** The admin's own sign-in e-mail (My Account); name and password use profile.update and auth.changePassword. */
  changeOwnEmail: adminProcedure.input(changeOwnEmailInput).mutation(async ({ ctx, input }) => {
    await enforceRateLimits(ctx, [['passwordConfirmPerUser', `user:${ctx.user.id}`]]);
    return changeOwnEmail(ctx, ctx.user, input);
  }),

  reports: adminReportsRouter,

  accounts: adminAccountsRouter,

  schools: adminSchoolsRouter,
  classMocks: adminClassMocksRouter,

  ...adminContentProcedures,

  ...adminUserProcedures,
});
