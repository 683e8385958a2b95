// Registration: every field, the date mask, the school suggestions; checked with
// the server's own zod schema before the call; then /check-email with the address.
import { Link, useNavigate } from 'react-router-dom';
import { registerInput, type RegisterInput } from '@shared/schemas/auth';
import { Alert } from '../../components/Alert';
import { SubmitButton } from '../../components/Button';
import { mismatch, NewPasswordFields } from '../../components/NewPasswordFields';
import { ProfileFields } from '../../components/ProfileFields';
import { serverRefusal, useActionForm, type Refusal } from '../../hooks/useActionForm';
import { registerAccount } from '../../lib/restAuth';
import { firstServerField } from '../../lib/serverMessages';
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
};

const PASSWORD_LABELS = ['Password', 'Confirm password'] as const;

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
        const about = firstServerField(err, ['email', 'password1']);
        return serverRefusal(
          err,
          ['email', 'password1', 'non_field_errors'],
          'Registration failed. Please try again.',
          about === 'email' ? 'Email' : about === 'password1' ? 'Password' : undefined,
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
        <SubmitButton className="w-full" pending={pending} busy="Creating account...">
          Create Account
        </SubmitButton>
      </form>
    </AuthFormPage>
  );
}
