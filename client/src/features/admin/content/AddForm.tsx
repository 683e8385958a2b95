// The frame every add form shares: local validation first, then the call, "Adding..." while it
// runs, the server's own message if it refuses, and a confirmation when it is done.
import type { FormEvent, ReactNode } from 'react';
import Plus from 'lucide-react/icons/plus';
import { Alert } from '../../../components/Alert';
import { buttonClass } from '../../../components/Button';

export function AddForm({
  label,
  pending,
  problem,
  success,
  onSubmit,
  children,
}: {
  label: string;
  pending: boolean;
  problem: string | null;
  success: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form
      onSubmit={submit}
      aria-label={label}
      noValidate
      className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/50"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
      {problem && <Alert tone="error">{problem}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <button type="submit" className={buttonClass('primary', 'self-start')} disabled={pending}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {pending ? 'Adding...' : label}
      </button>
    </form>
  );
}
