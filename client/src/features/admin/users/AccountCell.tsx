// A user's account state, and for a student the help an admin can give: resend or hand over a
// verification link, verify by hand, or hand over a password reset link.
import { smallButton } from '../components/ui';
import type { AdminUser } from '../types';
import type { AccountAction, AccountActions } from './useAccountActions';

const STATES: Record<AdminUser['state'], { label: string; className: string }> = {
  unverified: {
    label: 'Unverified',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  },
  verified: {
    label: 'Verified',
    className: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  },
  deactivated: {
    label: 'Deactivated',
    className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  },
};

const ACTIONS: Record<'unverified' | 'verified', [AccountAction, string][]> = {
  unverified: [
    ['resendVerification', 'Resend e-mail'],
    ['verificationLink', 'Copy verification link'],
    ['verify', 'Mark verified'],
  ],
  verified: [['resetLink', 'Copy reset link']],
};

export function AccountCell({
  user,
  actions,
  helps,
}: {
  user: AdminUser;
  actions: AccountActions;
  /** False for a tutor, who reads accounts but does not act on them. */
  helps: boolean;
}) {
  const state = STATES[user.state];
  const offered = helps && user.role === 'student' && user.state !== 'deactivated' ? ACTIONS[user.state] : [];
  return (
    <div className="flex flex-col items-start gap-1">
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${state.className}`}>{state.label}</span>
      {offered.map(([action, label]) => (
        <button
          key={action}
          type="button"
          className={`${smallButton} border border-slate-300 whitespace-nowrap dark:border-slate-600`}
          disabled={actions.busy !== null}
          aria-label={`${label} for ${user.full_name}`}
          onClick={() => void actions.run(action, user)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
