// Sign in: show/hide password, remember-me, 'Signing in...', the server's
// message; an unverified address gets a way to have the link sent again.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { useRevealErrors } from '../../hooks/useRevealErrors';
import { useTypedBeforeHydration } from '../../hooks/useTypedBeforeHydration';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { useAction } from '../../hooks/useAction';
import { resendVerification, signIn } from '../../lib/restAuth';
import { firstServerMessage } from '../../lib/serverMessages';
import { useSignInHandoff } from '../../lib/signInHandoff';
import { AuthLayout, LINK_CLASS } from './AuthLayout';

const NOT_VERIFIED = 'E-mail is not verified.';

export default function LoginPage() {
  const handoff = useSignInHandoff();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resend = useAction(resendVerification);
  const { scopeRef, reveal } = useRevealErrors();
  useTypedBeforeHydration(scopeRef, (name, value) => {
    if (name === 'email') setEmail(value);
    if (name === 'password') setPassword(value);
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    setError(null);
    resend.reset();
    try {
      // Plain fetch through the REST shim; the handoff then shows the student or admin area.
      handoff.signedIn(await signIn(email, password, remember));
    } catch (err) {
      setError(
        firstServerMessage(
          err,
          ['detail', 'non_field_errors', 'email', 'password'],
          'Login failed. Please try again.',
        ),
      );
      setSubmitting(false);
      reveal('Password');
    }
  }

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold">Sign in</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-300">
        Sign in to practise for your licensing exam.
      </p>
      {/* POST: a form sent before the scripts arrive never puts the password in the address. */}
      <form
        ref={scopeRef}
        method="post"
        onSubmit={onSubmit}
        onFocus={handoff.prepare}
        className="space-y-4"
        noValidate={false}
      >
        {error && (
          <Alert tone="error">
            <p>{error}</p>
            {error === NOT_VERIFIED && (
              <Button
                variant="secondary"
                className="mt-2"
                disabled={resend.isPending || resend.isSuccess}
                onClick={() => resend.mutate({ email })}
              >
                {resend.isPending ? 'Sending...' : 'Resend verification email'}
              </Button>
            )}
          </Alert>
        )}
        {resend.data && <Alert tone="success">{resend.data.detail}</Alert>}
        {resend.isError && (
          <Alert tone="error">
            {firstServerMessage(resend.error, ['email'], 'Could not send the e-mail. Please try again.')}
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
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
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        Don&apos;t have an account?{' '}
        <Link to="/register" className={LINK_CLASS}>
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
