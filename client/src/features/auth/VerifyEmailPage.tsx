// Where the verification e-mail's link opens: the reader of the mailbox types the password they
// registered with, and that registration becomes the account (someone else who registered the same
// address never knows it). Success goes on to /email-verified.
import { Link, useNavigate, useParams } from 'react-router-dom';
import MailCheck from 'lucide-react/icons/mail-check';
import { Alert } from '../../components/Alert';
import { SubmitButton } from '../../components/Button';
import { CurrentPasswordField } from '../../components/PasswordField';
import { useActionForm } from '../../hooks/useActionForm';
import { verifyEmail } from '../../lib/restAuth';
import { firstServerField, firstServerMessage } from '../../lib/serverMessages';
import { AuthLayout, LINK_CLASS } from './AuthLayout';

export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { form, field, values, pending, failure } = useActionForm({ password: '' }, async ({ password }) => {
    try {
      await verifyEmail({ key: token, password });
      navigate('/email-verified', { replace: true });
    } catch (err) {
      if (firstServerField(err, ['token'])) {
        navigate('/email-verified?status=invalid', { replace: true });
        return;
      }
      const message = firstServerMessage(
        err,
        ['password'],
        'Could not verify your e-mail. Please try again.',
      );
      // The message under the field too: it is read with the field when it gets the focus.
      return { message, fields: { password: message }, focus: 'Password' };
    }
  });

  return (
    <AuthLayout>
      <MailCheck aria-hidden="true" className="h-10 w-10 text-brand-600" />
      <h1 className="mt-3 text-2xl font-bold">Confirm your e-mail</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-300">
        Type the password you chose when you registered. Your account is activated with it.
      </p>
      <form {...form} className="space-y-4" noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        <CurrentPasswordField {...field('password')} />
        <SubmitButton className="w-full" pending={pending} busy="Verifying..." disabled={!values.password}>
          Verify Email
        </SubmitButton>
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
