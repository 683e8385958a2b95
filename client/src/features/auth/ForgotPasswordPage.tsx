// Request a reset e-mail: form, then Email Sent with a way back to the form.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import MailCheck from 'lucide-react/icons/mail-check';
import { Alert } from '../../components/Alert';
import { Button, SubmitButton } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { serverRefusal, useActionForm } from '../../hooks/useActionForm';
import { requestPasswordReset } from '../../lib/restAuth';
import { AuthFormPage, AuthNotice, LINK_CLASS } from './AuthLayout';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, field, setValues, pending, failure } = useActionForm({ email: '' }, async ({ email }) => {
    try {
      await requestPasswordReset({ email });
      setSentTo(email.trim());
    } catch (err) {
      return serverRefusal(err, ['email'], 'Failed to send reset email. Please try again.', 'Email');
    }
  });

  if (sentTo) {
    return (
      <AuthNotice
        icon={<MailCheck aria-hidden="true" className="mx-auto h-12 w-12 text-brand-600" />}
        title="Email Sent"
        toLogin="Back to Sign In"
        actions={
          <Button
            variant="secondary"
            onClick={() => {
              setSentTo(null);
              setValues({ email: '' });
            }}
          >
            Try Different Email
          </Button>
        }
      >
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          We&apos;ve sent a password reset link to{' '}
          <strong className="text-slate-900 dark:text-slate-100">{sentTo}</strong>.
        </p>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          Didn&apos;t receive it? Check your spam folder.
        </p>
      </AuthNotice>
    );
  }

  return (
    <AuthFormPage
      title="Forgot your password?"
      intro="Enter your e-mail and we'll send you a link to reset it."
      footer={
        <>
          <Link to="/login" className={LINK_CLASS}>
            Back to Sign In
          </Link>
        </>
      }
    >
      <form {...form} className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <SubmitButton className="w-full" pending={pending} busy="Sending...">
          Send Reset Link
        </SubmitButton>
      </form>
    </AuthFormPage>
  );
}
