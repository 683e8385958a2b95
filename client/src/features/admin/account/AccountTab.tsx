// My Account: the admin's own name, sign-in e-mail and password. The first
// admin starts with a one-time password from the log and often a placeholder address that can
// receive no reset mail, so both are changed here.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ChangePasswordForm } from '../../../components/ChangePasswordForm';
import { PasswordField } from '../../../components/PasswordField';
import { TextField } from '../../../components/TextField';
import { useRevealErrors } from '../../../hooks/useRevealErrors';
import { firstServerField, firstServerMessage, useSession } from '../../../lib/session';
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
  const [name, setName] = useState(user?.full_name ?? '');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { scopeRef, reveal } = useRevealErrors();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    try {
      setProfile(await update.mutateAsync({ full_name: name }));
      setMessage({ tone: 'success', text: 'Name saved.' });
    } catch (err) {
      setMessage({ tone: 'error', text: firstServerMessage(err, ['full_name'], 'Could not save the name.') });
      reveal('Full name');
    }
  }

  return (
    <form ref={scopeRef} onSubmit={onSubmit} className="space-y-3">
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <TextField label="Full name" required value={name} onChange={(e) => setName(e.target.value)} />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save name'}
      </Button>
    </form>
  );
}

function EmailForm() {
  const { user } = useSession();
  const change = trpc.admin.changeOwnEmail.useMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { scopeRef, reveal } = useRevealErrors();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    try {
      const sent = await change.mutateAsync({ email, password });
      setEmail('');
      setPassword('');
      setMessage({ tone: 'success', text: sent.detail });
    } catch (err) {
      setMessage({
        tone: 'error',
        text: firstServerMessage(
          err,
          ['email', 'password'],
          'Could not change the e-mail. Please try again.',
        ),
      });
      reveal(firstServerField(err, ['password']) ? 'Current password' : 'New sign-in e-mail');
    }
  }

  return (
    <form ref={scopeRef} onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        You sign in as <strong>{user?.email}</strong>. Use an address you can read: password resets go there.
        The change takes effect when you open the link we send to the new address; then every device,
        this one too, is signed out.
      </p>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <TextField
        label="New sign-in e-mail"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Sending...' : 'Change e-mail'}
      </Button>
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
