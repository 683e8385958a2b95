import { describe, expect, it } from 'vitest';
import { staffScopeOf } from './staffScope';

const user = (u: Partial<Parameters<typeof staffScopeOf>[0]>) => ({
  is_staff: 0,
  is_superuser: 0,
  staff_role: null,
  school_id: null,
  ...u,
});

describe('staffScopeOf', () => {
  it('gives students no scope, whatever school they belong to', () => {
    expect(staffScopeOf(user({ school_id: 3 }))).toBeNull();
  });

  it('makes every admin without a role a platform admin, as before schools existed', () => {
    expect(staffScopeOf(user({ is_staff: 1 }))).toEqual({ kind: 'platform' });
    expect(staffScopeOf(user({ is_superuser: 1, school_id: 4 }))).toEqual({ kind: 'platform' });
  });

  it('limits school admins and tutors to their school, and gives nothing to one without a school', () => {
    expect(staffScopeOf(user({ is_staff: 1, staff_role: 'tutor', school_id: 7 }))).toEqual({
      kind: 'school',
      schoolId: 7,
      role: 'tutor',
    });
    expect(staffScopeOf(user({ is_staff: 1, staff_role: 'school_admin', school_id: null }))).toBeNull();
  });
});
