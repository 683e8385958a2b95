// The texts of account e-mails and the links inside them. Each mail is queued in the transaction
// that creates its link, so a link exists only if its mail does, and a later registration or reset
// request (which waits for that transaction) sees the link and can kill it.
import type { Context } from '../context';
import type { DB } from '../../db/client';
import { lockKeys } from '../../db/dialect';
import type { User } from '../../db/schema';
import { expireOneTimeTokens, storeOneTimeToken } from '../queries/authTokens';
import { findUserById } from '../queries/users';
import { LINK_NOT_STORED, queueMail, type MailMessage } from './mail';
import { randomToken } from './secrets';

export const VERIFICATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** Verification, reset and "already registered" mails together, per recipient per hour. */
export const ACCOUNT_MAILS_PER_HOUR = 3;
const PRODUCT = 'NMC Prep RN';

/** A mail whose outbox row is written: handed to the mailer once its transaction has committed. */
export interface QueuedMail {
  id: number;
  message: MailMessage;
}

/**
 * Queues a mail unless its recipient is at the hourly cap (then returns null and creates no link).
 * The outbox stores the text with LINK_NOT_STORED in place of the link.
 */
async function queueAccountMail(
  ctx: Context,
  db: DB,
  mail: { to: string; subject: string; text: (link: string) => string },
  createLink: () => Promise<string> = async () => '',
): Promise<QueuedMail | null> {
  // Mails to one address are counted one at a time, so the cap holds against parallel requests.
  await lockKeys(db, [`email:${mail.to.toLowerCase()}`]);
  const storedText = mail.text(LINK_NOT_STORED);
  const id = await queueMail(db, { to: mail.to, subject: mail.subject, storedText }, ACCOUNT_MAILS_PER_HOUR);
  if (id === null) {
    ctx.logger.info(
      `[mail] not sent to ${mail.to}: ${ACCOUNT_MAILS_PER_HOUR} account mails this hour already`,
    );
    return null;
  }
  const link = await createLink();
  return { id, message: { to: mail.to, subject: mail.subject, text: mail.text(link) } };
}

/** Mail goes out in the background: the answer does not wait for (or reveal) delivery. */
export function deliverLater(ctx: Context, mail: QueuedMail | null) {
  if (!mail) return;
  const job = ctx.mailer
    .deliver(mail.id, mail.message)
    .catch((err) => ctx.logger.error(`[mail] ${String(err)}`));
  ctx.background.add(job);
  void job.finally(() => ctx.background.delete(job));
}

export const uidb64 = (id: number) => Buffer.from(String(id)).toString('base64url');

export function userIdFromUidb64(uid: string): number | null {
  const decoded = Buffer.from(uid, 'base64url').toString('utf8');
  return /^\d{1,15}$/.test(decoded) ? Number(decoded) : null;
}

/** Call inside the transaction that wrote `user`, so the link belongs to that registration. */
export function queueVerificationMail(ctx: Context, db: DB, user: User) {
  return queueAccountMail(
    ctx,
    db,
    {
      to: user.email,
      subject: `Confirm your e-mail for ${PRODUCT}`,
      text: (link) =>
        `Hello ${user.full_name},\n\nWelcome to ${PRODUCT}. Confirm your e-mail address to start practising:\n\n${link}\n\nThis link works for 3 days. If you did not register, ignore this message.\n`,
    },
    () => createVerificationLink(ctx, db, user.id),
  );
}

/** A new one-time verification link (stored hashed); older ones stay valid until they expire. */
export async function createVerificationLink(ctx: Context, db: DB, userId: number) {
  const token = randomToken();
  await storeOneTimeToken(db, 'email_verifications', userId, token, VERIFICATION_TTL_MS);
  return `${ctx.env.PUBLIC_URL}/api/auth/verify-email/${token}/`;
}

export function queueAlreadyRegisteredMail(ctx: Context, db: DB, user: User) {
  return queueAccountMail(ctx, db, {
    to: user.email,
    subject: `You already have a ${PRODUCT} account`,
    text: () =>
      `Hello ${user.full_name},\n\nSomeone (perhaps you) tried to register with this e-mail address, but it already has an account.\nSign in at ${ctx.env.PUBLIC_URL}/login, or reset your password at ${ctx.env.PUBLIC_URL}/forgot-password.\n`,
  });
}

/**
 * A new link for an account still unverified, read again under the write lock. False when no
 * mail was queued (verified, deactivated or gone, or the address had its mails for the hour).
 */
export async function sendVerificationMail(ctx: Context, user: Pick<User, 'id'>): Promise<boolean> {
  const mail = await ctx.db.transaction().execute(async (trx) => {
    const current = await findUserById(trx, user.id);
    if (!current || current.email_verified_at || current.is_active !== 1) return null;
    return queueVerificationMail(ctx, trx, current);
  });
  deliverLater(ctx, mail);
  return mail !== null;
}

/** A new reset link; every older one dies with it (but not when the cap holds this mail back). */
export async function sendPasswordResetMail(ctx: Context, user: User) {
  const mail = await ctx.db.transaction().execute((trx) =>
    queueAccountMail(
      ctx,
      trx,
      {
        to: user.email,
        subject: `Reset your ${PRODUCT} password`,
        text: (link) =>
          `Hello ${user.full_name},\n\nUse this link to choose a new password:\n\n${link}\n\nIt works once, for one hour. If you did not ask for it, ignore this message: your password stays as it is.\n`,
      },
      () => createPasswordResetLink(ctx, trx, user.id),
    ),
  );
  deliverLater(ctx, mail);
}

/** A new one-time reset link (stored hashed); every older reset link of the user dies with it. */
export async function createPasswordResetLink(ctx: Context, db: DB, userId: number) {
  await expireOneTimeTokens(db, 'password_resets', userId);
  const token = randomToken();
  await storeOneTimeToken(db, 'password_resets', userId, token, RESET_TTL_MS);
  return `${ctx.env.PUBLIC_URL}/password-reset-confirm/${uidb64(userId)}/${token}`;
}
