// After registration: the address comes from navigation state, else 'your email'.
import { useLocation } from 'react-router-dom';
import Mail from 'lucide-react/icons/mail';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useAction } from '../../hooks/useAction';
import { resendVerification } from '../../lib/restAuth';
import { AuthNotice } from './AuthLayout';

export default function CheckEmailPage() {
  const state = useLocation().state as { email?: string } | null;
  const email = state?.email;
  const resend = useAction(resendVerification);
  return (
    <AuthNotice
      icon={<Mail aria-hidden="true" className="mx-auto h-12 w-12 text-brand-600" />}
      title="Check your email"
      toLogin="Back to Sign In"
      actions={
        email && (
          <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate({ email })}>
            {resend.isPending ? 'Sending...' : 'Resend verification email'}
          </Button>
        )
      }
    >
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        We sent a verification link to{' '}
        <strong className="text-slate-900 dark:text-slate-100">{email ?? 'your email'}</strong>. Open it and
        type your password to activate your account, then sign in.
      </p>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
        Can&apos;t find it? Check your spam or junk folder.
      </p>
      {resend.data && (
        <div className="mt-4">
          <Alert tone="success">{resend.data.detail}</Alert>
        </div>
      )}
      {resend.isError && (
        <div className="mt-4">
          <Alert tone="error">Could not send the e-mail. Please try again.</Alert>
        </div>
      )}
    </AuthNotice>
  );
}
