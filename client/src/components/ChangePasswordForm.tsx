// Change Password: 'New passwords do not match' without a call, 'Updating...',
// a success message that clears after 5 s. A refusal shows the server's reason (wrong current
// password, a weak new one); the generic sentence stays for a failure with no answer.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { PasswordField } from './PasswordField';
import { useRevealErrors } from '../hooks/useRevealErrors';
import { firstServerField, firstServerMessage } from '../lib/session';
import { trpc } from '../lib/trpc';

const SUCCESS_MS = 5000;
const CHANGE_FAILED = 'Failed to change password. Please try again.';

export function ChangePasswordForm() {
  const change = trpc.auth.changePassword.useMutation();
  const [oldPassword, setOldPassword] = useState('');
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const { scopeRef, reveal } = useRevealErrors();

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    if (password1 !== password2) {
      setError('New passwords do not match');
      reveal('Confirm new password');
      return;
    }
    try {
      await change.mutateAsync({
        old_password: oldPassword,
        new_password1: password1,
        new_password2: password2,
      });
      setOldPassword('');
      setPassword1('');
      setPassword2('');
      setSuccess('Password changed successfully.');
    } catch (err) {
      setError(firstServerMessage(err, ['old_password', 'new_password1', 'new_password2'], CHANGE_FAILED));
      reveal(firstServerField(err, ['old_password']) ? 'Current password' : 'New password');
    }
  }

  return (
    <form ref={scopeRef} onSubmit={onSubmit} className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        value={oldPassword}
        onChange={(e) => setOldPassword(e.target.value)}
      />
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
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
