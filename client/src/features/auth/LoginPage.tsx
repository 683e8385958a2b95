// Sign in: show/hide password, remember-me, 'Signing in...', the server's
// message; an unverified address gets a way to have the link sent again.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { Button, SubmitButton } from '../../components/Button';
import { CurrentPasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { useAction } from '../../hooks/useAction';
import { serverRefusal, useActionForm } from '../../hooks/useActionForm';
import { resendVerification, signIn } from '../../lib/restAuth';
import { firstServerMessage } from '../../lib/serverMessages';
import { useSignInHandoff } from '../../lib/signInHandoff';
import { AuthFormPage, LINK_CLASS } from './AuthLayout';

const NOT_VERIFIED = 'E-mail is not verified.';

export default function LoginPage() {
  const handoff = useSignInHandoff();
  const [remember, setRemember] = useState(false);
  const resend = useAction(resendVerification);
  const { form, field, values, pending, failure } = useActionForm(
    { email: '', password: '' },
    async ({ email, password }) => {
      resend.reset();
      try {
        // Plain fetch through the REST shim; the handoff then shows the student or admin area.
        handoff.signedIn(await signIn(email, password, remember));
      } catch (err) {
        return serverRefusal(
          err,
          ['detail', 'non_field_errors', 'email', 'password'],
          'Login failed. Please try again.',
          'Password',
        );
      }
    },
  );

  return (
    <AuthFormPage
      title="Sign in"
      intro="Sign in to practise for your licensing exam."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" className={LINK_CLASS}>
            Sign up
          </Link>
        </>
      }
    >
      {/* POST: a form sent before the scripts arrive never puts the password in the address. */}
      <form {...form} method="post" onFocus={handoff.prepare} className="space-y-4" noValidate={false}>
        {failure && (
          <Alert tone="error">
            <p>{failure}</p>
            {failure === NOT_VERIFIED && (
              <Button
                variant="secondary"
                className="mt-2"
                disabled={resend.isPending || resend.isSuccess}
                onClick={() => resend.mutate({ email: values.email })}
              >
                {resend.isPending ? 'Sending...' : 'Resend verification email'}
              </Button>
            )}
          </Alert>
        )}
        {/* Shown with the refusal they follow: gone while the next submit runs. */}
        {failure === NOT_VERIFIED && resend.data && <Alert tone="success">{resend.data.detail}</Alert>}
        {failure === NOT_VERIFIED && resend.isError && (
          <Alert tone="error">
            {firstServerMessage(resend.error, ['email'], 'Could not send the e-mail. Please try again.')}
          </Alert>
        )}
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <CurrentPasswordField {...field('password')} />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              className="h-4 w-4 accent-brand-600"
            />
            Remember me
          </label>
          <Link to="/forgot-password" className={LINK_CLASS}>
            Forgot password?
          </Link>
        </div>
        <SubmitButton className="w-full" pending={pending} busy="Signing in...">
          Sign In
        </SubmitButton>
      </form>
    </AuthFormPage>
  );
}
