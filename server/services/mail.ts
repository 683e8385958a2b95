// Outgoing mail. Every message is first written to the outbox table, without its secret link;
// with SMTP_URL set it is then delivered through nodemailer, otherwise its full text (with the
// link) goes to the log so a fresh install works without a mail server.
import nodemailer from 'nodemailer';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/client';
import type { Database } from '../../db/schema';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** What the outbox keeps in place of a link that signs in or verifies. */
export const LINK_NOT_STORED = '[link not stored]';

/**
 * Writes a mail to the outbox unless its recipient already had `cap.perHour` mails in the last hour
 * and (with `cap.oneEveryMs`) one within that time: the row's id, or null when capped. One statement
 * counts and inserts, so concurrent requests for one address cannot all pass the count.
 */
export async function queueMail(
  db: DB,
  mail: { to: string; subject: string; storedText: string },
  cap: { perHour: number; oneEveryMs?: number },
): Promise<number | null> {
  const now = new Date();
  const since = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const sentSince = (eb: ExpressionBuilder<Database, never>, ms: number) =>
    eb
      .selectFrom('mail_outbox')
      .select((s) => s.fn.countAll<number>().as('n'))
      .where('to_address', '=', mail.to)
      .where('created_at', '>', since(ms));
  const row = await db
    .insertInto('mail_outbox')
    .columns(['to_address', 'subject', 'text_body', 'created_at'])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(mail.to).as('to_address'),
          eb.val(mail.subject).as('subject'),
          eb.val(mail.storedText).as('text_body'),
          eb.val(now.toISOString()).as('created_at'),
        ])
        .where((eb) => {
          const underCap = eb(sentSince(eb, 60 * 60 * 1000), '<', cap.perHour);
          return cap.oneEveryMs ? eb.or([underCap, eb(sentSince(eb, cap.oneEveryMs), '=', 0)]) : underCap;
        }),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface Mailer {
  /** Hands a queued mail (its outbox row id and full text) to SMTP, or prints it to the log. */
  deliver(id: number, message: MailMessage): Promise<void>;
}

export function createMailer(db: DB, opts: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async deliver(id, message) {
      if (!transport) {
        opts.logger.info(
          { topic: 'mail', to: message.to, subject: message.subject, text: message.text },
          'not sent (no SMTP_URL): printed here instead',
        );
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...message });
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await db.updateTable('mail_outbox').set({ error }).where('id', '=', id).execute();
        opts.logger.error({ topic: 'mail', to: message.to, error }, 'delivery failed');
      }
    },
  };
}
