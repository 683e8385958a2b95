// New password from the e-mailed link: form, then Password Reset Successful.
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { useRevealErrors } from '../../hooks/useRevealErrors';
import { useAction } from '../../hooks/useAction';
import { confirmPasswordReset } from '../../lib/restAuth';
import { firstServerMessage } from '../../lib/serverMessages';
import { AuthLayout, LINK_CLASS } from './AuthLayout';

export default function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useAction(confirmPasswordReset);
  const { scopeRef, reveal } = useRevealErrors();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (password1 !== password2) {
      setError('Passwords do not match');
      reveal('Confirm new password');
      return;
    }
    try {
      await confirm.mutateAsync({ uid: uidb64, token, new_password1: password1, new_password2: password2 });
    } catch (err) {
      setError(
        firstServerMessage(err, ['new_password1', 'token'], 'Failed to reset password. Please try again.'),
      );
      reveal('New password');
    }
  }

  if (confirm.isSuccess) {
    return (
      <AuthLayout>
        <div className="text-center">
          <CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-green-600" />
          <h1 className="mt-4 text-2xl font-bold">Password Reset Successful</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            You can now sign in with your new password.
          </p>
          <Link to="/login" className={buttonClass('primary', 'mt-6 w-full')}>
            Go to Login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold">Set a new password</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-300">
        Choose a password you don&apos;t use anywhere else.
      </p>
      <form ref={scopeRef} onSubmit={onSubmit} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          value={password1}
          onChange={(e) => setPassword1(e.target.value)}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          value={password2}
          onChange={(e) => setPassword2(e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={confirm.isPending}>
          {confirm.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/forgot-password" className={LINK_CLASS}>
          Request a new link
        </Link>
      </p>
    </AuthLayout>
  );
}
