// Delete Account, really deleting: the user confirms with their password, the server
// deletes the account and its results, then the session is cleared and the landing page shows.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { useRevealErrors } from '../../hooks/useRevealErrors';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { PasswordField } from '../../components/PasswordField';
import { firstServerMessage, useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        Permanently delete your account and all your results. This cannot be undone.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      {open && <DeleteDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const { forget } = useSession();
  const navigate = useNavigate();
  const remove = trpc.profile.delete.useMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { scopeRef, reveal } = useRevealErrors();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await remove.mutateAsync({ password });
      // The server has already ended every session of the deleted account.
      forget();
      navigate('/', { replace: true });
    } catch (err) {
      setError(firstServerMessage(err, ['password'], 'Failed to delete your account. Please try again.'));
      reveal('Password');
    }
  }

  return (
    <Modal title="Delete your account?" onClose={onClose} alert>
      <form ref={scopeRef} onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Your profile and every result will be deleted for good. Enter your password to confirm.
        </p>
        {error && <Alert tone="error">{error}</Alert>}
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending || !password}>
            {remove.isPending ? 'Deleting...' : 'Delete My Account'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
