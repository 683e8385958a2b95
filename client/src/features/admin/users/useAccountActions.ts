// The Users tab's help with a student's account: each action's answer becomes one notice above
// the table; a copied link is also shown, since a plain-HTTP school network may refuse the
// clipboard.
import { useState } from 'react';
import { copyText } from '../../../lib/clipboard';
import { trpc } from '../../../lib/trpc';
import { messageOf } from '../lib/errors';
import type { AdminUser } from '../types';
import type { RoleValue } from './RoleCell';

export interface AccountNotice {
  tone: 'success' | 'error';
  message: string;
  /** A link handed over, with whether it reached the clipboard. */
  link?: { url: string; copied: boolean };
}

export type AccountAction = 'resendVerification' | 'verificationLink' | 'resetLink' | 'verify';

export function useAccountActions() {
  const utils = trpc.useUtils();
  const [notice, setNotice] = useState<AccountNotice | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const mutations = {
    resendVerification: trpc.admin.accounts.resendVerification.useMutation(),
    verificationLink: trpc.admin.accounts.verificationLink.useMutation(),
    resetLink: trpc.admin.accounts.resetLink.useMutation(),
    verify: trpc.admin.accounts.verify.useMutation(),
  };
  const setRole = trpc.admin.setStaffRole.useMutation();

  async function run(action: AccountAction, user: AdminUser) {
    setBusy(user.id);
    setNotice(null);
    try {
      const answer: { detail: string; link?: string } = await mutations[action].mutateAsync({
        user_id: user.id,
      });
      if (answer.link) {
        const copied = await copyText(answer.link);
        const message = `${answer.detail} ${copied ? 'Copied: paste it to the student.' : 'Copy it below.'}`;
        setNotice({ tone: 'success', message, link: { url: answer.link, copied } });
      } else {
        setNotice({ tone: 'success', message: answer.detail });
      }
      if (action === 'verify') await utils.admin.users.invalidate();
    } catch (err) {
      setNotice({ tone: 'error', message: messageOf(err, 'Could not reach the server. Please try again.') });
    } finally {
      setBusy(null);
    }
  }

  /** A new role ends the user's sessions: they sign in again with it. */
  async function changeRole(user: AdminUser, role: RoleValue) {
    setBusy(user.id);
    setNotice(null);
    try {
      await setRole.mutateAsync({ id: user.id, role });
      setNotice({
        tone: 'success',
        message: `${user.full_name}'s role is saved; they sign in again to use it.`,
      });
      await utils.admin.users.invalidate();
    } catch (err) {
      setNotice({ tone: 'error', message: messageOf(err, 'Could not reach the server. Please try again.') });
    } finally {
      setBusy(null);
    }
  }

  return { notice, dismiss: () => setNotice(null), busy, run, changeRole };
}

export type AccountActions = ReturnType<typeof useAccountActions>;
