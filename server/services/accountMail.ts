// The texts of account e-mails and the links inside them. Each mail is queued in the transaction
// that creates its link, so a link exists only if its mail does, and a later registration or reset
// request (which waits for that transaction) sees the link and can kill it.
import type { Context } from '../context';
import type { DB } from '../../db/client';
import { lockKeys } from '../../db/dialect';
import type { User } from '../../db/schema';
import { expireOneTimeTokens, storeEmailChange, storeOneTimeToken } from '../queries/authTokens';
import { findUserById } from '../queries/users';
import { LINK_NOT_STORED, queueMail, type MailMessage } from './mail';
import { randomToken } from './secrets';

export const VERIFICATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Verification, reset and "already registered" mails together, per recipient per hour. */
export const ACCOUNT_MAILS_PER_HOUR = 3;
/**
 * Past the hourly cap, a mail with a link still goes out when none went to that address for this
 * long: whoever fills the cap, the mailbox's owner can always have a working link this soon.
 */
export const LINK_MAIL_EVERY_MS = 15 * 60 * 1000;
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
  createLink?: () => Promise<string>,
): Promise<QueuedMail | null> {
  // Mails to one address are counted one at a time, so the cap holds against parallel requests.
  await lockKeys(db, [`email:${mail.to.toLowerCase()}`]);
  const storedText = mail.text(LINK_NOT_STORED);
  const id = await queueMail(
    db,
    { to: mail.to, subject: mail.subject, storedText },
    { perHour: ACCOUNT_MAILS_PER_HOUR, oneEveryMs: createLink ? LINK_MAIL_EVERY_MS : undefined },
  );
  if (id === null) {
    ctx.logger.info(
      { topic: 'mail', to: mail.to },
      `not sent: ${ACCOUNT_MAILS_PER_HOUR} account mails to this address this hour already`,
    );
    return null;
  }
  const link = createLink ? await createLink() : '';
  return { id, message: { to: mail.to, subject: mail.subject, text: mail.text(link) } };
}

/** Mail goes out in the background: the answer does not wait for (or reveal) delivery. */
export function deliverLater(ctx: Context, mail: QueuedMail | null) {
  if (!mail) return;
  const job = ctx.mailer
    .deliver(mail.id, mail.message)
    .catch((err) => ctx.logger.error({ topic: 'mail', to: mail.message.to, err }, 'delivery failed'));
  ctx.background.add(job);
  void job.finally(() => ctx.background.delete(job));
}

export const uidb64 = (id: number) => Buffer.from(String(id)).toString('base64url');

export function userIdFromUidb64(uid: string): number | null {
  const decoded = Buffer.from(uid, 'base64url').toString('utf8');
  return /^\d{1,15}$/.test(decoded) ? Number(decoded) : null;
}

/**
 * A new verification link for the user (the mailed one, or one an admin hands over). It opens the
 * page where the password of one of the address's registrations is typed: the link proves the
 * mailbox, the password says whose registration becomes the account. Older links stay valid.
 */
export async function createVerificationLink(ctx: Context, db: DB, userId: number): Promise<string> {
  const token = randomToken();
  await storeOneTimeToken(db, 'email_verifications', userId, token, VERIFICATION_TTL_MS);
  return `${ctx.env.PUBLIC_URL}/verify-email/${token}`;
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
        `Hello,\n\nWelcome to ${PRODUCT}. Confirm your e-mail address to start practising: open this link and type the password you chose when you registered.\n\n${link}\n\nThis link works for 3 days. If you did not register, ignore this message: nobody can use this address without the link.\n`,
    },
    () => createVerificationLink(ctx, db, user.id),
  );
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

/** The link that applies a new sign-in address goes to that address. */
export function queueEmailChangeMail(ctx: Context, db: DB, user: User, newEmail: string) {
  return queueAccountMail(
    ctx,
    db,
    {
      to: newEmail,
      subject: `Approve your new ${PRODUCT} sign-in e-mail`,
      text: (link) =>
        `Hello ${user.full_name},\n\nOpen this link to sign in to ${PRODUCT} with this address from now on:\n\n${link}\n\nIt works once, for one day. Until then your sign-in address stays ${user.email}. If you did not ask for this, ignore this message.\n`,
    },
    async () => {
      const token = randomToken();
      await storeEmailChange(db, user.id, newEmail, token, EMAIL_CHANGE_TTL_MS);
      return `${ctx.env.PUBLIC_URL}/api/auth/confirm-email/${token}/`;
    },
  );
}

/** Tells the old address that the account now signs in with another one. */
export function queueEmailChangedNotice(ctx: Context, db: DB, oldEmail: string, user: User) {
  return queueAccountMail(ctx, db, {
    to: oldEmail,
    subject: `Your ${PRODUCT} sign-in e-mail was changed`,
    text: () =>
      `Hello ${user.full_name},\n\nYour ${PRODUCT} account now signs in with ${user.email} instead of this address, and every device was signed out. If you did not do this, tell another admin of your school at once.\n`,
  });
}

/** A new one-time reset link (stored hashed); every older reset link of the user dies with it. */
export async function createPasswordResetLink(ctx: Context, db: DB, userId: number) {
  await expireOneTimeTokens(db, 'password_resets', userId);
  const token = randomToken();
  await storeOneTimeToken(db, 'password_resets', userId, token, RESET_TTL_MS);
  return `${ctx.env.PUBLIC_URL}/password-reset-confirm/${uidb64(userId)}/${token}`;
}

/**
 * A class-list invitation: `createLink` stores the link's token and returns the link. Held back
 * (null, no link made) when the address had its account mails for the hour.
 */
export function queueInvitationMail(
  ctx: Context,
  db: DB,
  invitation: { email: string; full_name: string; school_name: string; programme: string; days: number },
  createLink: () => Promise<string>,
) {
  return queueAccountMail(
    ctx,
    db,
    {
      to: invitation.email,
      subject: `${invitation.school_name} invites you to ${PRODUCT}`,
      text: (link) =>
        `Hello ${invitation.full_name},\n\n${invitation.school_name} has enrolled you in ${PRODUCT} (${invitation.programme}). Open this link to choose your password and start practising:\n\n${link}\n\nIt works once, for ${invitation.days} days. If you are not a student of ${invitation.school_name}, ignore this message.\n`,
    },
    createLink,
  );
}
