// The profile edit form's values, from and to the user's profile.
import type { Profile } from '../../lib/session';

export interface ProfileForm {
  full_name: string;
  email: string;
  date_of_birth: string;
  gender: string;
  region_of_institution: string;
  program_of_study: string;
  school: string;
  bio: string;
  avatar: string;
}

export function formFromProfile(p: Profile): ProfileForm {
  return {
    full_name: p.full_name,
    email: p.email,
    // Stored as YYYY-MM-DD; the form shows the same YYYY/MM/DD mask as registration.
    date_of_birth: p.date_of_birth ? p.date_of_birth.replaceAll('-', '/') : '',
    gender: p.gender ?? '',
    region_of_institution: p.region_of_institution ?? '',
    program_of_study: p.program_of_study ?? '',
    school: p.school ?? '',
    bio: p.bio ?? '',
    avatar: p.avatar ?? '',
  };
}

/** What profile.update receives: e-mail and gender go back unchanged, empty optionals are dropped. */
export function updateFromForm(f: ProfileForm) {
  return {
    full_name: f.full_name,
    email: f.email,
    ...(f.gender ? { gender: f.gender } : {}),
    ...(f.date_of_birth ? { date_of_birth: f.date_of_birth } : {}),
    ...(f.region_of_institution ? { region_of_institution: f.region_of_institution } : {}),
    ...(f.program_of_study ? { program_of_study: f.program_of_study } : {}),
    ...(f.school ? { school: f.school } : {}),
    bio: f.bio,
    avatar: f.avatar || null,
  };
}
