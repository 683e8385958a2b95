// Outgoing mail. Every message is written to the outbox table first; with SMTP_URL set it is
// then delivered through nodemailer, otherwise its text (with the link) goes to the log so a
// fresh install works without a mail server.
import nodemailer from 'nodemailer';
import type { DB } from '../../db/client';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(db: DB, opts: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      const now = new Date().toISOString();
      const row = await db
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          created_at: now,
          sent_at: null,
          error: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        opts.logger.info(`[mail outbox] to ${message.to}: ${message.subject}\n${message.text}`);
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...message });
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: new Date().toISOString() })
          .where('id', '=', row.id)
          .execute();
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await db.updateTable('mail_outbox').set({ error }).where('id', '=', row.id).execute();
        opts.logger.error(`[mail] delivery to ${message.to} failed: ${error}`);
      }
    },
  };
}
