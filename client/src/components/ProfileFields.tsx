// The fields registration and the profile editor share, in their order: name, e-mail, date of
// birth (the YYYY/MM/DD mask), gender, region and programme. Registering, each is required;
// editing a profile, the e-mail and the gender are shown but cannot be changed.
import type { ReactNode } from 'react';
import { GENDERS, REGIONS } from '@shared/domain/regions';
import type { FieldProps } from '../hooks/useActionForm';
import { maskDate } from '../lib/dateMask';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

type ProfileKey =
  'full_name' | 'email' | 'date_of_birth' | 'gender' | 'region_of_institution' | 'program_of_study';

interface ProfileFieldsProps {
  field: (key: ProfileKey, mask?: (typed: string) => string) => FieldProps;
  registering?: boolean;
  /** Between the e-mail and the date of birth: registration's password pair. */
  afterEmail?: ReactNode;
}

export function ProfileFields({ field, registering = false, afterEmail }: ProfileFieldsProps) {
  const locked = !registering;
  return (
    <>
      <TextField
        label="Full name"
        autoComplete={registering ? 'name' : undefined}
        required
        {...field('full_name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete={registering ? 'email' : undefined}
        required={registering}
        disabled={locked}
        hint={locked ? 'Email cannot be changed' : undefined}
        {...field('email')}
      />
      {afterEmail}
      <TextField
        label="Date of birth"
        inputMode="numeric"
        placeholder="YYYY/MM/DD"
        hint={registering ? 'Format: YYYY/MM/DD' : undefined}
        required={registering}
        maxLength={10}
        {...field('date_of_birth', maskDate)}
      />
      <SelectField
        label="Gender"
        placeholder={registering ? 'Select gender' : 'Not set'}
        options={GENDERS}
        required={registering}
        disabled={locked}
        hint={locked ? 'Gender cannot be changed' : undefined}
        {...field('gender')}
      />
      <SelectField
        label="Region of institution"
        placeholder="Select region"
        options={REGIONS}
        required={registering}
        {...field('region_of_institution')}
      />
      <TextField
        label="Program of study"
        placeholder={registering ? 'e.g. General Nursing' : undefined}
        required={registering}
        {...field('program_of_study')}
      />
    </>
  );
}
