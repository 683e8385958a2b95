// Whose content a reader sees. National content (school_id null) is every school's; a school's own
// programmes, sets and questions are seen only by its students and staff, and by the platform admin.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { User } from '../../db/schema';

/** National content plus one school's own (null: national only), or 'all' (the platform admin). */
export type Audience = { schoolId: number | null } | 'all';

/** A student (or a staff account taking a test) sees national content and their own school's. */
export const audienceOfUser = (user: Pick<User, 'school_id'>): Audience => ({ schoolId: user.school_id });

/** The condition "this row's school_id column is visible to the audience", for a where. */
export function visibleTo(audience: Audience, column: string): Expression<SqlBool> {
  if (audience === 'all') return sql<SqlBool>`1 = 1`;
  const ref = sql.ref(column);
  return audience.schoolId === null
    ? sql<SqlBool>`${ref} is null`
    : sql<SqlBool>`(${ref} is null or ${ref} = ${audience.schoolId})`;
}

/** The same rule for a row already read. */
export const canSee = (audience: Audience, schoolId: number | null): boolean =>
  audience === 'all' || schoolId === null || schoolId === audience.schoolId;

/** A key part for answers cached per audience (one copy per school, not per student). */
export const audienceKey = (audience: Audience): string =>
  audience === 'all' ? 'all' : `school:${audience.schoolId ?? 'none'}`;
