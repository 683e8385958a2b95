// Where the verification e-mail's link opens: the reader of the mailbox types the password they
// registered with, and that registration becomes the account (someone else who registered the same
// address never knows it). Success goes on to /email-verified.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import MailCheck from 'lucide-react/icons/mail-check';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { useAction } from '../../hooks/useAction';
import { useRevealErrors } from '../../hooks/useRevealErrors';
import { verifyEmail } from '../../lib/restAuth';
import { firstServerField, firstServerMessage } from '../../lib/serverMessages';
import { AuthLayout, LINK_CLASS } from './AuthLayout';

export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useAction(verifyEmail);
  const { scopeRef, reveal } = useRevealErrors();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await verify.mutateAsync({ key: token, password });
      navigate('/email-verified', { replace: true });
    } catch (err) {
      if (firstServerField(err, ['token'])) {
        navigate('/email-verified?status=invalid', { replace: true });
        return;
      }
      setError(firstServerMessage(err, ['password'], 'Could not verify your e-mail. Please try again.'));
      reveal('Password');
    }
  }

  return (
    <AuthLayout>
      <MailCheck aria-hidden="true" className="h-10 w-10 text-brand-600" />
      <h1 className="mt-3 text-2xl font-bold">Confirm your e-mail</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-300">
        Type the password you chose when you registered. Your account is activated with it.
      </p>
      <form ref={scopeRef} onSubmit={onSubmit} className="space-y-4" noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          error={error ?? undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={verify.isPending || !password}>
          {verify.isPending ? 'Verifying...' : 'Verify Email'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        Forgot it?{' '}
        <Link to="/register" className={LINK_CLASS}>
          Register again
        </Link>{' '}
        with this address, then open this link again.
      </p>
    </AuthLayout>
  );
}
