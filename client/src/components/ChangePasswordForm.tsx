// Change Password: 'New passwords do not match' without a call, 'Updating...',
// a success message that clears after 5 s. A refusal shows the server's reason (wrong current
// password, a weak new one); the generic sentence stays for a failure with no answer.
import { useEffect, useState } from 'react';
import { Alert } from './Alert';
import { SubmitButton } from './Button';
import { mismatch, NewPasswordFields } from './NewPasswordFields';
import { CurrentPasswordField } from './PasswordField';
import { serverRefusal, useActionForm } from '../hooks/useActionForm';
import { firstServerField } from '../lib/session';
import { trpc } from '../lib/trpc';

const SUCCESS_MS = 5000;
const CHANGE_FAILED = 'Failed to change password. Please try again.';
const EMPTY = { old_password: '', new_password1: '', new_password2: '' };

export function ChangePasswordForm() {
  const change = trpc.auth.changePassword.useMutation();
  const [success, setSuccess] = useState<string | null>(null);
  const { form, field, pending, failure } = useActionForm(EMPTY, async (passwords, clear) => {
    setSuccess(null);
    const unmatched = mismatch(
      passwords.new_password1,
      passwords.new_password2,
      'New passwords do not match',
    );
    if (unmatched) return unmatched;
    try {
      await change.mutateAsync(passwords);
    } catch (err) {
      return serverRefusal(
        err,
        ['old_password', 'new_password1', 'new_password2'],
        CHANGE_FAILED,
        firstServerField(err, ['old_password']) ? 'Current password' : 'New password',
      );
    }
    clear();
    setSuccess('Password changed successfully.');
  });

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  return (
    <form {...form} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <CurrentPasswordField label="Current password" {...field('old_password')} />
      <NewPasswordFields first={field('new_password1')} second={field('new_password2')} />
      <SubmitButton pending={pending} busy="Updating...">
        Update Password
      </SubmitButton>
    </form>
  );
}
