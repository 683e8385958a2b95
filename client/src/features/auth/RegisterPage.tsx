// Registration: every field, the date mask, the school suggestions; checked with
// the server's own zod schema before the call; then /check-email with the address.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { GENDERS, REGIONS } from '@shared/domain/regions';
import { registerInput, type RegisterInput } from '@shared/schemas/auth';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useRevealErrors } from '../../hooks/useRevealErrors';
import { useTypedBeforeHydration } from '../../hooks/useTypedBeforeHydration';
import { registerAccount } from '../../lib/restAuth';
import { firstServerField, firstServerMessage } from '../../lib/serverMessages';
import { AuthLayout, LINK_CLASS } from './AuthLayout';
import { maskDate } from '../../lib/dateMask';
import { SchoolField } from './SchoolField';

type Form = Record<keyof RegisterInput, string>;
type FieldErrors = Partial<Record<keyof Form, string>>;

const EMPTY: Form = {
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

export default function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { scopeRef, reveal } = useRevealErrors();
  useTypedBeforeHydration(scopeRef, (name, value) => {
    if (name in EMPTY) setForm((f) => ({ ...f, [name]: value }));
  });

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (form.password1 !== form.password2) {
      setError('Passwords do not match');
      reveal('Confirm password');
      return;
    }
    const parsed = registerInput.safeParse(form);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Form;
        errors[key] ??= issue.message;
      }
      setFieldErrors(errors);
      reveal();
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await registerAccount(parsed.data);
      const email = form.email.trim();
      setForm(EMPTY);
      navigate('/check-email', { state: { email } });
    } catch (err) {
      setError(
        firstServerMessage(
          err,
          ['email', 'password1', 'non_field_errors'],
          'Registration failed. Please try again.',
        ),
      );
      const field = firstServerField(err, ['email', 'password1']);
      reveal(field === 'email' ? 'Email' : field === 'password1' ? 'Password' : undefined);
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout wide>
      <h1 className="text-2xl font-bold">Create your account</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-300">
        Free to start. No credit card needed.
      </p>
      {/* POST: a form sent before the scripts arrive never puts the password in the address. */}
      <form ref={scopeRef} method="post" onSubmit={onSubmit} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Full name"
            autoComplete="name"
            required
            name="full_name"
            value={form.full_name}
            error={fieldErrors.full_name}
            onChange={(e) => set('full_name')(e.target.value)}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            name="email"
            value={form.email}
            error={fieldErrors.email}
            onChange={(e) => set('email')(e.target.value)}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            name="password1"
            value={form.password1}
            error={fieldErrors.password1}
            onChange={(e) => set('password1')(e.target.value)}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            name="password2"
            value={form.password2}
            error={fieldErrors.password2}
            onChange={(e) => set('password2')(e.target.value)}
          />
          <TextField
            label="Date of birth"
            inputMode="numeric"
            placeholder="YYYY/MM/DD"
            hint="Format: YYYY/MM/DD"
            required
            maxLength={10}
            name="date_of_birth"
            value={form.date_of_birth}
            error={fieldErrors.date_of_birth}
            onChange={(e) => set('date_of_birth')(maskDate(e.target.value))}
          />
          <SelectField
            label="Gender"
            placeholder="Select gender"
            options={GENDERS}
            required
            name="gender"
            value={form.gender}
            error={fieldErrors.gender}
            onChange={(e) => set('gender')(e.target.value)}
          />
          <SelectField
            label="Region of institution"
            placeholder="Select region"
            options={REGIONS}
            required
            name="region_of_institution"
            value={form.region_of_institution}
            error={fieldErrors.region_of_institution}
            onChange={(e) => set('region_of_institution')(e.target.value)}
          />
          <TextField
            label="Program of study"
            placeholder="e.g. General Nursing"
            required
            name="program_of_study"
            value={form.program_of_study}
            error={fieldErrors.program_of_study}
            onChange={(e) => set('program_of_study')(e.target.value)}
          />
        </div>
        <SchoolField value={form.school} onChange={set('school')} error={fieldErrors.school} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" className={LINK_CLASS}>
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
