// Who may change which content. The platform admin changes everything; school staff change their
// own school's content only: national content is theirs to read and use (a set of their own under
// a national topic, say), and another school's does not exist for them. School admins shape
// programmes; tutors write papers, topics, sets and questions, but leave the programmes alone.
import { TRPCError } from '@trpc/server';
import type { DB } from '../../db/client';
import { fieldError } from '../errors';
import type { Audience } from '../queries/contentVisibility';
import { findSchool } from '../queries/schools';
import type { StaffScope } from './staffScope';

export const NATIONAL_READ_ONLY =
  'This is national content: school staff can use it but not change it. Ask the platform admin.';
export const TUTORS_NO_PROGRAMMES = 'Tutors cannot create or change programmes: ask your school admin.';

/** The content a staff account sees: everything for the platform admin, else national and its school's. */
export const audienceOfScope = (scope: StaffScope): Audience =>
  scope.kind === 'platform' ? 'all' : { schoolId: scope.schoolId };

/**
 * Refuses a change to content of school `owner` (null: national): another school's reads as not
 * found (`notFound` is the message), national content is forbidden to school staff.
 */
export function assertMayChange(scope: StaffScope, owner: number | null, notFound: string): void {
  if (scope.kind === 'platform' || owner === scope.schoolId) return;
  if (owner === null) throw new TRPCError({ code: 'FORBIDDEN', message: NATIONAL_READ_ONLY });
  throw new TRPCError({ code: 'NOT_FOUND', message: notFound });
}

/** Programmes are the school admin's (and the platform admin's) to create and change. */
export function assertMayShapeProgrammes(scope: StaffScope): void {
  if (scope.kind === 'school' && scope.role === 'tutor')
    throw new TRPCError({ code: 'FORBIDDEN', message: TUTORS_NO_PROGRAMMES });
}

/**
 * The school new content belongs to. School staff's is their school's, under national parents too.
 * Under a school's programme it is that school's. The platform admin's is national unless it names
 * a school (`requested`).
 */
export async function ownerOfNew(
  db: DB,
  scope: StaffScope,
  parentOwner: number | null,
  requested: number | null | undefined,
): Promise<number | null> {
  if (scope.kind === 'school') {
    if (requested != null && requested !== scope.schoolId)
      throw fieldError('school_id', 'School staff add content for their own school only.');
    return scope.schoolId;
  }
  if (requested == null) return parentOwner;
  if (parentOwner !== null && requested !== parentOwner)
    throw fieldError('school_id', "Content under a school's programme belongs to that school.");
  if (!(await findSchool(db, requested))) throw fieldError('school_id', 'School not found.');
  return requested;
}
