// My Account: the admin's own name, sign-in e-mail and password. The first
// admin starts with a one-time password from the log and often a placeholder address that can
// receive no reset mail, so both are changed here.
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { SubmitButton } from '../../../components/Button';
import { ChangePasswordForm } from '../../../components/ChangePasswordForm';
import { CurrentPasswordField } from '../../../components/PasswordField';
import { TextField } from '../../../components/TextField';
import { serverRefusal, useActionForm } from '../../../hooks/useActionForm';
import { firstServerField, useSession } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { cardClass } from '../components/ui';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function NameForm() {
  const { user, setProfile } = useSession();
  const update = trpc.profile.update.useMutation();
  const [saved, setSaved] = useState(false);
  const { form, field, pending, failure } = useActionForm(
    { full_name: user?.full_name ?? '' },
    async ({ full_name }) => {
      setSaved(false);
      try {
        setProfile(await update.mutateAsync({ full_name }));
      } catch (err) {
        return serverRefusal(err, ['full_name'], 'Could not save the name.', 'Full name');
      }
      setSaved(true);
    },
  );

  return (
    <form {...form} className="space-y-3">
      {failure && <Alert tone="error">{failure}</Alert>}
      {saved && <Alert tone="success">Name saved.</Alert>}
      <TextField label="Full name" required {...field('full_name')} />
      <SubmitButton pending={pending} busy="Saving...">
        Save name
      </SubmitButton>
    </form>
  );
}

function EmailForm() {
  const { user } = useSession();
  const change = trpc.admin.changeOwnEmail.useMutation();
  const [sent, setSent] = useState<string | null>(null);
  const { form, field, pending, failure } = useActionForm(
    { email: '', password: '' },
    async (input, clear) => {
      setSent(null);
      try {
        const answer = await change.mutateAsync(input);
        clear();
        setSent(answer.detail);
      } catch (err) {
        return serverRefusal(
          err,
          ['email', 'password'],
          'Could not change the e-mail. Please try again.',
          firstServerField(err, ['password']) ? 'Current password' : 'New sign-in e-mail',
        );
      }
    },
  );

  return (
    <form {...form} className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        You sign in as <strong>{user?.email}</strong>. Use an address you can read: password resets go there.
        The change takes effect when you open the link we send to the new address; then every device, this one
        too, is signed out.
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      {sent && <Alert tone="success">{sent}</Alert>}
      <TextField label="New sign-in e-mail" type="email" autoComplete="email" required {...field('email')} />
      <CurrentPasswordField label="Current password" {...field('password')} />
      <SubmitButton pending={pending} busy="Sending...">
        Change e-mail
      </SubmitButton>
    </form>
  );
}

export function AccountTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Name">
        <NameForm />
      </Card>
      <Card title="Sign-in e-mail">
        <EmailForm />
      </Card>
      <Card title="Password">
        <ChangePasswordForm />
      </Card>
    </div>
  );
}
