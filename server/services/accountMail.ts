// The texts of account e-mails and the links inside them.
import type { Context } from '../context';
import type { User } from '../../db/schema';
import { storeOneTimeToken } from '../queries/authTokens';
import { randomToken } from './secrets';

export const VERIFICATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
const PRODUCT = 'NMC Prep RN';

/** Mail goes out in the background: the answer does not wait for (or reveal) delivery. */
function sendLater(ctx: Context, to: string, subject: string, text: string) {
  const job = ctx.mailer
    .send({ to, subject, text })
    .catch((err) => ctx.logger.error(`[mail] ${String(err)}`));
  ctx.background.add(job);
  void job.finally(() => ctx.background.delete(job));
}

export const uidb64 = (id: number) => Buffer.from(String(id)).toString('base64url');

export function userIdFromUidb64(uid: string): number | null {
  const decoded = Buffer.from(uid, 'base64url').toString('utf8');
  return /^\d{1,15}$/.test(decoded) ? Number(decoded) : null;
}

export async function sendVerificationMail(ctx: Context, user: User) {
  const token = randomToken();
  await storeOneTimeToken(ctx.db, 'email_verifications', user.id, token, VERIFICATION_TTL_MS);
  const link = `${ctx.env.PUBLIC_URL}/api/auth/verify-email/${token}/`;
  sendLater(
    ctx,
    user.email,
    `Confirm your e-mail for ${PRODUCT}`,
    `Hello ${user.full_name},\n\nWelcome to ${PRODUCT}. Confirm your e-mail address to start practising:\n\n${link}\n\nThis link works for 3 days. If you did not register, ignore this message.\n`,
  );
}

export function sendAlreadyRegisteredMail(ctx: Context, user: User) {
  sendLater(
    ctx,
    user.email,
    `You already have a ${PRODUCT} account`,
    `Hello ${user.full_name},\n\nSomeone (perhaps you) tried to register with this e-mail address, but it already has an account.\nSign in at ${ctx.env.PUBLIC_URL}/login, or reset your password at ${ctx.env.PUBLIC_URL}/forgot-password.\n`,
  );
}

export async function sendPasswordResetMail(ctx: Context, user: User) {
  const token = randomToken();
  await storeOneTimeToken(ctx.db, 'password_resets', user.id, token, RESET_TTL_MS);
  const link = `${ctx.env.PUBLIC_URL}/password-reset-confirm/${uidb64(user.id)}/${token}`;
  sendLater(
    ctx,
    user.email,
    `Reset your ${PRODUCT} password`,
    `Hello ${user.full_name},\n\nUse this link to choose a new password:\n\n${link}\n\nIt works once, for one hour. If you did not ask for it, ignore this message: your password stays as it is.\n`,
  );
}
