// Request a reset e-mail: form, then Email Sent with a way back to the form.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import MailCheck from 'lucide-react/icons/mail-check';
import { Alert } from '../../components/Alert';
import { useRevealErrors } from '../../hooks/useRevealErrors';
import { Button, buttonClass } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useAction } from '../../hooks/useAction';
import { requestPasswordReset } from '../../lib/restAuth';
import { firstServerMessage } from '../../lib/serverMessages';
import { AuthLayout, LINK_CLASS } from './AuthLayout';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { scopeRef, reveal } = useRevealErrors();
  const request = useAction(requestPasswordReset);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await request.mutateAsync({ email });
      setSentTo(email.trim());
    } catch (err) {
      setError(firstServerMessage(err, ['email'], 'Failed to send reset email. Please try again.'));
      reveal('Email');
    }
  }

  if (sentTo) {
    return (
      <AuthLayout>
        <div className="text-center">
          <MailCheck aria-hidden="true" className="mx-auto h-12 w-12 text-brand-600" />
          <h1 className="mt-4 text-2xl font-bold">Email Sent</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            We&apos;ve sent a password reset link to{' '}
            <strong className="text-slate-900 dark:text-slate-100">{sentTo}</strong>.
          </p>
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
            Didn&apos;t receive it? Check your spam folder.
          </p>
          <div className="mt-6 flex flex-col gap-3">
            <Button
              variant="secondary"
              onClick={() => {
                setSentTo(null);
                setEmail('');
              }}
            >
              Try Different Email
            </Button>
            <Link to="/login" className={buttonClass('primary')}>
              Back to Sign In
            </Link>
          </div>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold">Forgot your password?</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-300">
        Enter your e-mail and we&apos;ll send you a link to reset it.
      </p>
      <form ref={scopeRef} onSubmit={onSubmit} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className={LINK_CLASS}>
          Back to Sign In
        </Link>
      </p>
    </AuthLayout>
  );
}
