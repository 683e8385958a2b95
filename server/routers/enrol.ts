// Enrolment (/enrol/...): a school admin's class list and invitations, and the public page a mailed
// invitation opens. School staff act on their own school only: another school's invitation is
// answered as if it did not exist; a platform admin chooses the school. Rules live in
// services/enrol.ts.
import { TRPCError } from '@trpc/server';
import type { School } from '../../db/schema';
import { MAX_CLASS_LIST_BYTES } from '../../shared/domain/classList';
import { tokenInput } from '../../shared/schemas/auth';
import {
  acceptInvitationInput,
  classListInput,
  invitationIdInput,
  invitationsInput,
} from '../../shared/schemas/enrol';
import { fieldError } from '../errors';
import { findInvitation, listInvitations } from '../queries/invitations';
import { findSchool, listSchools } from '../queries/schools';
import {
  acceptInvitation,
  openInvitation,
  previewClassList,
  resendInvitation,
  resendRefusal,
  uploadClassList,
  withdrawInvitation,
} from '../services/enrol';
import type { StaffScope } from '../services/staffScope';
import { adminProcedure, enforceRateLimits, limitFailures, publicProcedure, router } from '../trpc';

/** Enrolling and changing invitations is a school admin's (or the platform admin's), not a tutor's. */
const enrolProcedure = adminProcedure.use(({ ctx, next }) => {
  if (ctx.scope.kind === 'school' && ctx.scope.role !== 'school_admin')
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'Only a school admin can enrol students or change invitations.',
    });
  return next();
});

/** The class list as base64 (4 bytes for 3) with its name and the school. */
const classListBody = enrolProcedure.meta({
  access: 'admin',
  maxBodyBytes: Math.ceil(MAX_CLASS_LIST_BYTES / 3) * 4 + 16 * 1024,
});

const NO_SCHOOL = 'No school with this id.';

/** The school a call acts on: school staff's own (naming another is not found), the platform admin's choice. */
async function schoolOf(
  ctx: { db: Parameters<typeof findSchool>[0]; scope: StaffScope },
  requested?: number,
) {
  let school: School | undefined;
  if (ctx.scope.kind === 'school') {
    if (requested !== undefined && requested !== ctx.scope.schoolId)
      throw new TRPCError({ code: 'NOT_FOUND', message: NO_SCHOOL });
    school = await findSchool(ctx.db, ctx.scope.schoolId);
  } else {
    if (requested === undefined) throw fieldError('school_id', 'Choose the school whose students these are.');
    school = await findSchool(ctx.db, requested);
  }
  if (!school) throw new TRPCError({ code: 'NOT_FOUND', message: NO_SCHOOL });
  return school;
}

/** An invitation the caller may act on; another school's is not found. */
async function invitationOf(ctx: { db: Parameters<typeof findSchool>[0]; scope: StaffScope }, id: number) {
  const inv = await findInvitation(ctx.db, id);
  if (!inv || (ctx.scope.kind === 'school' && inv.school_id !== ctx.scope.schoolId))
    throw new TRPCError({ code: 'NOT_FOUND', message: 'No invitation with this id.' });
  const school = await findSchool(ctx.db, inv.school_id);
  return { ...inv, school_name: school?.name ?? '' };
}

const fileOf = (input: { file_name: string; file_base64: string }) => ({
  file_name: input.file_name,
  bytes: Buffer.from(input.file_base64, 'base64'),
});

export const enrolRouter = router({
  /**
   * The schools the caller enrols for (every school for the platform admin, else their own), and
   * whether they may enrol and change invitations (a tutor may only read them).
   */
  schools: adminProcedure.query(async ({ ctx }) => {
    if (ctx.scope.kind === 'school') {
      const own = await findSchool(ctx.db, ctx.scope.schoolId);
      return {
        choose: false,
        can_enrol: ctx.scope.role === 'school_admin',
        schools: own ? [{ id: own.id, name: own.name }] : [],
      };
    }
    const schools = (await listSchools(ctx.db)).map((s) => ({ id: s.id, name: s.name }));
    return { choose: true, can_enrol: true, schools };
  }),

  /** Checks a class list and writes nothing: every row's problems, or what the upload would do. */
  preview: classListBody
    .input(classListInput)
    .mutation(async ({ ctx, input }) =>
      previewClassList(ctx, await schoolOf(ctx, input.school_id), fileOf(input)),
    ),

  /** Invites every student of a clean class list, or nothing at all. */
  upload: classListBody
    .input(classListInput)
    .mutation(async ({ ctx, input }) =>
      uploadClassList(ctx, await schoolOf(ctx, input.school_id), ctx.user.id, fileOf(input)),
    ),

  /** Invitations with their state; tutors may read their school's. */
  invitations: adminProcedure.input(invitationsInput).query(async ({ ctx, input }) => {
    const schoolId =
      ctx.scope.kind === 'platform' && input.school_id === undefined
        ? null
        : (await schoolOf(ctx, input.school_id)).id;
    return listInvitations(ctx.db, { schoolId, state: input.state });
  }),

  /** A new link for a pending or expired invitation; at most a few an hour for one invitation. */
  resend: enrolProcedure.input(invitationIdInput).mutation(async ({ ctx, input }) => {
    const inv = await invitationOf(ctx, input.id);
    // A closed invitation is told so rather than counted against the limit.
    const refusal = resendRefusal(inv);
    if (refusal) throw refusal;
    await enforceRateLimits(ctx, [['invitationResends', `invitation:${inv.id}`]]);
    return resendInvitation(ctx, inv);
  }),

  withdraw: enrolProcedure
    .input(invitationIdInput)
    .mutation(async ({ ctx, input }) => withdrawInvitation(ctx, await invitationOf(ctx, input.id))),

  /** Whose invitation a mailed link is, or why it no longer works (the page asks this first). */
  invitation: publicProcedure
    .input(tokenInput)
    .query(({ ctx, input }) =>
      limitFailures(ctx, 'badLinksPerAddress', ctx.ip, () => openInvitation(ctx, input.token)),
    ),

  /** The invited student's password: the account is created and signed in. */
  accept: publicProcedure
    .input(acceptInvitationInput)
    .mutation(({ ctx, input }) =>
      limitFailures(ctx, 'badLinksPerAddress', ctx.ip, () =>
        acceptInvitation(ctx, input.token, input.password1),
      ),
    ),
});
