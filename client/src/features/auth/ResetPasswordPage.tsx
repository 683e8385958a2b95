// New password from the e-mailed link: form, then Password Reset Successful.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Alert } from '../../components/Alert';
import { SubmitButton } from '../../components/Button';
import { mismatch, NewPasswordFields } from '../../components/NewPasswordFields';
import { serverRefusal, useActionForm } from '../../hooks/useActionForm';
import { confirmPasswordReset } from '../../lib/restAuth';
import { AuthFormPage, AuthNotice, LINK_CLASS } from './AuthLayout';

export default function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const [done, setDone] = useState(false);
  const { form, field, pending, failure } = useActionForm(
    { new_password1: '', new_password2: '' },
    async (passwords) => {
      const unmatched = mismatch(passwords.new_password1, passwords.new_password2);
      if (unmatched) return unmatched;
      try {
        await confirmPasswordReset({ uid: uidb64, token, ...passwords });
        setDone(true);
      } catch (err) {
        return serverRefusal(
          err,
          ['new_password1', 'token'],
          'Failed to reset password. Please try again.',
          'New password',
        );
      }
    },
  );

  if (done) {
    return (
      <AuthNotice
        icon={<CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-green-600" />}
        title="Password Reset Successful"
        toLogin="Go to Login"
      >
        <p className="mt-2 text-slate-600 dark:text-slate-300">You can now sign in with your new password.</p>
      </AuthNotice>
    );
  }

  return (
    <AuthFormPage
      title="Set a new password"
      intro="Choose a password you don't use anywhere else."
      footer={
        <>
          <Link to="/forgot-password" className={LINK_CLASS}>
            Request a new link
          </Link>
        </>
      }
    >
      <form {...form} className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <NewPasswordFields first={field('new_password1')} second={field('new_password2')} />
        <SubmitButton className="w-full" pending={pending} busy="Resetting...">
          Reset Password
        </SubmitButton>
      </form>
    </AuthFormPage>
  );
}
