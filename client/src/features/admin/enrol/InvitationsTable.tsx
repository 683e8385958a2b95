// The school's invitations with their state (filtered by state), and what staff may do with each:
// a new link for a pending or expired one, withdrawing one not yet accepted.
import { useState } from 'react';
import { INVITATION_STATES, type InvitationStateShown } from '@shared/domain/classList';
import { Alert } from '../../../components/Alert';
import { trpc } from '../../../lib/trpc';
import { DataTable } from '../components/DataTable';
import { Select } from '../components/Select';
import { smallButton, tdClass } from '../components/ui';
import { messageOf } from '../lib/errors';

const COLUMNS = [
  { label: 'Name' },
  { label: 'E-mail' },
  { label: 'Programme' },
  { label: 'State' },
  { label: 'Link works until' },
  { label: 'Actions' },
] as const;

const STATE_LABEL: Record<InvitationStateShown, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

export function InvitationsTable({
  schoolId,
  canChange,
}: {
  schoolId: number | undefined;
  canChange: boolean;
}) {
  const [state, setState] = useState<InvitationStateShown | ''>('');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const input = { school_id: schoolId, state: state || undefined };
  const list = trpc.enrol.invitations.useQuery(input);
  const utils = trpc.useUtils();
  const resend = trpc.enrol.resend.useMutation();
  const withdraw = trpc.enrol.withdraw.useMutation();
  const actions = [
    ['Resend', resend],
    ['Withdraw', withdraw],
  ] as const;

  async function act(action: typeof resend | typeof withdraw, id: number) {
    setBusy(id);
    setNotice(null);
    try {
      const answer = await action.mutateAsync({ id });
      setNotice({ tone: 'success', message: answer.detail });
      await utils.enrol.invitations.invalidate();
    } catch (err) {
      setNotice({ tone: 'error', message: messageOf(err, 'Could not reach the server. Please try again.') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          Invitations
        </h2>
        <div className="w-48">
          <Select
            label="Show"
            value={state}
            placeholder="Every state"
            options={INVITATION_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] }))}
            onChange={(v) => setState(v as InvitationStateShown | '')}
          />
        </div>
      </div>
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.message}</Alert>}</div>
      {list.isError && <Alert tone="error">{messageOf(list.error, 'Failed to load the invitations.')}</Alert>}
      {list.isPending && <p className="text-sm text-slate-600 dark:text-slate-300">Loading invitations…</p>}
      {list.data && list.data.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No invitations{state ? ' in this state' : ' yet'}.
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <DataTable region="Invitations" caption="Invitations" columns={COLUMNS}>
          {list.data.map((inv) => {
            const open = canChange && (inv.state === 'pending' || inv.state === 'expired');
            return (
              <tr key={inv.id}>
                <td className={tdClass}>{inv.full_name}</td>
                <td className={`${tdClass} break-all`}>{inv.email}</td>
                <td className={tdClass}>{inv.program_of_study}</td>
                <td className={tdClass}>{STATE_LABEL[inv.state]}</td>
                <td className={tdClass}>{inv.state === 'pending' ? day(inv.expires_at) : '—'}</td>
                <td className={tdClass}>
                  {open && (
                    <div className="flex flex-wrap gap-1">
                      {actions.map(([label, action]) => (
                        <button
                          key={label}
                          type="button"
                          className={smallButton}
                          disabled={busy !== null}
                          aria-label={`${label} the invitation of ${inv.email}`}
                          onClick={() => void act(action, inv.id)}
                        >
                          {label}
                        </button>
                      ))}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}
