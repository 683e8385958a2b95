// Delete Account, really deleting: the user confirms with their password, the server
// deletes the account and its results, then the session is cleared and the landing page shows.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { Button, SubmitButton } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { CurrentPasswordField } from '../../components/PasswordField';
import { serverRefusal, useActionForm } from '../../hooks/useActionForm';
import { useSession } from '../../lib/session';
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
  const { form, field, values, pending, failure } = useActionForm({ password: '' }, async ({ password }) => {
    try {
      await remove.mutateAsync({ password });
    } catch (err) {
      return serverRefusal(err, ['password'], 'Failed to delete your account. Please try again.', 'Password');
    }
    // The server has already ended every session of the deleted account.
    forget();
    navigate('/', { replace: true });
  });

  return (
    <Modal title="Delete your account?" onClose={onClose} alert>
      <form {...form} className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Your profile and every result will be deleted for good. Enter your password to confirm.
        </p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <CurrentPasswordField {...field('password')} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton variant="danger" pending={pending} busy="Deleting..." disabled={!values.password}>
            Delete My Account
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
