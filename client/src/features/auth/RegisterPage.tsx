// Registration: every field, the date mask, the school suggestions; checked with
// the server's own zod schema before the call; then /check-email with the address.
import { Link, useNavigate } from 'react-router-dom';
import { registerInput, type RegisterInput } from '@shared/schemas/auth';
import { Alert } from '../../components/Alert';
import { SubmitButton } from '../../components/Button';
import { mismatch, NewPasswordFields } from '../../components/NewPasswordFields';
import { ProfileFields } from '../../components/ProfileFields';
import { TextField } from '../../components/TextField';
import { serverRefusal, useActionForm, type Refusal } from '../../hooks/useActionForm';
import { registerAccount } from '../../lib/restAuth';
import { firstServerField, firstServerMessage } from '../../lib/serverMessages';
import { AuthFormPage, LINK_CLASS } from './AuthLayout';
import { SchoolField } from './SchoolField';

type Field = keyof RegisterInput;

const EMPTY: Record<Field, string> = {
  full_name: '',
  email: '',
  password1: '',
  password2: '',
  date_of_birth: '',
  gender: '',
  region_of_institution: '',
  program_of_study: '',
  school: '',
  school_code: '',
};

const PASSWORD_LABELS = ['Password', 'Confirm password'] as const;

/** The field a server refusal is about, by its label (where the focus goes). */
const FOCUS_OF: Record<string, string> = {
  email: 'Email',
  password1: 'Password',
  school_code: 'School code',
};

export default function RegisterPage() {
  const navigate = useNavigate();
  const { form, field, set, values, pending, failure } = useActionForm(
    EMPTY,
    async (submitted, clear): Promise<Refusal<Field> | void> => {
      const unmatched = mismatch(submitted.password1, submitted.password2, undefined, PASSWORD_LABELS);
      if (unmatched) return unmatched;
      const parsed = registerInput.safeParse(submitted);
      if (!parsed.success) {
        const fields: Refusal<Field>['fields'] = {};
        for (const issue of parsed.error.issues) fields[issue.path[0] as Field] ??= issue.message;
        return { fields };
      }
      try {
        await registerAccount(parsed.data);
      } catch (err) {
        const about = firstServerField(err, ['email', 'password1', 'school_code']);
        if (about === 'school_code') {
          const message = firstServerMessage(err, ['school_code'], 'Check the school code.');
          // Under the field as well: it is read with the field when the focus goes there.
          return { message, fields: { school_code: message }, focus: FOCUS_OF.school_code };
        }
        return serverRefusal(
          err,
          ['email', 'password1', 'school_code', 'non_field_errors'],
          'Registration failed. Please try again.',
          about ? FOCUS_OF[about] : undefined,
        );
      }
      clear();
      navigate('/check-email', { state: { email: submitted.email.trim() } });
    },
  );

  return (
    <AuthFormPage
      title="Create your account"
      intro="Free to start. No credit card needed."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={LINK_CLASS}>
            Sign in
          </Link>
        </>
      }
      wide
    >
      {/* POST: a form sent before the scripts arrive never puts the password in the address. */}
      <form {...form} method="post" className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <ProfileFields
            field={field}
            registering
            afterEmail={
              <NewPasswordFields
                labels={PASSWORD_LABELS}
                first={field('password1')}
                second={field('password2')}
              />
            }
          />
        </div>
        <SchoolField value={values.school} onChange={set('school')} error={field('school').error} />
        <TextField
          label="School code"
          autoComplete="off"
          autoCapitalize="characters"
          hint="If your school gave you a code, type it to join your school."
          maxLength={40}
          {...field('school_code')}
        />
        <SubmitButton className="w-full" pending={pending} busy="Creating account...">
          Create Account
        </SubmitButton>
      </form>
    </AuthFormPage>
  );
}
