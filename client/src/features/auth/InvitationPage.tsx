// Where a school's invitation e-mail opens: the student sees whose invitation it is, chooses a
// password (typed twice, the same rules as registration) and lands signed in as the school's
// student. A used, withdrawn or expired link says so and offers the sign-in page.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import CircleX from 'lucide-react/icons/circle-x';
import { Alert } from '../../components/Alert';
import { SubmitButton } from '../../components/Button';
import { LoadingScreen } from '../../components/LoadingScreen';
import { mismatch, NewPasswordFields } from '../../components/NewPasswordFields';
import { useActionForm } from '../../hooks/useActionForm';
import { acceptInvitation, openInvitation, type InvitationDetails } from '../../lib/restInvitation';
import { firstServerField, firstServerMessage } from '../../lib/serverMessages';
import { useSignInHandoff } from '../../lib/signInHandoff';
import { AuthFormPage, AuthNotice } from './AuthLayout';

const LABELS = ['Password', 'Confirm password'] as const;
const UNREACHABLE = 'Could not reach the server. Check your connection and reload this page.';

type Link =
  { state: 'loading' } | { state: 'open'; invitation: InvitationDetails } | { state: 'closed'; why: string };

export default function InvitationPage() {
  const { token = '' } = useParams();
  const handoff = useSignInHandoff();
  const [link, setLink] = useState<Link>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    openInvitation(token).then(
      (invitation) => current && setLink({ state: 'open', invitation }),
      (err: unknown) =>
        current && setLink({ state: 'closed', why: firstServerMessage(err, ['token'], UNREACHABLE) }),
    );
    handoff.prepare();
    return () => {
      current = false;
    };
  }, [token, handoff]);

  const { form, field, pending, failure } = useActionForm(
    { password1: '', password2: '' },
    async (values) => {
      const unmatched = mismatch(values.password1, values.password2, undefined, LABELS);
      if (unmatched) return unmatched;
      try {
        handoff.signedIn(await acceptInvitation({ token, ...values }));
      } catch (err) {
        if (firstServerField(err, ['token'])) {
          setLink({ state: 'closed', why: firstServerMessage(err, ['token'], UNREACHABLE) });
          return;
        }
        const message = firstServerMessage(
          err,
          ['password1', 'password2', 'detail'],
          'Could not create your account. Please try again.',
        );
        // Under the field too: it is read with the field when it gets the focus.
        return { message, fields: { password1: message }, focus: LABELS[0] };
      }
    },
  );

  if (link.state === 'loading') return <LoadingScreen />;
  if (link.state === 'closed')
    return (
      <AuthNotice
        icon={<CircleX aria-hidden="true" className="mx-auto h-12 w-12 text-red-600" />}
        title="This invitation cannot be used"
        toLogin="Go to sign in"
      >
        <p className="mt-2 text-slate-600 dark:text-slate-300">{link.why}</p>
      </AuthNotice>
    );
  const { invitation } = link;
  return (
    <AuthFormPage
      title={`Welcome, ${invitation.full_name}`}
      intro={
        <>
          {invitation.school} enrolled you in NMC Prep RN ({invitation.programme}). Choose a password to
          start: you will sign in with <strong className="break-all">{invitation.email}</strong> and this
          password.
        </>
      }
      footer="Not you? Ignore this page: nothing happens without a password."
    >
      <form {...form} method="post" className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <NewPasswordFields labels={LABELS} first={field('password1')} second={field('password2')} />
        <SubmitButton className="w-full" pending={pending} busy="Creating your account...">
          Create my account
        </SubmitButton>
      </form>
    </AuthFormPage>
  );
}
