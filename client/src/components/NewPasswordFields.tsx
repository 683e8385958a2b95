// A new password typed twice (registration, reset, change): the same autocomplete everywhere, so
// that password managers offer to make one up and save it, and the same check before any call.
import { PasswordField } from './PasswordField';
import type { FieldProps } from '../hooks/useActionForm';

const LABELS = ['New password', 'Confirm new password'] as const;

interface NewPasswordFieldsProps {
  first: FieldProps;
  second: FieldProps;
  labels?: readonly [string, string];
}

export function NewPasswordFields({ first, second, labels = LABELS }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField label={labels[0]} autoComplete="new-password" required {...first} />
      <PasswordField label={labels[1]} autoComplete="new-password" required {...second} />
    </>
  );
}

/** Two different entries are refused before any call, and the second field gets the focus. */
export function mismatch(
  first: string,
  second: string,
  message = 'Passwords do not match',
  labels: readonly [string, string] = LABELS,
): { message: string; focus: string } | undefined {
  return first === second ? undefined : { message, focus: labels[1] };
}
