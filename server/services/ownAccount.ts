// An admin's own account: the first admin's address is often a placeholder
// (admin@example.com) that can receive no reset mail, so it is changed here, with the password.
// The new address takes effect only when the link mailed to it is opened, so a mistyped address
// or a stolen session cannot move the account to a mailbox nobody proved.
import type { z } from 'zod';
import type { changeOwnEmailInput } from '../../shared/schemas/admin';
import { serialized } from '../../db/dialect';
import type { Context } from '../context';
import type { User } from '../../db/schema';
import { fieldError } from '../errors';
import { consumeEmailChange } from '../queries/authTokens';
import { findUserByEmail, findUserById } from '../queries/users';
import { deliverLater, queueEmailChangedNotice, queueEmailChangeMail } from './accountMail';
import { verifyPassword } from './passwords';
import { changeAndSignOut } from './userAccess';

const TAKEN = 'A user with this e-mail already exists.';

export async function changeOwnEmail(ctx: Context, user: User, input: z.output<typeof changeOwnEmailInput>) {
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw fieldError('password', 'The password is not correct.');
  }
  const email = input.email.toLowerCase();
  if (email === user.email) throw fieldError('email', 'This is already your sign-in e-mail.');
  if (await findUserByEmail(ctx.db, email)) throw fieldError('email', TAKEN);
  const mail = await ctx.db.transaction().execute((trx) => queueEmailChangeMail(ctx, trx, user, email));
  if (!mail) {
    throw fieldError('email', 'Too many e-mails went to this address in the last hour. Try again later.');
  }
  deliverLater(ctx, mail);
  return {
    detail: `We sent a link to ${email}. Your sign-in e-mail changes when you open it.`,
    pending_email: email,
  };
}

export async function confirmEmailChange(ctx: Context, token: string) {
  const invalid = () => fieldError('token', 'This link is invalid or has expired.');
  const outcome = await serialized(ctx.db, ['email-change'], async (trx) => {
    const change = await consumeEmailChange(trx, token);
    const user = change && (await findUserById(trx, change.user_id));
    if (!change || !user || user.is_active !== 1) return null;
    if (await findUserByEmail(trx, change.new_email)) return 'taken' as const;
    const updated = await changeAndSignOut(trx, user.id, { email: change.new_email });
    return { mail: await queueEmailChangedNotice(ctx, trx, user.email, updated) };
  });
  if (outcome === 'taken') throw fieldError('token', TAKEN);
  if (!outcome) throw invalid();
  deliverLater(ctx, outcome.mail);
  return { detail: 'Your sign-in e-mail is changed. Sign in with the new address.' };
}
